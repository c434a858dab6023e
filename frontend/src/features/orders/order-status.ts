import { nextStatuses as lifecycleNext, ORDER_STATUSES, type OrderStatus } from '@order-lifecycle';

/** The order lifecycle is the server's own table (backend/src/orders/order-status.ts); this adds what the pages need. */
export { ORDER_STATUSES, type OrderStatus };

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The statuses the seller may move an order to from `status` (none for an unknown status). */
export function nextStatuses(status: string): readonly OrderStatus[] {
  return isOrderStatus(status) ? lifecycleNext(status) : [];
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
