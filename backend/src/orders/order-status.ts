/** The order lifecycle (spec/PRODUCT.md §3). */
export const ORDER_STATUSES = ['Order Placed', 'Packing', 'Out for delivery', 'Delivered', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  'Order Placed': ['Packing', 'Cancelled'],
  Packing: ['Out for delivery', 'Cancelled'],
  'Out for delivery': ['Delivered', 'Cancelled'],
  Delivered: [],
  Cancelled: [],
};

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}

export function nextStatuses(from: OrderStatus): readonly OrderStatus[] {
  return NEXT[from];
}

/** The shop's promise: delivery within 30 minutes of placing the order. */
export const DELIVERY_PROMISE_MINUTES = 30;
