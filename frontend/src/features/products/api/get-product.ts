import type { ApiSuccess } from '@greencart/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';
import type { Product } from '../types';
import { productKeys } from './keys';

/** GET /api/products/:id */
export async function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  const { product } = await api.get<ApiSuccess<{ product: Product }>>(`/api/products/${encodeURIComponent(id)}`, { signal });
  return product;
}

export const getProductQueryOptions = (id: string) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => getProduct(id, signal),
  });

export function useProduct(id: string, queryConfig?: QueryConfig<typeof getProductQueryOptions>) {
  return useQuery({ ...getProductQueryOptions(id), ...queryConfig });
}
