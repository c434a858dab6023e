import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { OrderPage } from '../types';
import { orderKeys } from './keys';

const MY_ORDERS_PAGE_SIZE = 10;
/** How often My orders asks again, so the seller's status changes show without a reload. */
const MY_ORDERS_POLL_MS = 10_000;

/** GET /api/getorder/user?page&limit → the shopper's orders, newest first. */
export function getMyOrders(page: number, signal?: AbortSignal): Promise<OrderPage> {
  return api.get<OrderPage>('/api/getorder/user', { params: { page, limit: MY_ORDERS_PAGE_SIZE }, signal });
}

export const getMyOrdersQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: orderKeys.mineFor(userId),
    queryFn: ({ pageParam, signal }) => getMyOrders(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
    refetchInterval: MY_ORDERS_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

export function useMyOrders(userId: string) {
  return useInfiniteQuery(getMyOrdersQueryOptions(userId));
}
