import type { QueryClient } from '@tanstack/react-query';
import { getProductQueryOptions } from './api/get-product';
import { BEST_SELLERS_FILTERS, getInfiniteProductsQueryOptions, getProductsQueryOptions } from './api/get-products';
import type { ProductFilters } from './types';

/*
 * What a catalogue page shows first, asked for while the app starts (alongside the page's own code
 * rather than after it has arrived and rendered): the page's queries find it in the cache or on its way.
 */

export function prefetchBestSellers(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(getProductsQueryOptions(BEST_SELLERS_FILTERS));
}

export function prefetchProductList(queryClient: QueryClient, filters: ProductFilters): void {
  void queryClient.prefetchInfiniteQuery(getInfiniteProductsQueryOptions(filters));
}

/** The product (its picture is named in index.html by the server, or asked for by the page drawn as soon as the product is here). */
export function prefetchProduct(queryClient: QueryClient, id: string): void {
  void queryClient.prefetchQuery(getProductQueryOptions(id));
}
