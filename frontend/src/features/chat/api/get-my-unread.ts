import { SOCKET_EVENTS } from '@greencart/domain';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSocketConnected, useSocketEvent, type ShopSocket } from '@/lib/socket';
import type { UnreadResponse } from '../types';
import { chatKeys } from './keys';

/** GET /api/chat/unread → how many of the shop's replies the shopper has not read. */
export async function getMyUnread(signal?: AbortSignal): Promise<number> {
  const { unread } = await api.get<UnreadResponse>('/api/chat/unread', { signal });
  return unread;
}

export const getMyUnreadQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: chatKeys.myUnread(userId),
    queryFn: ({ signal }) => getMyUnread(signal),
  });

/** The count, asked again when a reply arrives on `socket` (the chat page, when open, marks it read). */
export function useMyUnread(userId: string, socket: ShopSocket | null) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: chatKeys.myUnread(userId) });
  useSocketEvent(socket, SOCKET_EVENTS.messageForUser, (message) => {
    if (message.from === 'seller') refresh();
  });
  useSocketConnected(socket, refresh);
  return useQuery(getMyUnreadQueryOptions(userId));
}
