import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLiveConnection } from '@/lib/socket';
import type { OrderPage } from '../types';
import { orderKeys } from './keys';
import { useOrderPushes } from './order-pushes';

const MY_ORDERS_PAGE_SIZE = 10;
/** How often My orders asks again while the live connection is down. */
const MY_ORDERS_POLL_MS = 10_000;

/** GET /api/getorder/user?page&limit[&search] → the shopper's orders, newest first; `search` finds an order number ('GC-104273' or its digits). */
export function getMyOrders(page: number, search = '', signal?: AbortSignal): Promise<OrderPage> {
  return api.get<OrderPage>('/api/getorder/user', { params: { page, limit: MY_ORDERS_PAGE_SIZE, search: search.trim() || undefined }, signal });
}

/** `live`: order changes are pushed over the socket, so no polling. */
export const getMyOrdersQueryOptions = (userId: string, live = false, search = '') =>
  infiniteQueryOptions({
    queryKey: orderKeys.mineFor(userId, search.trim()),
    queryFn: ({ pageParam, signal }) => getMyOrders(pageParam, search, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
    refetchInterval: live ? false : MY_ORDERS_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

/** The shopper's orders, changed the moment the shop changes them (`order-updated`); polled only while the socket is down. */
export function useMyOrders(userId: string, search = '') {
  const { socket, state } = useLiveConnection('user', userId);
  useOrderPushes(socket, orderKeys.mineFor(userId, search.trim()), { addNew: !search.trim() });
  return useInfiniteQuery({ ...getMyOrdersQueryOptions(userId, state.status === 'online', search), placeholderData: keepPreviousData });
}
