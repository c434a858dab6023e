import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ConversationPage } from '../types';
import { CHAT_PAGE_SIZE } from './get-my-messages';
import { chatKeys } from './keys';

/** GET /api/seller/chats/:userId/messages?limit&before → one shopper's conversation for the seller, oldest first. */
export function getConversation(userId: string, before: string | undefined, signal?: AbortSignal): Promise<ConversationPage> {
  return api.get<ConversationPage>(`/api/seller/chats/${encodeURIComponent(userId)}/messages`, { params: { limit: CHAT_PAGE_SIZE, before }, signal });
}

export const getConversationQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.conversation(userId),
    queryFn: ({ pageParam, signal }) => getConversation(userId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.messages[0]?._id : undefined),
    staleTime: 0,
  });

export function useConversation(userId: string) {
  return useInfiniteQuery(getConversationQueryOptions(userId));
}
