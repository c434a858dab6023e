import type { ApiSuccess } from '@greencart/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { refreshSession } from '@/features/auth';
import { api, errorMessage } from '@/lib/api-client';
import { sanitizeCart, type CartItems } from '../cart-logic';
import { setSavedCart } from './cart-cache';
import { cartKeys } from './keys';

/** POST /api/updateCart → the server's stored cart after the change. */
export async function updateCart(cartItems: CartItems): Promise<CartItems> {
  // keepalive: a shopper who adds an item and at once opens another page must not lose it.
  const response = await api.post<ApiSuccess<{ cartItems: CartItems }>>('/api/updateCart', { cartItems }, { keepalive: true });
  return sanitizeCart(response.cartItems);
}

export interface UpdateCartVariables {
  cartItems: CartItems;
  /** The cart before this change, to roll back to if the server refuses it. */
  previous: CartItems;
}

/**
 * Sends a signed-in shopper's cart to the server. The caller has already shown the change
 * (optimistic); changes go out one at a time, in order, so the last answer is the newest cart.
 */
export function useUpdateCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: cartKeys.update(),
    scope: { id: 'cart' },
    mutationFn: ({ cartItems }: UpdateCartVariables) => updateCart(cartItems),
    onSuccess: (cartItems) => {
      // Only the last change in flight may replace what the shopper sees.
      if (queryClient.isMutating({ mutationKey: cartKeys.update() }) <= 1) setSavedCart(queryClient, cartItems);
    },
    onError: (error, { previous }) => {
      setSavedCart(queryClient, previous);
      toast.error(errorMessage(error), { id: 'cart' });
      void refreshSession(queryClient);
    },
  });
}
