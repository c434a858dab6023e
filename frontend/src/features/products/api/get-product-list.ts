import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';
import type { Product } from '../types';
import { productKeys } from './keys';

/** GET /api/productList → every product (spec-compatible). Heavy for big catalogues: pages use GET /api/products. */
export async function getProductList(signal?: AbortSignal): Promise<Product[]> {
  const { productsdata } = await api.get<{ success: true; productsdata: Product[] }>('/api/productList', { signal });
  return productsdata;
}

export const getProductListQueryOptions = () =>
  queryOptions({
    queryKey: productKeys.fullList(),
    queryFn: ({ signal }) => getProductList(signal),
  });

export function useProductList(queryConfig?: QueryConfig<typeof getProductListQueryOptions>) {
  return useQuery({ ...getProductListQueryOptions(), ...queryConfig });
}
