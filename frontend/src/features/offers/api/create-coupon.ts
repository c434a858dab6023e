import type { SellerCoupon, SellerCouponResponse } from '@greencart/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CouponBody } from '../coupon-form';
import { offerKeys } from './keys';

/** POST /api/seller/coupons → the coupon as saved (409 when the code exists, 400 with the reason otherwise). */
export async function createCoupon(body: CouponBody): Promise<SellerCoupon> {
  return (await api.post<SellerCouponResponse>('/api/seller/coupons', body)).coupon;
}

export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCoupon,
    onSuccess: (coupon) => {
      queryClient.setQueryData<SellerCoupon[]>(offerKeys.seller(), (coupons) => (coupons ? [coupon, ...coupons] : coupons));
      // A public one is a new offer for shoppers.
      void queryClient.invalidateQueries({ queryKey: [...offerKeys.all, 'shopper'] });
    },
  });
}
