import type { QueryClient } from '@tanstack/react-query';
import { getUserQueryOptions } from '@/features/auth';
import { getInfiniteProductsQueryOptions } from '@/features/products';
import { getSellerSessionQueryOptions } from '@/features/seller';

/**
 * At start (spec §4): load the product list, then check the seller and shopper sessions.
 * The product list is the first page of the catalogue, not all of it (catalogues can be large);
 * failed session checks mean "signed out", silently.
 */
export function startUp(queryClient: QueryClient): void {
  void queryClient.prefetchInfiniteQuery(getInfiniteProductsQueryOptions({}));
  void queryClient.prefetchQuery(getSellerSessionQueryOptions());
  void queryClient.prefetchQuery(getUserQueryOptions());
}
