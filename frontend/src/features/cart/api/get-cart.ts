import type { CartResponse } from '@greencart/domain';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applySavedCart, readSavedCart } from './cart-cache';
import { cartKeys } from './keys';

/** GET /api/cart: the saved cart as it is now, with its version and the shop's notices. */
export function getCart(signal?: AbortSignal): Promise<CartResponse> {
  return api.get<CartResponse>('/api/cart', { signal });
}

let refreshing: Promise<void> | null = null;

/**
 * Reads the saved cart again (the tab came back into focus, or another tab changed it) and shows it,
 * unless a change of this tab is still on its way (its answer brings the newest cart). Signed-out: nothing.
 */
export function refreshSavedCart(queryClient: QueryClient): Promise<void> {
  if (!readSavedCart(queryClient)) return Promise.resolve();
  refreshing ??= getCart()
    .then((saved) => {
      if (queryClient.isMutating({ mutationKey: cartKeys.update() }) === 0) applySavedCart(queryClient, saved);
    })
    .catch(() => undefined)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}
