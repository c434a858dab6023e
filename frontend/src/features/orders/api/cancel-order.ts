import type { ApiSuccess } from '@greencart/domain';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Order, OrderPage } from '../types';
import { orderKeys } from './keys';
import { replaceOrder } from './order-pushes';

/**
 * POST /api/orders/:id/cancel (the shopper, their own order, only while 'Order Placed'; 409 after that)
 * → the cancelled order. A paid online order is refunded by the shop, as when the seller cancels.
 */
export interface CancelOrderInput {
  orderId: string;
  /** Why the shopper cancels (optional, at most MAX_CANCEL_REASON_LENGTH characters): shown to the shop. */
  reason?: string;
}

export async function cancelOrder({ orderId, reason }: CancelOrderInput): Promise<Order> {
  const { order } = await api.post<ApiSuccess<{ order: Order }>>(`/api/orders/${encodeURIComponent(orderId)}/cancel`, reason ? { reason } : undefined);
  return order;
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => {
      // Show it cancelled at once, then ask again (the refund may already have moved on).
      if (order) queryClient.setQueriesData<InfiniteData<OrderPage>>({ queryKey: orderKeys.mine() }, (data) => replaceOrder(data, order));
      return queryClient.invalidateQueries({ queryKey: orderKeys.mine() });
    },
    // 409: the shop started packing meanwhile; the list shows the real status again.
    onError: () => queryClient.invalidateQueries({ queryKey: orderKeys.mine() }),
  });
}
