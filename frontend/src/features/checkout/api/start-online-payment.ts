import type { OnlinePaymentResponse, RazorpayOrderView } from '@greencart/domain';
import { api } from '@/lib/api-client';

export interface StartOnlinePaymentInput {
  /** The id of one of the shopper's saved addresses. */
  address: string;
  /** One line per pack size: `variant` names a size other than the product's default (first). */
  items: { product: string; variant?: string; quantity: number }[];
  /** The code of the coupon applied (none: no coupon); the server prices the payment with it, or refuses saying why. */
  coupon?: string;
  /** If an item is not available: 'similar' lets the shop replace it (absent: refund it). */
  substitutions?: 'refund' | 'similar';
  /** The delivery slot chosen (none: express); its place is held while the shopper pays. */
  delivery?: { slot: string };
}

/**
 * POST /api/paymentonline (shopper) → the Razorpay order to pay, for the amount the server priced
 * (paise). 503 while Razorpay cannot be reached, 400 for an empty, unavailable or too small order, or a coupon that does not fit.
 */
export async function startOnlinePayment({ address, items, coupon, substitutions, delivery }: StartOnlinePaymentInput): Promise<RazorpayOrderView> {
  const body = { address, items, ...(coupon ? { coupon } : {}), ...(substitutions === 'similar' ? { substitutions } : {}), ...(delivery ? { delivery } : {}) };
  const { order } = await api.post<OnlinePaymentResponse>('/api/paymentonline', body);
  return order;
}
