import type { OrderStatus } from '@greencart/domain';

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
