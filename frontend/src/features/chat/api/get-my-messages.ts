import { SOCKET_EVENTS } from '@greencart/domain';
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSocketConnected, useSocketEvent, type ShopSocket } from '@/lib/socket';
import { addMessage } from '../message-cache';
import type { MyMessagesResponse } from '../types';
import { chatKeys } from './keys';

export const CHAT_PAGE_SIZE = 50;

/** GET /api/chat/messages?limit&before → the shopper's conversation with the shop, `limit` messages older than `before`, oldest first. */
export function getMyMessages(before: string | undefined, signal?: AbortSignal): Promise<MyMessagesResponse> {
  return api.get<MyMessagesResponse>('/api/chat/messages', { params: { limit: CHAT_PAGE_SIZE, before }, signal });
}

export const getMyMessagesQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.myMessages(userId),
    queryFn: ({ pageParam, signal }) => getMyMessages(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    // Pages go back in time: the next one is older than the oldest message loaded.
    getNextPageParam: (last) => (last.hasMore ? last.messages[0]?._id : undefined),
    // Messages that came while the page was closed are not in the cache: ask on every visit.
    staleTime: 0,
  });

/** The conversation, kept live from `socket`: the shop's replies and the shopper's messages from other tabs join it. */
export function useMyMessages(userId: string, socket: ShopSocket | null) {
  const queryClient = useQueryClient();
  useSocketEvent(socket, SOCKET_EVENTS.messageForUser, (message) => {
    if (message.userId !== userId) return;
    queryClient.setQueryData<InfiniteData<MyMessagesResponse>>(chatKeys.myMessages(userId), (data) => addMessage(data, message));
  });
  useSocketConnected(socket, () => void queryClient.invalidateQueries({ queryKey: chatKeys.myMessages(userId) }));
  return useInfiniteQuery(getMyMessagesQueryOptions(userId));
}
