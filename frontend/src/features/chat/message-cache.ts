import type { InfiniteData } from '@tanstack/react-query';
import type { ChatMessage, Conversation, MessagePage } from './types';

/** Loaded pages of a conversation (newest page first, each oldest first) as one list, oldest first, each message once. */
export function flattenMessages(pages: readonly MessagePage[]): ChatMessage[] {
  const seen = new Set<string>();
  const messages: ChatMessage[] = [];
  for (let index = pages.length - 1; index >= 0; index--) {
    for (const message of pages[index]!.messages) {
      if (seen.has(message._id)) continue;
      seen.add(message._id);
      messages.push(message);
    }
  }
  return messages;
}

const time = (message: Pick<ChatMessage, 'createdAt'>) => Date.parse(message.createdAt);

/**
 * A message that arrived live, added to the newest loaded page in time order. The same message
 * arrives twice (the acknowledgement and the push to every tab): it is kept once.
 */
export function addMessage<P extends MessagePage>(data: InfiniteData<P> | undefined, message: ChatMessage): InfiniteData<P> | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.messages.some((existing) => existing._id === message._id))) return data;
  const [newest, ...older] = data.pages as [P, ...P[]];
  const messages = [...newest.messages];
  let at = messages.length;
  while (at > 0 && time(messages[at - 1]!) > time(message)) at--;
  messages.splice(at, 0, message);
  return { ...data, pages: [{ ...newest, messages }, ...older] };
}

/**
 * The inbox after a live message: that shopper's row moves to the top with the new last message,
 * one more unread when the shopper wrote and the seller is not reading that conversation.
 * `null` when the shopper is not among the loaded rows (a new conversation: fetch the inbox again).
 */
export function moveConversationUp<P extends { conversations: Conversation[] }>(
  data: InfiniteData<P> | undefined,
  message: ChatMessage,
  reading: boolean,
): InfiniteData<P> | undefined | null {
  if (!data || data.pages.length === 0) return data;
  const row = data.pages.flatMap((page) => page.conversations).find((conversation) => conversation.userId === message.userId);
  if (!row) return null;
  if (time(row.lastMessage) > time(message)) return data;
  const moved: Conversation = {
    ...row,
    lastMessage: { text: message.text, from: message.from, createdAt: message.createdAt },
    unread: message.from === 'user' && !reading ? row.unread + 1 : row.unread,
  };
  const pages = data.pages.map((page, index) => {
    const rest = page.conversations.filter((conversation) => conversation.userId !== message.userId);
    return { ...page, conversations: index === 0 ? [moved, ...rest] : rest };
  });
  return { ...data, pages };
}

/** The inbox once the seller has read a conversation. */
export function markConversationRead<P extends { conversations: Conversation[] }>(
  data: InfiniteData<P> | undefined,
  userId: string,
): InfiniteData<P> | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      conversations: page.conversations.map((conversation) =>
        conversation.userId === userId && conversation.unread ? { ...conversation, unread: 0 } : conversation,
      ),
    })),
  };
}

/** The inbox rows of all loaded pages, once each (a conversation moving up shifts the pages while they load). */
export function flattenConversations(pages: readonly { conversations: Conversation[] }[]): Conversation[] {
  const seen = new Set<string>();
  return pages.flatMap((page) => page.conversations).filter((conversation) => !seen.has(conversation.userId) && Boolean(seen.add(conversation.userId)));
}
