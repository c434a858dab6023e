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

/** The product, then at once its main picture, the largest thing its page paints. A failure is the page's to show. */
export function prefetchProduct(queryClient: QueryClient, id: string): void {
  queryClient.fetchQuery(getProductQueryOptions(id)).then(
    (product) => preloadImage(product.image[0]),
    () => undefined,
  );
}

function preloadImage(url: string | undefined) {
  if (!url) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  link.href = url;
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
}
