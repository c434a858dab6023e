import { queryOptions, useQuery, keepPreviousData } from '@tanstack/react-query';
import { getProducts } from '@/features/products/api/get-products';
import type { Product } from '@/features/products/types';
import { cartKeys } from './keys';

/** The server accepts at most 100 ids per request. */
export const IDS_PER_REQUEST = 100;

/** GET /api/products?ids=…: the products of the cart, in batches of 100 ids. */
export async function getCartProducts(ids: readonly string[], signal?: AbortSignal): Promise<Product[]> {
  const batches: string[][] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_REQUEST) batches.push(ids.slice(start, start + IDS_PER_REQUEST));
  const pages = await Promise.all(batches.map((batch) => getProducts({ ids: batch, limit: IDS_PER_REQUEST }, signal)));
  return pages.flatMap((page) => page.products);
}

export const getCartProductsQueryOptions = (ids: readonly string[]) =>
  queryOptions({
    queryKey: cartKeys.products(ids),
    queryFn: ({ signal }) => getCartProducts([...ids].sort(), signal),
    enabled: ids.length > 0,
  });

export function useCartProducts(ids: readonly string[]) {
  // Removing a line changes the id list: keep the previous products on screen meanwhile.
  return useQuery({ ...getCartProductsQueryOptions(ids), placeholderData: keepPreviousData });
}
