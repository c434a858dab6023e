import type { QueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { authKeys } from '@/features/auth/api/keys';
import type { User } from '@/features/auth/types';
import { api, errorMessage } from '@/lib/api-client';
import { sanitizeCart, subtractCart, type CartItems } from '../cart-logic';
import { guestCart } from '../guest-cart';

/** POST /api/cart/merge: the server adds the guest quantities into the saved cart and answers with the result. */
export async function mergeCart(cartItems: CartItems): Promise<CartItems> {
  const response = await api.post<{ success: true; cartItems: CartItems }>('/api/cart/merge', { cartItems });
  return sanitizeCart(response.cartItems);
}

let merging: Promise<User> | null = null;

/**
 * On sign-in (password, sign-up, Google or a returning session): fold the guest cart into
 * the account's cart, then forget what was sent. On failure the guest cart is kept for next time.
 */
export function adoptGuestCart(user: User): Promise<User> {
  const guest = guestCart.getSnapshot();
  if (Object.keys(guest).length === 0) return Promise.resolve(user);
  // Login and the session check can both arrive here; merge once.
  merging ??= mergeCart(guest)
    .then((cartItems) => {
      guestCart.update((current) => subtractCart(current, guest));
      return { ...user, cartItems };
    })
    .catch((error: unknown) => {
      toast.error(`Your earlier cart could not be added to your account: ${errorMessage(error)}`);
      return user;
    })
    .finally(() => {
      merging = null;
    });
  return merging;
}

/** Store the signed-in shopper (with the merged cart) in the query cache. */
export async function signIn(queryClient: QueryClient, user: User): Promise<User> {
  const adopted = await adoptGuestCart(user);
  await queryClient.cancelQueries({ queryKey: authKeys.user() });
  queryClient.setQueryData<User | null>(authKeys.user(), adopted);
  return adopted;
}
