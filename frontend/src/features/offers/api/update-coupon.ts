import type { SellerCoupon, SellerCouponResponse } from '@greencart/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CouponBody } from '../coupon-form';
import { offerKeys } from './keys';

export interface UpdateCouponInput {
  id: string;
  /** The fields that change; null clears an optional one. */
  changes: Partial<CouponBody>;
}

/** PATCH /api/seller/coupons/:id → the coupon as saved. */
export async function updateCoupon({ id, changes }: UpdateCouponInput): Promise<SellerCoupon> {
  return (await api.patch<SellerCouponResponse>(`/api/seller/coupons/${encodeURIComponent(id)}`, changes)).coupon;
}

export function useUpdateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCoupon,
    onSuccess: (saved) => {
      queryClient.setQueryData<SellerCoupon[]>(offerKeys.seller(), (coupons) => coupons?.map((coupon) => (coupon._id === saved._id ? saved : coupon)));
      void queryClient.invalidateQueries({ queryKey: [...offerKeys.all, 'shopper'] });
    },
  });
}
