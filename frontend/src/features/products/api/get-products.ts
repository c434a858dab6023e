import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';
import type { ProductFilters, ProductPage } from '../types';
import { productKeys } from './keys';

/** Products per page of a grid (the API's default). */
export const PAGE_SIZE = 20;

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

/** The home page's best sellers: the first 5 in-stock products (spec §9). */
export const BEST_SELLERS_FILTERS = { inStock: true, limit: 5 } as const;

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

/** How many products the newest-first list asks for at a time (the API's largest page). */
const NEWEST_PAGE_SIZE = 100;

/**
 * The catalogue newest first, for the seller (GET /api/products lists oldest first): the last page
 * first, each page reversed, then the page before it. One request for a catalogue of up to 100.
 */
async function getNewestProducts(filters: ProductFilters, page: number, signal?: AbortSignal): Promise<ProductPage> {
  const ask = (at: number) => getProducts({ ...filters, limit: NEWEST_PAGE_SIZE, page: at }, signal);
  // A search answers best first: kept in that order, page after page.
  if (filters.search?.trim()) return ask(page || 1);
  let data = await ask(page || 1);
  // Page 0 means "the newest page": found from the first answer's page count.
  if (page === 0 && data.totalPages > 1) data = await ask(data.totalPages);
  return { ...data, products: [...data.products].reverse() };
}

export const getNewestProductsQueryOptions = (filters: ProductFilters) =>
  infiniteQueryOptions({
    queryKey: productKeys.newest(filters),
    queryFn: ({ pageParam, signal }) => getNewestProducts(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) =>
      filters.search?.trim() ? (last.page < last.totalPages ? last.page + 1 : undefined) : last.page > 1 ? last.page - 1 : undefined,
  });

export function useNewestProducts(filters: ProductFilters) {
  return useInfiniteQuery({ ...getNewestProductsQueryOptions(filters), placeholderData: keepPreviousData });
}
