import { SOCKET_EVENTS } from '@greencart/domain';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSocketConnected, useSocketEvent, type ShopSocket } from '@/lib/socket';
import type { UnreadResponse } from '../types';
import { chatKeys } from './keys';

/** GET /api/seller/chats/unread → shopper messages the seller has not read, across conversations. */
export async function getSellerUnread(signal?: AbortSignal): Promise<number> {
  const { unread } = await api.get<UnreadResponse>('/api/seller/chats/unread', { signal });
  return unread;
}

export const getSellerUnreadQueryOptions = () =>
  queryOptions({
    queryKey: chatKeys.sellerUnread(),
    queryFn: ({ signal }) => getSellerUnread(signal),
  });

/** The count, asked again when a shopper writes on `socket` (an open conversation marks itself read). */
export function useSellerUnread(socket: ShopSocket | null) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: chatKeys.sellerUnread() });
  useSocketEvent(socket, SOCKET_EVENTS.messageForSeller, (message) => {
    if (message.from === 'user') refresh();
  });
  useSocketConnected(socket, refresh);
  return useQuery(getSellerUnreadQueryOptions());
}
