import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { OrderPage } from '../types';
import { orderKeys } from './keys';

const SELLER_ORDERS_PAGE_SIZE = 20;

/** GET /api/getorder/admin/seller?page&limit → every order of the shop, newest first (seller session). */
export function getSellerOrders(page: number, signal?: AbortSignal): Promise<OrderPage> {
  return api.get<OrderPage>('/api/getorder/admin/seller', { params: { page, limit: SELLER_ORDERS_PAGE_SIZE }, signal });
}

export const getSellerOrdersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: orderKeys.seller(),
    queryFn: ({ pageParam, signal }) => getSellerOrders(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
    // New orders arrive while the seller works: look again now and then and on coming back.
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

export function useSellerOrders() {
  return useInfiniteQuery(getSellerOrdersQueryOptions());
}
