import type { OrderView, PlaceOrderResponse } from '@greencart/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderKeys } from '@/features/orders';
import { api } from '@/lib/api-client';

export interface PlaceOrderInput {
  /** The id of one of the shopper's saved addresses. */
  address: string;
  /** One line per pack size: `variant` names a size other than the product's default (first). */
  items: { product: string; variant?: string; quantity: number }[];
  /** Same key for retries of one checkout attempt: the server places the order once. */
  idempotencyKey: string;
  /** The code of the coupon applied (none: no coupon); the server refuses an order it does not fit, saying why. */
  coupon?: string;
  /** If an item is not available: 'similar' lets the shop replace it (absent: refund it). */
  substitutions?: 'refund' | 'similar';
  /** The delivery slot chosen (none: express). */
  delivery?: { slot: string };
}

/** POST /api/placeorders (cash on delivery) → the placed order. The server prices it. */
export async function placeOrder({ address, items, idempotencyKey, coupon, substitutions, delivery }: PlaceOrderInput): Promise<OrderView> {
  const body = { address, items, ...(coupon ? { coupon } : {}), ...(substitutions === 'similar' ? { substitutions } : {}), ...(delivery ? { delivery } : {}) };
  const { order } = await api.post<PlaceOrderResponse>('/api/placeorders', body, { headers: { 'Idempotency-Key': idempotencyKey } });
  return order;
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    // Offline, a paused mutation would place the order whenever the connection comes back: it fails instead.
    networkMode: 'always',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.mine() }),
  });
}
