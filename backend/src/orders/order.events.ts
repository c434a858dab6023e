import type { OrderStatus, PaymentStatus, PaymentType } from '@greencart/domain';
import type { OrderRecord } from './order-record';

/**
 * Domain events of orders, published once per change after the write succeeded (never before, never
 * for a replayed request). Listeners react to what happened (empty the cart, push to sockets, refund);
 * a failing listener is logged and never undoes the write or changes the answer.
 */
export const ORDER_PLACED = 'order.placed';
export const ORDER_STATUS_CHANGED = 'order.status-changed';
export const ORDER_PAID = 'order.paid';
export const ORDER_REFUNDED = 'order.refunded';

interface OrderEventBase {
  orderId: string;
  userId: string;
  /** The order as stored after the change, in the shape the order lists return. */
  order: OrderRecord;
}

export interface OrderPlacedEvent extends OrderEventBase {
  paymentType: PaymentType;
}

export interface OrderStatusChangedEvent extends OrderEventBase {
  from: OrderStatus;
  to: OrderStatus;
}

export interface OrderPaidEvent extends OrderEventBase {
  paymentType: PaymentType;
  paymentStatus: PaymentStatus;
}

export interface OrderRefundedEvent extends OrderEventBase {
  refundId: string;
  refundStatus: 'pending' | 'processed' | 'failed';
}

declare module '../common/events/domain-events' {
  interface DomainEventMap {
    [ORDER_PLACED]: OrderPlacedEvent;
    [ORDER_STATUS_CHANGED]: OrderStatusChangedEvent;
    [ORDER_PAID]: OrderPaidEvent;
    [ORDER_REFUNDED]: OrderRefundedEvent;
  }
}
