import type { ApiSuccess } from '@greencart/domain';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { markConversationRead as clearUnread } from '../message-cache';
import type { InboxPage } from '../types';
import { chatKeys } from './keys';

/** POST /api/seller/chats/:userId/read → the seller has read this shopper's messages. */
export function markConversationRead(userId: string): Promise<ApiSuccess> {
  return api.post<ApiSuccess>(`/api/seller/chats/${encodeURIComponent(userId)}/read`);
}

export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: (_, userId) => {
      queryClient.setQueryData<InfiniteData<InboxPage>>(chatKeys.inbox(), (data) => clearUnread(data, userId));
      return queryClient.invalidateQueries({ queryKey: chatKeys.sellerUnread() });
    },
  });
}
