import type { QueryClient } from '@tanstack/react-query';
import { cancelSessionCheck, readSessionUser, refreshSession, updateSessionUser } from '@/features/auth';
import { EMPTY_CART, sanitizeCart, type CartItems } from '../cart-logic';
import { guestCart } from '../guest-cart';

/** A signed-in shopper's cart lives in the session query (the auth feature's), as the server sent it. */
export function readSavedCart(queryClient: QueryClient): CartItems | null {
  const user = readSessionUser(queryClient);
  return user ? sanitizeCart(user.cartItems) : null;
}

export function setSavedCart(queryClient: QueryClient, cartItems: CartItems): void {
  updateSessionUser(queryClient, (user) => ({ ...user, cartItems }));
}

/** Show a cart change at once, before the server has answered. */
export function applyOptimisticCart(queryClient: QueryClient, cartItems: CartItems): void {
  void cancelSessionCheck(queryClient);
  setSavedCart(queryClient, cartItems);
}

/** After an order was placed the server has emptied the saved cart: show that now and confirm with a fresh session check. */
export function clearCartAfterOrder(queryClient: QueryClient): void {
  guestCart.clear();
  setSavedCart(queryClient, EMPTY_CART);
  void refreshSession(queryClient);
}
