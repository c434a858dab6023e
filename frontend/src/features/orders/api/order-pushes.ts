import { SOCKET_EVENTS } from '@greencart/domain';
import { useQueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { useSocketConnected, useSocketEvent, type ShopSocket } from '@/lib/socket';
import type { Order, OrderPage } from '../types';

const time = (order: Order) => Date.parse(order.createdAt);

/**
 * The loaded order pages with a pushed order in them: replaced where it is, or, when it is newer than
 * everything loaded, put at the top (a new order). An older order that is not loaded comes with its page.
 */
export function upsertOrder(data: InfiniteData<OrderPage> | undefined, order: Order): InfiniteData<OrderPage> | undefined {
  if (!data || data.pages.length === 0) return data;
  let found = false;
  const pages = data.pages.map((page) => {
    if (!page.orderdata.some((existing) => existing._id === order._id)) return page;
    found = true;
    return { ...page, orderdata: page.orderdata.map((existing) => (existing._id === order._id ? order : existing)) };
  });
  if (found) return { ...data, pages };
  const [first, ...rest] = data.pages as [OrderPage, ...OrderPage[]];
  const newest = first.orderdata[0];
  if (newest && time(order) < time(newest)) return data;
  return { ...data, pages: [{ ...first, orderdata: [order, ...first.orderdata], total: first.total + 1 }, ...rest] };
}

/** The loaded order pages with a pushed order replaced where it is (a searched list only takes changes, not new orders). */
export function replaceOrder(data: InfiniteData<OrderPage> | undefined, order: Order): InfiniteData<OrderPage> | undefined {
  if (!data || !data.pages.some((page) => page.orderdata.some((existing) => existing._id === order._id))) return data;
  return upsertOrder(data, order);
}

/**
 * Keep the order list under `queryKey` live from `socket`: `order-placed` and `order-updated` pushes
 * go into the cache as they come; after a reconnect the list is fetched again (pushes sent while
 * the socket was down are lost).
 */
export function useOrderPushes(socket: ShopSocket | null, queryKey: QueryKey, { addNew = true } = {}): void {
  const queryClient = useQueryClient();
  const apply = (order: Order) => queryClient.setQueryData<InfiniteData<OrderPage>>(queryKey, (data) => (addNew ? upsertOrder : replaceOrder)(data, order));
  useSocketEvent(socket, SOCKET_EVENTS.orderPlaced, apply);
  useSocketEvent(socket, SOCKET_EVENTS.orderUpdated, apply);
  useSocketConnected(socket, () => void queryClient.invalidateQueries({ queryKey }));
}
