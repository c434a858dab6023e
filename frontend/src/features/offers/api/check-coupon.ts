import type { CouponCheckResponse } from '@greencart/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface CheckCouponInput {
  code: string;
  /** The cart as this page has it (the server's copy may be behind). */
  items: { product: string; variant?: string; quantity: number }[];
}

export type CouponCheck = Pick<CouponCheckResponse, 'coupon' | 'price'>;

/** POST /api/coupons/check → the coupon and the cart's price with it, or 4xx with why it cannot be used. */
export async function checkCoupon({ code, items }: CheckCouponInput): Promise<CouponCheck> {
  const { coupon, price } = await api.post<CouponCheckResponse>('/api/coupons/check', { code, items });
  return { coupon, price };
}

export function useCheckCoupon() {
  // Nothing cached changes: the code is only tried.
  return useMutation({ mutationFn: checkCoupon });
}
