import type { ApiSuccess } from '@greencart/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Product } from '../types';
import { invalidateProducts } from './product-cache';

export interface StockCountInput {
  id: string;
  /** One pack size's count (required by the server for a product of several sizes). */
  variant?: string;
  /** Units on hand; null stops counting. */
  stock?: number | null;
  lowStockThreshold?: number;
}

/** POST /api/changeStock/ with `{ id, stock }`, `{ id, variant, stock }` and/or `{ id, lowStockThreshold }` (seller) → the product as shoppers see it. */
export async function setStockCount(input: StockCountInput): Promise<ApiSuccess<{ product: Product }>> {
  return api.post('/api/changeStock/', input);
}

export function useSetStockCount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setStockCount, onSettled: () => invalidateProducts(queryClient) });
}
