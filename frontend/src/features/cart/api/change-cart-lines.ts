import type { CartResponse } from '@greencart/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { api, errorMessage } from '@/lib/api-client';
import { type CartItems } from '../cart-logic';
import { applySavedCart, readSavedCart, setSavedCart } from './cart-cache';
import { refreshSavedCart } from './get-cart';
import { cartKeys } from './keys';

/**
 * PATCH /api/cart with only the lines that changed (0 removes a line) → the whole saved cart after the
 * change. Lines this tab did not touch stay as they are saved, so another tab's or device's change is
 * never undone by this one.
 */
export function changeCartLines(lines: CartItems): Promise<CartResponse> {
  // keepalive: a shopper who adds an item and at once opens another page must not lose it.
  return api.patch<CartResponse>('/api/cart', { cartItems: lines }, { keepalive: true });
}

export interface ChangeCartVariables {
  /** The lines to change: product id → new quantity (0 removes). */
  lines: CartItems;
  /** The cart before this change, to roll back to if the server refuses it. */
  previous: CartItems;
}

/**
 * Sends a signed-in shopper's cart change to the server. The caller has already shown it (optimistic);
 * changes go out one at a time, in order, and the answer to the last one shows the saved cart,
 * with whatever other tabs added meanwhile.
 */
export function useChangeCartLines() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: cartKeys.update(),
    scope: { id: 'cart' },
    mutationFn: ({ lines }: ChangeCartVariables) => changeCartLines(lines),
    onSuccess: (saved) => {
      // Only the last change in flight may replace what the shopper sees.
      if (queryClient.isMutating({ mutationKey: cartKeys.update() }) <= 1) applySavedCart(queryClient, saved);
    },
    onError: (error, { previous }) => {
      if (readSavedCart(queryClient)) setSavedCart(queryClient, previous);
      toast.error(errorMessage(error), { id: 'cart' });
      void refreshSavedCart(queryClient);
    },
  });
}
