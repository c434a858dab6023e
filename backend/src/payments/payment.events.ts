/**
 * Domain events of payments that did not become orders. Published through DomainEvents after the
 * write that records them (the refund asked of Razorpay), once per payment.
 */

/** A Razorpay payment attempt failed; its checkout's held units are free again. */
export const PAYMENT_FAILED = 'payment.failed';

export interface PaymentFailedEvent {
  razorpayOrderId: string;
  razorpayPaymentId?: string;
  reason: string;
}

/** A captured payment became an order (the order's own events follow from the order). */
export const PAYMENT_CAPTURED = 'payment.captured';

export interface PaymentCapturedEvent {
  razorpayOrderId: string;
  razorpayPaymentId: string;
  orderId: string;
}

/** A payment captured after its checkout expired or sold out was refunded instead of becoming an order. */
export const PAYMENT_SOLD_OUT_REFUNDED = 'payment.sold-out-refunded';

export interface PaymentSoldOutRefundedEvent {
  /** The shopper who paid. */
  userId: string;
  razorpayOrderId: string;
  razorpayPaymentId: string;
  /** What was paid and is being returned, in paise. */
  amountPaise: number;
  /** The products of the checkout, by name (what the shopper tried to buy). */
  productNames: string[];
  /** Why it could not become an order, in words a shopper reads ("Alphonso mangoes sold out"). */
  reason: string;
}

declare module '../common/events/domain-events' {
  interface DomainEventMap {
    [PAYMENT_FAILED]: PaymentFailedEvent;
    [PAYMENT_CAPTURED]: PaymentCapturedEvent;
    [PAYMENT_SOLD_OUT_REFUNDED]: PaymentSoldOutRefundedEvent;
  }
}
