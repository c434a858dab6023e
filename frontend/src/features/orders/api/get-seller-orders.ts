import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSellerConnection } from '@/lib/socket';
import type { OrderPage } from '../types';
import { orderKeys } from './keys';
import { useOrderPushes } from './order-pushes';

const SELLER_ORDERS_PAGE_SIZE = 20;
/** How often the seller's list asks again while the live connection is down. */
const SELLER_ORDERS_POLL_MS = 30_000;

/** GET /api/getorder/admin/seller?page&limit → every order of the shop, newest first (seller session). */
export function getSellerOrders(page: number, signal?: AbortSignal): Promise<OrderPage> {
  return api.get<OrderPage>('/api/getorder/admin/seller', { params: { page, limit: SELLER_ORDERS_PAGE_SIZE }, signal });
}

/** `live`: new and changed orders are pushed over the socket, so no polling. */
export const getSellerOrdersQueryOptions = (live = false) =>
  infiniteQueryOptions({
    queryKey: orderKeys.seller(),
    queryFn: ({ pageParam, signal }) => getSellerOrders(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
    refetchInterval: live ? false : SELLER_ORDERS_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

/** Every order of the shop, with new ones (`order-placed`) and changes (`order-updated`) as they happen; polled only while the socket is down. */
export function useSellerOrders() {
  const { socket, state } = useSellerConnection();
  useOrderPushes(socket, orderKeys.seller());
  return useInfiniteQuery(getSellerOrdersQueryOptions(state.status === 'online'));
}
