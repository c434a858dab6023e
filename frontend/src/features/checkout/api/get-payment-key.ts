import type { PaymentKeyResponse } from '@greencart/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { checkoutKeys } from './keys';

/** GET /api/getkey (shopper) → Razorpay's public key id; 503 with the reason when online payment is not set up. */
export async function getPaymentKey(signal?: AbortSignal): Promise<string> {
  const { key } = await api.get<PaymentKeyResponse>('/api/getkey', { signal });
  return key;
}

/** Asked for when the shopper proceeds to pay (`queryClient.fetchQuery`), then reused for retries. */
export const getPaymentKeyQueryOptions = () =>
  queryOptions({
    queryKey: checkoutKeys.paymentKey(),
    queryFn: ({ signal }) => getPaymentKey(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
