import type { ProductPageResponse, ProductView } from '@greencart/domain';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { findCachedProducts } from '@/lib/catalogue-cache';
import { FOLLOWS_STOCK, useCataloguePushes } from '@/lib/catalogue-pushes';
import { followStock, isNetworkError } from '@/lib/query-client';
import { cartKeys } from './keys';

/** The server accepts at most 100 ids per request. */
const IDS_PER_REQUEST = 100;

/** GET /api/products?ids=…: the products of the cart, in batches of 100 ids. */
export async function getCartProducts(ids: readonly string[], signal?: AbortSignal): Promise<ProductView[]> {
  const batches: string[][] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_REQUEST) batches.push(ids.slice(start, start + IDS_PER_REQUEST));
  const pages = await Promise.all(
    batches.map((batch) => api.get<ProductPageResponse>('/api/products', { params: { ids: batch.join(','), page: 1, limit: IDS_PER_REQUEST }, signal })),
  );
  return pages.flatMap((page) => page.products);
}

/** The cart's products; offline (the server cannot be reached) the copies in the catalogue this browser saw, if it saw them all. */
export async function getCartProductsOrCached(queryClient: QueryClient, ids: readonly string[], signal?: AbortSignal): Promise<ProductView[]> {
  try {
    return await getCartProducts(ids, signal);
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    const cached = await findCachedProducts(queryClient, [['products'], cartKeys.all], ids);
    if (cached.length === ids.length) return cached;
    throw error;
  }
}

export const getCartProductsQueryOptions = (ids: readonly string[]) =>
  queryOptions({
    queryKey: cartKeys.products(ids),
    queryFn: ({ signal, client }) => getCartProductsOrCached(client, [...ids].sort(), signal),
    enabled: ids.length > 0,
    // What is left of counted products changes by the minute: asked again on each push of a change of one of them.
    staleTime: 10_000,
    meta: FOLLOWS_STOCK,
    refetchInterval: followStock,
    refetchOnWindowFocus: true,
  });

export function useCartProducts(ids: readonly string[]) {
  useCataloguePushes();
  // Removing a line changes the id list: keep the previous products on screen meanwhile.
  return useQuery({ ...getCartProductsQueryOptions(ids), placeholderData: keepPreviousData });
}
