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
  quantityOf(productId: string): number;
  add(productId: string): void;
  setQuantity(productId: string, quantity: number): void;
  remove(productId: string): void;
  removeLine(productId: string): void;
  /** Add several products at once ('Buy again'), each capped at the line limit. */
  addLines(lines: readonly { productId: string; quantity: number }[]): void;
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
      quantityOf: (productId) => items[productId] ?? 0,
      add: (productId) => change((cart) => addItem(cart, productId), 'Added to cart'),
      setQuantity: (productId, quantity) => change((cart) => setQuantity(cart, productId, quantity), 'Cart updated'),
      remove: (productId) => change((cart) => removeItem(cart, productId), 'Removed from cart'),
      removeLine: (productId) => change((cart) => deleteLine(cart, productId), 'Removed from cart'),
      addLines: (lines) =>
        change((cart) => lines.reduce((next, line) => setQuantity(next, line.productId, (next[line.productId] ?? 0) + line.quantity), cart), 'Added to cart'),
    }),
    [items, known, change],
  );
}
