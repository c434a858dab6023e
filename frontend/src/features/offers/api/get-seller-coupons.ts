import type { SellerCoupon, SellerCouponsResponse } from '@greencart/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setShopTimeZone } from '../shop-time';
import { offerKeys } from './keys';

/** GET /api/seller/coupons (seller only): every coupon with its uses, held uses and discount given. */
export async function getSellerCoupons(signal?: AbortSignal): Promise<SellerCoupon[]> {
  const answer = await api.get<SellerCouponsResponse>('/api/seller/coupons', { signal });
  setShopTimeZone(answer.timeZone);
  return answer.coupons;
}

export const getSellerCouponsQueryOptions = () => queryOptions({ queryKey: offerKeys.seller(), queryFn: ({ signal }) => getSellerCoupons(signal) });

export function useSellerCoupons() {
  return useQuery(getSellerCouponsQueryOptions());
}
