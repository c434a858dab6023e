import { cartKey, type CartResponse } from '@greencart/domain';
import type { QueryClient } from '@tanstack/react-query';
import { cancelSessionCheck, readSessionUser, refreshSession, updateSessionUser } from '@/features/auth';
import { sanitizeCart, subtractCart, type CartItems } from '../cart-logic';
import { guestCart } from '../guest-cart';

/** A signed-in shopper's cart lives in the session query (the auth feature's), as the server sent it. */
export function readSavedCart(queryClient: QueryClient): CartItems | null {
  const user = readSessionUser(queryClient);
  return user ? sanitizeCart(user.cartItems) : null;
}

export function setSavedCart(queryClient: QueryClient, cartItems: CartItems): void {
  updateSessionUser(queryClient, (user) => ({ ...user, cartItems }));
}

/**
 * The saved cart as the server answered it (a change, a refresh or a push from another tab): shown
 * unless this tab already shows a newer version.
 */
export function applySavedCart(queryClient: QueryClient, saved: Pick<CartResponse, 'cartItems' | 'cartVersion'> & { cartNotices?: string[] }): void {
  updateSessionUser(queryClient, (user) => {
    if (user.cartVersion !== undefined && saved.cartVersion < user.cartVersion) return user;
    return { ...user, cartItems: saved.cartItems, cartVersion: saved.cartVersion, cartNotices: saved.cartNotices ?? user.cartNotices };
  });
}

/** Show a cart change at once, before the server has answered. */
export function applyOptimisticCart(queryClient: QueryClient, cartItems: CartItems): void {
  void cancelSessionCheck(queryClient);
  setSavedCart(queryClient, cartItems);
}

/**
 * After an order was placed the server took what was ordered out of the saved cart (lines added
 * meanwhile stay): show that now and confirm with a fresh session check.
 */
export function takeOrderedLines(queryClient: QueryClient, ordered: readonly { product: string; variant?: string; quantity: number }[]): void {
  guestCart.clear();
  const saved = readSavedCart(queryClient);
  // A line without `variant` is the product's default size, whose cart key is the plain product id.
  if (saved) setSavedCart(queryClient, subtractCart(saved, Object.fromEntries(ordered.map((line) => [cartKey(line.product, line.variant), line.quantity]))));
  void refreshSession(queryClient);
}
