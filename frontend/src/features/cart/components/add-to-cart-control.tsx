import type { MouseEvent } from 'react';
import { useCart } from '../use-cart';

/** 'Add' when the product is not in the cart, otherwise a −/+ control. Never triggers the card's navigation. */
export function AddToCartControl({ productId, productName }: { productId: string; productName: string }) {
  const cart = useCart();
  const quantity = cart.quantityOf(productId);
  const stop = (event: MouseEvent) => event.stopPropagation();

  if (quantity === 0) {
    return (
      <button
        type="button"
        onClick={(event) => {
          stop(event);
          cart.add(productId);
        }}
        className="flex h-8 w-20 items-center justify-center gap-1 rounded border border-primary/40 bg-primary/10 text-sm font-medium text-primary-dull hover:bg-primary/20"
      >
        <CartGlyph />
        Add
      </button>
    );
  }

  return (
    <div className="flex h-8 w-20 items-center justify-between rounded bg-primary/25 text-sm select-none" onClick={stop}>
      <button
        type="button"
        aria-label={`Remove one ${productName}`}
        onClick={(event) => {
          stop(event);
          cart.remove(productId);
        }}
        className="h-full w-6 rounded-l font-semibold hover:bg-primary/30"
      >
        −
      </button>
      <span className="w-6 text-center" aria-live="polite">
        <span className="sr-only">In cart: </span>
        {quantity}
      </span>
      <button
        type="button"
        aria-label={`Add one more ${productName}`}
        onClick={(event) => {
          stop(event);
          cart.add(productId);
        }}
        className="h-full w-6 rounded-r font-semibold hover:bg-primary/30"
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
