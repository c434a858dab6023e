import type { AddressView, OrderView, PaymentSuccessBody } from '@greencart/domain';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { orderKeys } from '@/features/orders';
import { ApiError } from '@/lib/api-client';
import { confirmOnlinePayment } from './api/confirm-online-payment';
import { getPaymentKeyQueryOptions } from './api/get-payment-key';
import type { PaymentOptions } from './api/get-payment-options';
import { startOnlinePayment } from './api/start-online-payment';
import { loadRazorpayCheckout, OnlinePaymentError, openRazorpayCheckout, type RazorpayFailure } from './razorpay-checkout';

/** GreenCart's green (--color-primary in index.css), for Razorpay Checkout's theme. */
export const GREENCART_GREEN = '#4fbf8b';

/** Tries of payment-success when the network or the server fails: the money is taken, so keep at it a little. */
const CONFIRM_TRIES = 3;

export interface PayOnlineInput {
  address: AddressView;
  /** The account's email, for Razorpay's form when the address has none. */
  shopperEmail?: string;
  /** One line per pack size: `variant` names a size other than the product's default (first). */
  items: { product: string; variant?: string; quantity: number }[];
  /** The code of the coupon applied, if any. */
  coupon?: string;
  /** If an item is not available: refund it, or let the shop replace it. */
  substitutions?: 'refund' | 'similar';
  /** The delivery slot chosen (none: express). */
  delivery?: { slot: string };
  options: Pick<PaymentOptions, 'checkoutUrl' | 'shop'>;
  /** A failed attempt inside Razorpay Checkout, which stays open for another try. */
  onFailure: (response: RazorpayFailure) => void;
}

function isTransient(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

/** Records the payment with the shop; a payment that cannot be confirmed now is still recorded by Razorpay's webhook. */
async function confirmPaid(success: PaymentSuccessBody): Promise<OrderView> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await confirmOnlinePayment(success);
    } catch (error) {
      if (!isTransient(error)) throw error;
      if (attempt >= CONFIRM_TRIES) {
        throw new OnlinePaymentError(
          'unconfirmed',
          'Your payment went through, but we could not confirm the order yet. It will appear in My orders shortly; please do not pay again.',
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
    }
  }
}

/** Key, Razorpay order priced by the server, checkout.js, the payment, then payment-success → the paid order. */
export async function payOnline(
  queryClient: QueryClient,
  { address, shopperEmail, items, coupon, substitutions, delivery, options, onFailure }: PayOnlineInput,
): Promise<OrderView> {
  const key = await queryClient.fetchQuery(getPaymentKeyQueryOptions());
  const [order] = await Promise.all([
    startOnlinePayment({ address: address._id, items, coupon, substitutions, delivery }),
    loadRazorpayCheckout(options.checkoutUrl),
  ]);
  const count = items.reduce((sum, item) => sum + item.quantity, 0);
  const success = await openRazorpayCheckout(
    {
      key,
      order_id: order.id,
      amount: order.amount,
      currency: 'INR',
      name: options.shop.name,
      description: `Groceries: ${count} ${count === 1 ? 'item' : 'items'}`,
      prefill: { name: `${address.firstName} ${address.lastName}`.trim(), email: address.email || shopperEmail, contact: address.phone },
      theme: { color: GREENCART_GREEN },
    },
    onFailure,
  );
  return confirmPaid(success);
}

export function usePayOnline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PayOnlineInput) => payOnline(queryClient, input),
    // Never paused and resumed later: a payment is started only while the shopper is there to see it.
    networkMode: 'always',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.mine() }),
    onError: (error) => {
      if (error instanceof OnlinePaymentError && error.kind === 'unconfirmed') void queryClient.invalidateQueries({ queryKey: orderKeys.mine() });
    },
  });
}
