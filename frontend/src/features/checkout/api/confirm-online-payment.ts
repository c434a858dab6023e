import type { OrderView, PaymentSuccessBody, PaymentSuccessResponse } from '@greencart/domain';
import { api } from '@/lib/api-client';

/**
 * POST /api/payment-success (shopper) with what Razorpay Checkout handed the page → the paid order.
 * The server checks the signature and the payment at Razorpay; a repeat answers the same order.
 */
export async function confirmOnlinePayment({ razorpay_payment_id, razorpay_order_id, razorpay_signature }: PaymentSuccessBody): Promise<OrderView> {
  const { order } = await api.post<PaymentSuccessResponse>('/api/payment-success', { razorpay_payment_id, razorpay_order_id, razorpay_signature });
  return order;
}
