import type { ApiSuccess, SellerCoupon } from '@greencart/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { offerKeys } from './keys';

/** DELETE /api/seller/coupons/:id → { success, message } */
export function deleteCoupon(id: string): Promise<ApiSuccess> {
  return api.delete(`/api/seller/coupons/${encodeURIComponent(id)}`);
}

export function useDeleteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCoupon,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<SellerCoupon[]>(offerKeys.seller(), (coupons) => coupons?.filter((coupon) => coupon._id !== id));
      void queryClient.invalidateQueries({ queryKey: [...offerKeys.all, 'shopper'] });
    },
  });
}
