import type { QueryClient } from '@tanstack/react-query';
import { authKeys, type User } from '@/features/auth';
import { EMPTY_CART, sanitizeCart, type CartItems } from '../cart-logic';
import { guestCart } from '../guest-cart';

/** A signed-in shopper's cart lives in the session query (`authKeys.user()`), as the server sent it. */
export function readSavedCart(queryClient: QueryClient): CartItems | null {
  const user = queryClient.getQueryData<User | null>(authKeys.user());
  return user ? sanitizeCart(user.cartItems) : null;
}

export function setSavedCart(queryClient: QueryClient, cartItems: CartItems): void {
  queryClient.setQueryData<User | null>(authKeys.user(), (user) => (user ? { ...user, cartItems } : user));
}

/** Show a cart change at once, before the server has answered. */
export function applyOptimisticCart(queryClient: QueryClient, cartItems: CartItems): void {
  void queryClient.cancelQueries({ queryKey: authKeys.user() });
  setSavedCart(queryClient, cartItems);
}

/** After an order was placed the server has emptied the saved cart: show that now and confirm with a fresh session check. */
export function clearCartAfterOrder(queryClient: QueryClient): void {
  guestCart.clear();
  setSavedCart(queryClient, EMPTY_CART);
  void queryClient.invalidateQueries({ queryKey: authKeys.user() });
}
