import { MAX_LINE_QUANTITY } from '@greencart/domain';
import { useEffect, useRef, type MouseEvent } from 'react';
import { lineLimit } from '../cart-logic';
import type { Cart } from '../use-cart';

/**
 * 'Add' when the product (one pack size of it) is not in the cart, otherwise a −/+ stepper (at most MAX_LINE_QUANTITY, as
 * the server). Keyboard focus stays with the control when one replaces the other. Never triggers the card's navigation.
 * `cart` is the grid's one `useCart()`, shared by its cards (a cart hook per card costs a phone a long task on a page of 20).
 */
export function AddToCartControl({
  cart,
  itemKey,
  productName,
  left = null,
}: {
  cart: Cart;
  /** The cart key of what this adds: the product id (its default size) or `<productId>:<sizeId>`. */
  itemKey: string;
  /** The name read out on its buttons, with the size's label when the product has several. */
  productName: string;
  /** What is left of a counted product ('+' stops there); null when not counted. */
  left?: number | null;
}) {
  const quantity = cart.quantityOf(itemKey);
  const stop = (event: MouseEvent) => event.stopPropagation();
  // Where focus should go after the control changed shape: the stepper's '+' after 'Add', 'Add' after the last '−'.
  const focusNext = useRef<'plus' | 'add' | null>(null);
  const plusRef = useRef<HTMLButtonElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const inCart = quantity > 0;

  useEffect(() => {
    if (focusNext.current === 'plus' && inCart) plusRef.current?.focus();
    if (focusNext.current === 'add' && !inCart) addRef.current?.focus();
    focusNext.current = null;
  }, [inCart]);

  if (!inCart) {
    return (
      <button
        ref={addRef}
        type="button"
        onClick={(event) => {
          stop(event);
          focusNext.current = 'plus';
          cart.add(itemKey);
        }}
        aria-label={`Add ${productName} to cart`}
        className="flex h-11 w-full min-w-20 items-center justify-center gap-1 rounded border border-primary/40 bg-primary/10 px-3 text-sm font-medium text-primary-dull hover:bg-primary/20 min-[360px]:w-auto"
      >
        <CartGlyph />
        Add
      </button>
    );
  }

  const limit = lineLimit(left);
  const atMost = quantity >= limit;
  return (
    <div className="flex h-11 w-full items-center justify-between rounded bg-primary/15 text-sm select-none min-[360px]:w-auto" onClick={stop}>
      <button
        type="button"
        aria-label={`Remove one ${productName}`}
        onClick={(event) => {
          stop(event);
          if (quantity === 1) focusNext.current = 'add';
          cart.remove(itemKey);
        }}
        className="h-full w-11 rounded-l text-lg font-semibold text-primary-dull hover:bg-primary/25"
      >
        −
      </button>
      <span data-testid="stepper-quantity" className="min-w-6 text-center font-medium text-gray-800" aria-live="polite">
        <span className="sr-only">In cart: </span>
        {quantity}
      </span>
      <button
        ref={plusRef}
        type="button"
        aria-label={`Add one more ${productName}`}
        title={atMost ? (limit < MAX_LINE_QUANTITY ? `Only ${limit} left` : `At most ${MAX_LINE_QUANTITY} of one product`) : undefined}
        disabled={atMost}
        onClick={(event) => {
          stop(event);
          cart.add(itemKey);
        }}
        className="h-full w-11 rounded-r text-lg font-semibold text-primary-dull hover:bg-primary/25 disabled:cursor-not-allowed disabled:opacity-40"
      >
        +
      </button>
    </div>
  );
}

function CartGlyph() {
  return (
    <svg viewBox="0 0 24 24" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
      <circle cx="9" cy="20" r="1.3" />
      <circle cx="18" cy="20" r="1.3" />
      <path d="M2.5 3.5h2.6l2.4 11.2a1.6 1.6 0 0 0 1.6 1.3h8.6a1.6 1.6 0 0 0 1.6-1.2L21 7.5H6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
