/**
 * The order lifecycle (spec/PRODUCT.md §3), the same table the server enforces:
 * Order Placed → Packing → Out for delivery → Delivered, or Cancelled before delivery.
 */
export const ORDER_STATUSES = ['Order Placed', 'Packing', 'Out for delivery', 'Delivered', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  'Order Placed': ['Packing', 'Cancelled'],
  Packing: ['Out for delivery', 'Cancelled'],
  'Out for delivery': ['Delivered', 'Cancelled'],
  Delivered: [],
  Cancelled: [],
};

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The statuses the seller may move an order to from `status` (none for an unknown status). */
export function nextStatuses(status: string): readonly OrderStatus[] {
  return isOrderStatus(status) ? NEXT[status] : [];
}

/** Delivered and Cancelled orders are finished: no expected time, no further moves. */
export function isFinished(status: string): boolean {
  return status === 'Delivered' || status === 'Cancelled';
}

/** The seller's button for moving to `status`. */
export function statusActionLabel(status: OrderStatus): string {
  return status === 'Cancelled' ? 'Cancel order' : `Mark ${status}`;
}

/** Badge colours per status. */
export function statusTone(status: string): string {
  switch (status) {
    case 'Delivered':
      return 'bg-green-100 text-green-800';
    case 'Cancelled':
      return 'bg-red-100 text-red-700';
    case 'Out for delivery':
      return 'bg-blue-100 text-blue-800';
    case 'Packing':
      return 'bg-amber-100 text-amber-800';
    default:
      return 'bg-gray-100 text-gray-700';
  }
}
