import type { ApiSuccess, OrderStatus } from '@greencart/domain';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Order, OrderPage } from '../types';
import { orderKeys } from './keys';

export interface UpdateOrderStatusInput {
  orderId: string;
  status: OrderStatus;
  /** Why the shop cancels (status 'Cancelled' only), shown to the shopper. */
  reason?: string;
}

/** PATCH /api/orders/:id/status (seller) → the updated order; 409 when the move is not allowed from the current status. */
export async function updateOrderStatus({ orderId, status, reason }: UpdateOrderStatusInput): Promise<Order> {
  const body = reason ? { status, reason } : { status };
  const { order } = await api.patch<ApiSuccess<{ order: Order }>>(`/api/orders/${encodeURIComponent(orderId)}/status`, body);
  return order;
}

export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    onSuccess: (order, { orderId }) => {
      // Show the new status at once, then reload the list (another tab may have moved other orders).
      if (order) {
        queryClient.setQueriesData<InfiniteData<OrderPage>>(
          { queryKey: orderKeys.sellerAll() },
          (data) =>
            data && {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                orderdata: page.orderdata.map((existing) =>
                  existing._id === orderId
                    ? {
                        ...existing,
                        status: order.status,
                        paymentStatus: order.paymentStatus,
                        isPaid: order.isPaid,
                        payment: order.payment,
                        cancelledBy: order.cancelledBy,
                        cancelReason: order.cancelReason,
                      }
                    : existing,
                ),
              })),
            },
        );
      }
      return queryClient.invalidateQueries({ queryKey: orderKeys.sellerAll() });
    },
    // A 409 means the list is out of date: reload it so the buttons match the real status.
    onError: () => queryClient.invalidateQueries({ queryKey: orderKeys.sellerAll() }),
  });
}
