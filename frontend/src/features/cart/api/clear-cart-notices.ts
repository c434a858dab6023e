import type { CartResponse } from '@greencart/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applySavedCart } from './cart-cache';
import { cartKeys } from './keys';

/** DELETE /api/cart/notices: the shopper has read what the shop took out of their cart. */
export function clearCartNotices(): Promise<CartResponse> {
  return api.delete<CartResponse>('/api/cart/notices');
}

export function useClearCartNotices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...cartKeys.all, 'notices'],
    mutationFn: clearCartNotices,
    onSuccess: (saved) => applySavedCart(queryClient, saved),
  });
}
