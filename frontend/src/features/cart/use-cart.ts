import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { toast } from '@/lib/toast';
import { applyOptimisticCart, readSavedCart } from './api/cart-cache';
import { useChangeCartLines } from './api/change-cart-lines';
import { addItem, changedLines, countItems, deleteLine, removeItem, setQuantity, type CartItems } from './cart-logic';
import { useCartItemsState } from './cart-items';
import { guestCart } from './guest-cart';

export interface Cart {
  items: CartItems;
  /** False while the session is still being checked: the cart shown may not be the shopper's yet. */
  known: boolean;
  /** Sum of quantities (the badge). */
  count: number;
  /** Each takes a cart key: the product id for its default (first) pack size, `<productId>:<sizeId>` for another size. */
  quantityOf(key: string): number;
  add(key: string): void;
  setQuantity(key: string, quantity: number): void;
  remove(key: string): void;
  removeLine(key: string): void;
  /** Add several lines at once ('Buy again'), each capped at the line limit. */
  addLines(lines: readonly { key: string; quantity: number }[]): void;
}

const CART_TOAST = { id: 'cart' };

/**
 * The shopper's cart, the only way the UI reads or changes it: the guest cart in localStorage
 * when signed out, the account's cart (query cache, saved on the server) when signed in.
 */
export function useCart(): Cart {
  const queryClient = useQueryClient();
  const { items, known } = useCartItemsState();
  const { mutate: saveLines } = useChangeCartLines();

  const change = useCallback(
    (next: (cart: CartItems) => CartItems, message: string) => {
      // Read the cache, not the render's copy, so quick clicks build on each other.
      const previous = readSavedCart(queryClient);
      if (previous) {
        const cartItems = next(previous);
        if (cartItems === previous) return;
        applyOptimisticCart(queryClient, cartItems);
        // Only the lines this change touched go to the server: another tab's lines stay as saved.
        saveLines({ lines: changedLines(previous, cartItems), previous });
      } else {
        guestCart.update(next);
      }
      toast.success(message, CART_TOAST);
    },
    [queryClient, saveLines],
  );

  return useMemo(
    () => ({
      items,
      known,
      count: countItems(items),
      quantityOf: (key) => items[key] ?? 0,
      add: (key) => change((cart) => addItem(cart, key), 'Added to cart'),
      setQuantity: (key, quantity) => change((cart) => setQuantity(cart, key, quantity), 'Cart updated'),
      remove: (key) => change((cart) => removeItem(cart, key), 'Removed from cart'),
      removeLine: (key) => change((cart) => deleteLine(cart, key), 'Removed from cart'),
      addLines: (lines) =>
        change((cart) => lines.reduce((next, line) => setQuantity(next, line.key, (next[line.key] ?? 0) + line.quantity), cart), 'Added to cart'),
    }),
    [items, known, change],
  );
}
