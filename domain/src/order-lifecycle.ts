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

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}

/** The statuses an order may move to next (none for an unknown status). */
export function nextStatuses(from: OrderStatus | (string & {})): readonly OrderStatus[] {
  return isOrderStatus(from) ? NEXT[from] : [];
}

/** Delivered and Cancelled orders are finished: no expected time, no further moves. */
export function isFinished(status: string): boolean {
  return status === 'Delivered' || status === 'Cancelled';
}

/** The shop's promise: delivery within 30 minutes of placing the order. */
export const DELIVERY_PROMISE_MINUTES = 30;

export const PAYMENT_TYPES = ['COD', 'Online'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/**
 * Where the money of an order stands.
 * COD: `pending` until the order is delivered (cash collected: `paid`), `void` when it is cancelled first.
 * Online: `pending` until the payment is captured (`paid`) or refused (`failed`); `refunded` after a refund.
 */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded', 'void'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The payment status an order has when it is stored. */
export function initialPaymentStatus(_type: PaymentType): PaymentStatus {
  return 'pending';
}

/** How a status change moves the payment of a COD order (online payments move by payment events). */
export function paymentAfterStatusChange(type: PaymentType, payment: PaymentStatus, to: OrderStatus): PaymentStatus {
  if (type !== 'COD' || payment !== 'pending') return payment;
  if (to === 'Delivered') return 'paid';
  if (to === 'Cancelled') return 'void';
  return payment;
}
