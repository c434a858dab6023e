import type { ApiSuccess, ChatMessage } from '@greencart/domain';

export type { ChatMessage };

/** One page of a conversation, going back in time: `messages` oldest first. */
export interface MessagePage {
  messages: ChatMessage[];
  hasMore: boolean;
}

/** GET /api/chat/messages: the shopper's own conversation. */
export type MyMessagesResponse = ApiSuccess<MessagePage & { unread: number }>;

/** GET /api/chat/unread and GET /api/seller/chats/unread */
export type UnreadResponse = ApiSuccess<{ unread: number }>;

/** One row of the seller's inbox: a shopper and where their conversation stands. */
export interface Conversation {
  userId: string;
  name: string;
  email: string;
  lastMessage: Pick<ChatMessage, 'text' | 'from' | 'createdAt'>;
  /** Shopper messages the seller has not read. */
  unread: number;
}

/** GET /api/seller/chats?page&limit */
export type InboxPage = ApiSuccess<{ conversations: Conversation[]; unread: number; page: number; limit: number; total: number; totalPages: number }>;

export interface ChatShopper {
  userId: string;
  name: string;
  email: string;
}

/** GET /api/seller/chats/:userId/messages */
export type ConversationPage = ApiSuccess<MessagePage & { shopper: ChatShopper }>;
