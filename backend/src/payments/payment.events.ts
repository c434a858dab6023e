/**
 * A payment captured for a checkout whose units were gone (its hold lapsed and they sold meanwhile, or
 * the seller stopped selling the product) was refunded instead of becoming an order. Published once,
 * after the refund was asked of Razorpay.
 */
export const PAYMENT_SOLD_OUT_REFUNDED = 'payment.sold-out-refunded';

export interface PaymentSoldOutRefundedEvent {
  userId: string;
  razorpayOrderId: string;
  razorpayPaymentId: string;
  amountPaise: number;
  productNames: string[];
  reason: string;
}
