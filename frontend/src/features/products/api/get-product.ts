import type { ApiSuccess } from '@greencart/domain';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { FOLLOWS_STOCK, useCataloguePushes } from '@/lib/catalogue-pushes';
import { followStock, isNetworkError, type QueryConfig } from '@/lib/query-client';
import type { Product } from '../types';
import { productKeys } from './keys';

/** GET /api/products/:id */
export async function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  const { product } = await api.get<ApiSuccess<{ product: Product }>>(`/api/products/${encodeURIComponent(id)}`, { signal });
  return product;
}

/**
 * The product; when the server cannot be reached (offline) and the product was never opened, the copy in
 * a list this browser saw (the catalogue in memory or the service worker's). Only a network failure falls
 * back: a 404 is the server's answer.
 */
export async function getProductOrCached(queryClient: QueryClient, id: string, signal?: AbortSignal): Promise<Product> {
  try {
    return await getProduct(id, signal);
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    // Loaded only offline: the shell (which prefetches products) stays out of the cart's and catalogue's code.
    const { findCachedProducts } = await import('@/lib/catalogue-cache');
    // The product queries and the cart's (cartKeys.all, named here so the cart's code stays out of the shell).
    const [cached] = await findCachedProducts(queryClient, [productKeys.all, ['cart']], [id]);
    if (cached) return cached;
    throw error;
  }
}

export const getProductQueryOptions = (id: string) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal, client }) => getProductOrCached(client, id, signal),
    meta: FOLLOWS_STOCK,
  });

/** The open product page's product: asked again when the catalogue pushes a change of it, so stock changes show at once (a slow poll besides). */
export function useProduct(id: string, queryConfig?: QueryConfig<typeof getProductQueryOptions>) {
  useCataloguePushes();
  return useQuery({ ...getProductQueryOptions(id), refetchInterval: followStock, ...queryConfig });
}
