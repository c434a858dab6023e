import { SOCKET_EVENTS } from '@greencart/domain';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import type { ShopSocket } from '@/lib/socket';
import { addMessage } from '../message-cache';
import type { ChatMessage, ConversationPage } from '../types';
import { chatKeys } from './keys';
import { CHAT_ACK_TIMEOUT_MS, emitChat, offline } from './send-message';

export interface ReplyInput {
  userId: string;
  text: string;
}

/** Socket `reply-to-user` with `{ userId, text }` → the stored reply (the acknowledgement). */
export function replyToShopper(socket: ShopSocket | null, { userId, text }: ReplyInput): Promise<ChatMessage> {
  if (offline(socket)) return Promise.reject(new ApiError(0, 'The chat is offline. Your reply was not sent; try again once it is back online.'));
  return emitChat(() => socket.timeout(CHAT_ACK_TIMEOUT_MS).emitWithAck(SOCKET_EVENTS.replyToUser, { userId, text }));
}

export function useReplyToShopper(socket: ShopSocket | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReplyInput) => replyToShopper(socket, input),
    onSuccess: (message) =>
      queryClient.setQueryData<InfiniteData<ConversationPage>>(chatKeys.conversation(message.userId), (data) => addMessage(data, message)),
  });
}
