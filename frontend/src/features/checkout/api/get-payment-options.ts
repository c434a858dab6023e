import type { PaymentOptionsResponse } from '@greencart/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { checkoutKeys } from './keys';

export type PaymentOptions = Omit<PaymentOptionsResponse, 'success' | 'message'>;

/** GET /api/payments/options (public) → whether online payment is offered (or why not), checkout.js's address and the shop's name and contact. */
export async function getPaymentOptions(signal?: AbortSignal): Promise<PaymentOptions> {
  const { online, checkoutUrl, shop } = await api.get<PaymentOptionsResponse>('/api/payments/options', { signal });
  return { online, checkoutUrl, shop };
}

export const getPaymentOptionsQueryOptions = () =>
  queryOptions({
    queryKey: checkoutKeys.paymentOptions(),
    queryFn: ({ signal }) => getPaymentOptions(signal),
    // Changes only when the shop's settings do.
    staleTime: 5 * 60_000,
  });

export function usePaymentOptions() {
  return useQuery(getPaymentOptionsQueryOptions());
}
