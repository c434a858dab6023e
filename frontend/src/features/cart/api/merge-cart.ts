import type { ApiSuccess } from '@greencart/domain';
import type { QueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { api, errorMessage } from '@/lib/api-client';
import { sanitizeCart, subtractCart, type CartItems } from '../cart-logic';
import { guestCart } from '../guest-cart';
import { setSavedCart } from './cart-cache';

/** POST /api/cart/merge: the server adds the guest quantities into the saved cart and answers with the result. */
export async function mergeCart(cartItems: CartItems): Promise<CartItems> {
  const response = await api.post<ApiSuccess<{ cartItems: CartItems }>>('/api/cart/merge', { cartItems });
  return sanitizeCart(response.cartItems);
}

let merging: Promise<void> | null = null;

/**
 * Once a shopper is signed in (password, sign-up, Google or a returning session): fold the guest
 * cart into the account's cart, then forget what was sent. On failure the guest cart is kept for next time.
 */
export function adoptGuestCart(queryClient: QueryClient): Promise<void> {
  const guest = guestCart.getSnapshot();
  if (Object.keys(guest).length === 0) return Promise.resolve();
  // Effects may run again while a merge is on its way (StrictMode, a new session check): merge once.
  merging ??= mergeCart(guest)
    .then((cartItems) => {
      guestCart.update((current) => subtractCart(current, guest));
      setSavedCart(queryClient, cartItems);
    })
    .catch((error: unknown) => {
      toast.error(`Your earlier cart could not be added to your account: ${errorMessage(error)}`);
    })
    .finally(() => {
      merging = null;
    });
  return merging;
}
