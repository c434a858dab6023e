import { SOCKET_EVENTS } from '@greencart/domain';
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSocketConnected, useSocketEvent, type ShopSocket } from '@/lib/socket';
import { addMessage, moveConversationUp } from '../message-cache';
import type { ConversationPage, InboxPage } from '../types';
import { chatKeys } from './keys';

const INBOX_PAGE_SIZE = 20;

/** GET /api/seller/chats?page&limit → one row per shopper, newest conversation first (seller session). */
export function getInbox(page: number, signal?: AbortSignal): Promise<InboxPage> {
  return api.get<InboxPage>('/api/seller/chats', { params: { page, limit: INBOX_PAGE_SIZE }, signal });
}

export const getInboxQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: chatKeys.inbox(),
    queryFn: ({ pageParam, signal }) => getInbox(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
    staleTime: 0,
  });

/**
 * The inbox, kept live from `socket`: every message (the shoppers', and the seller's replies from any
 * tab) joins its conversation and moves it to the top. `reading` is the conversation on screen, whose
 * messages do not count as unread.
 */
export function useInbox(socket: ShopSocket | null, reading: string | null) {
  const queryClient = useQueryClient();
  useSocketEvent(socket, SOCKET_EVENTS.messageForSeller, (message) => {
    queryClient.setQueryData<InfiniteData<ConversationPage>>(chatKeys.conversation(message.userId), (data) => addMessage(data, message));
    const inbox = queryClient.getQueryData<InfiniteData<InboxPage>>(chatKeys.inbox());
    const moved = moveConversationUp(inbox, message, reading === message.userId);
    // A shopper not on the loaded pages (a new conversation): the server knows their name.
    if (moved === null) void queryClient.invalidateQueries({ queryKey: chatKeys.inbox() });
    else queryClient.setQueryData(chatKeys.inbox(), moved);
  });
  useSocketConnected(socket, () => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.inbox() });
    void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
  });
  return useInfiniteQuery(getInboxQueryOptions());
}
