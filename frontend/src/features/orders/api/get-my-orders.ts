import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLiveConnection } from '@/lib/socket';
import type { OrderPage } from '../types';
import { orderKeys } from './keys';
import { useOrderPushes } from './order-pushes';

const MY_ORDERS_PAGE_SIZE = 10;
/** How often My orders asks again while the live connection is down. */
const MY_ORDERS_POLL_MS = 10_000;

/** GET /api/getorder/user?page&limit → the shopper's orders, newest first. */
export function getMyOrders(page: number, signal?: AbortSignal): Promise<OrderPage> {
  return api.get<OrderPage>('/api/getorder/user', { params: { page, limit: MY_ORDERS_PAGE_SIZE }, signal });
}

/** `live`: order changes are pushed over the socket, so no polling. */
export const getMyOrdersQueryOptions = (userId: string, live = false) =>
  infiniteQueryOptions({
    queryKey: orderKeys.mineFor(userId),
    queryFn: ({ pageParam, signal }) => getMyOrders(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
    refetchInterval: live ? false : MY_ORDERS_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

/** The shopper's orders, changed the moment the shop changes them (`order-updated`); polled only while the socket is down. */
export function useMyOrders(userId: string) {
  const { socket, state } = useLiveConnection('user', userId);
  useOrderPushes(socket, orderKeys.mineFor(userId));
  return useInfiniteQuery(getMyOrdersQueryOptions(userId, state.status === 'online'));
}
