import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSellerConnection } from '@/lib/socket';
import type { Order, OrderPage } from '../types';
import { orderKeys } from './keys';
import { useOrderPushes } from './order-pushes';

const SELLER_ORDERS_PAGE_SIZE = 20;
/** How often the seller's list asks again while the live connection is down. */
const SELLER_ORDERS_POLL_MS = 30_000;

/** GET /api/getorder/admin/seller?page&limit[&search] → every order of the shop, newest first (seller session); `search` finds an order number. */
export function getSellerOrders(page: number, search = '', signal?: AbortSignal): Promise<OrderPage> {
  return api.get<OrderPage>('/api/getorder/admin/seller', { params: { page, limit: SELLER_ORDERS_PAGE_SIZE, search: search.trim() || undefined }, signal });
}

/** `live`: new and changed orders are pushed over the socket, so no polling. */
export const getSellerOrdersQueryOptions = (live = false, search = '') =>
  infiniteQueryOptions({
    queryKey: orderKeys.seller(search.trim()),
    queryFn: ({ pageParam, signal }) => getSellerOrders(pageParam, search, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
    refetchInterval: live ? false : SELLER_ORDERS_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

/** Every order of the shop, with new ones (`order-placed`) and changes (`order-updated`) as they happen; polled only while the socket is down. */
export function useSellerOrders(search = '') {
  const { socket, state } = useSellerConnection();
  useOrderPushes(socket, orderKeys.seller(search.trim()), { addNew: !search.trim() });
  return useInfiniteQuery({ ...getSellerOrdersQueryOptions(state.status === 'online', search), placeholderData: keepPreviousData });
}

/**
 * The newest orders as the seller's pages first had them: the list's first page from the cache, or the
 * one being fetched for the list right now (one request for both; the orders page shows exactly these).
 */
export async function firstSellerOrders(queryClient: QueryClient): Promise<Order[]> {
  const data = await queryClient.infiniteQuery({ ...getSellerOrdersQueryOptions(), staleTime: 'static' });
  return data.pages[0]?.orderdata ?? [];
}

/** The shop's newest orders as they are now, read apart from the list. */
export async function newestSellerOrders(): Promise<Order[]> {
  return (await getSellerOrders(1)).orderdata;
}
