import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';
import type { ProductFilters, ProductPage } from '../types';
import { productKeys } from './keys';

const PAGE_SIZE = 20;

/** GET /api/products: one page of the catalogue, filtered on the server. */
export function getProducts(
  { search, category, inStock, ids, limit = PAGE_SIZE, page = 1 }: ProductFilters & { page?: number },
  signal?: AbortSignal,
): Promise<ProductPage> {
  return api.get<ProductPage>('/api/products', {
    params: {
      search: search?.trim() || undefined,
      category: category || undefined,
      inStock: inStock ? 'true' : undefined,
      ids: ids?.length ? ids.join(',') : undefined,
      page,
      limit,
    },
    signal,
  });
}

export const getProductsQueryOptions = (filters: ProductFilters & { page?: number }) =>
  queryOptions({
    queryKey: productKeys.list(filters),
    queryFn: ({ signal }) => getProducts(filters, signal),
  });

export function useProducts(filters: ProductFilters & { page?: number }, queryConfig?: QueryConfig<typeof getProductsQueryOptions>) {
  return useQuery({ ...getProductsQueryOptions(filters), ...queryConfig });
}

/** The catalogue page by page, for grids with a "Load more" button. */
export const getInfiniteProductsQueryOptions = (filters: ProductFilters) =>
  infiniteQueryOptions({
    queryKey: productKeys.infinite(filters),
    queryFn: ({ pageParam, signal }) => getProducts({ ...filters, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
  });

export function useInfiniteProducts(filters: ProductFilters) {
  // Keep showing the previous results while a new search is on its way.
  return useInfiniteQuery({ ...getInfiniteProductsQueryOptions(filters), placeholderData: keepPreviousData });
}
