/**
 * Domain events of payments that did not become orders. Published through DomainEvents after the
 * write that records them (the refund asked of Razorpay), once per payment.
 */

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
