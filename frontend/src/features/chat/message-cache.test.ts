import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { addMessage, flattenConversations, flattenMessages, markConversationRead, moveConversationUp } from './message-cache';
import type { ChatMessage, Conversation, MessagePage } from './types';

const at = (minute: number) => new Date(Date.UTC(2025, 5, 12, 10, minute)).toISOString();
const message = (id: string, minute: number, overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  _id: id,
  userId: 'u1',
  from: 'user',
  text: `text ${id}`,
  createdAt: at(minute),
  ...overrides,
});
const pages = <P>(...list: P[]): InfiniteData<P, unknown> => ({ pages: list, pageParams: list.map(() => undefined) });

describe('conversation pages', () => {
  it('read oldest first across pages loaded backwards in time', () => {
    const newest: MessagePage = { messages: [message('c', 3), message('d', 4)], hasMore: true };
    const older: MessagePage = { messages: [message('a', 1), message('b', 2)], hasMore: false };
    expect(flattenMessages([newest, older]).map((m) => m._id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('take a live message once, however many times it arrives', () => {
    const data = pages<MessagePage>({ messages: [message('a', 1)], hasMore: false });
    const once = addMessage(data, message('b', 2));
    expect(addMessage(once, message('b', 2))).toBe(once);
    expect(flattenMessages(once!.pages).map((m) => m._id)).toEqual(['a', 'b']);
  });

  it('put a late message in time order', () => {
    const data = pages<MessagePage>({ messages: [message('a', 1), message('c', 3)], hasMore: false });
    expect(flattenMessages(addMessage(data, message('b', 2))!.pages).map((m) => m._id)).toEqual(['a', 'b', 'c']);
  });

  it('leave a conversation that is not loaded alone', () => {
    expect(addMessage(undefined, message('a', 1))).toBeUndefined();
  });
});

describe('inbox', () => {
  const row = (userId: string, minute: number, unread = 0): Conversation => ({
    userId,
    name: userId,
    email: `${userId}@example.com`,
    lastMessage: { text: 'old', from: 'user', createdAt: at(minute) },
    unread,
  });
  const inbox = pages({ conversations: [row('u2', 5), row('u3', 4)] }, { conversations: [row('u1', 1, 2)] });

  it('moves a conversation with a new message to the top, counting it unread', () => {
    const moved = moveConversationUp(inbox, message('m', 6), false)!;
    expect(flattenConversations(moved.pages).map((c) => [c.userId, c.unread, c.lastMessage.text])).toEqual([
      ['u1', 3, 'text m'],
      ['u2', 0, 'old'],
      ['u3', 0, 'old'],
    ]);
  });

  it('does not count what the seller is reading or wrote', () => {
    expect(flattenConversations(moveConversationUp(inbox, message('m', 6), true)!.pages)[0]!.unread).toBe(2);
    expect(flattenConversations(moveConversationUp(inbox, message('m', 6, { from: 'seller' }), false)!.pages)[0]!.unread).toBe(2);
  });

  it('asks for the inbox again for a shopper it does not show', () => {
    expect(moveConversationUp(inbox, message('m', 6, { userId: 'u9' }), false)).toBeNull();
  });

  it('clears the unread count of a conversation read', () => {
    expect(flattenConversations(markConversationRead(inbox, 'u1')!.pages).find((c) => c.userId === 'u1')!.unread).toBe(0);
  });
});
