import type { OffersResponse } from '@greencart/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { offerKeys } from './keys';

export type Offers = Pick<OffersResponse, 'coupons' | 'subtotalPaise'>;

/** GET /api/coupons: the public coupons, each judged against the shopper's saved cart (signed out: none applies). */
export async function getOffers(signal?: AbortSignal): Promise<Offers> {
  const { coupons, subtotalPaise } = await api.get<OffersResponse>('/api/coupons', { signal });
  return { coupons, subtotalPaise };
}

export const getOffersQueryOptions = (userId: string | null) =>
  queryOptions({ queryKey: offerKeys.forShopper(userId), queryFn: ({ signal }) => getOffers(signal), staleTime: 60_000 });

/** The offers for this shopper (null: signed out); whether each fits the cart is judged again on the page. */
export function useOffers(userId: string | null, { enabled = true } = {}) {
  return useQuery({ ...getOffersQueryOptions(userId), enabled });
}
