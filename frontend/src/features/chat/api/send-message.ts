import { SOCKET_EVENTS, type ChatAck } from '@greencart/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import type { ShopSocket } from '@/lib/socket';
import { addMessage } from '../message-cache';
import type { ChatMessage, MyMessagesResponse } from '../types';
import { chatKeys } from './keys';
import type { InfiniteData } from '@tanstack/react-query';

/** How long to wait for the server to confirm a message was stored. */
export const CHAT_ACK_TIMEOUT_MS = 10_000;

export interface SendMessageInput {
  text: string;
  /** The order the message is about, when written from an order. */
  orderId?: string;
}

/** What an emit with acknowledgement answers: the stored message, or an error with the server's reason. */
export async function emitChat(send: () => Promise<ChatAck>): Promise<ChatMessage> {
  let ack: ChatAck;
  try {
    ack = await send();
  } catch {
    throw new ApiError(0, 'The shop did not confirm your message. Check your connection; it may not have been sent.');
  }
  if (!ack.success) throw new ApiError(400, ack.message);
  return ack.message;
}

export function offline(socket: ShopSocket | null): socket is null {
  return !socket?.connected;
}

/** Socket `sendmessage-to-seller` with `{ text, orderId? }` → the stored message (the acknowledgement). */
export function sendMessage(socket: ShopSocket | null, { text, orderId }: SendMessageInput): Promise<ChatMessage> {
  if (offline(socket)) return Promise.reject(new ApiError(0, 'The chat is offline. Your message was not sent; try again once it is back online.'));
  return emitChat(() => socket.timeout(CHAT_ACK_TIMEOUT_MS).emitWithAck(SOCKET_EVENTS.sendMessageToSeller, orderId ? { text, orderId } : { text }));
}

export function useSendMessage(socket: ShopSocket | null, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendMessageInput) => sendMessage(socket, input),
    onSuccess: (message) => queryClient.setQueryData<InfiniteData<MyMessagesResponse>>(chatKeys.myMessages(userId), (data) => addMessage(data, message)),
  });
}
