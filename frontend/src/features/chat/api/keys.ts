/** Query keys of the chat feature. The shopper's conversation is keyed by their id, so accounts never share a cache. */
export const chatKeys = {
  all: ['chat'] as const,
  mine: (userId: string) => [...chatKeys.all, 'mine', userId] as const,
  myMessages: (userId: string) => [...chatKeys.mine(userId), 'messages'] as const,
  myUnread: (userId: string) => [...chatKeys.mine(userId), 'unread'] as const,
  seller: () => [...chatKeys.all, 'seller'] as const,
  inbox: () => [...chatKeys.seller(), 'inbox'] as const,
  sellerUnread: () => [...chatKeys.seller(), 'unread'] as const,
  conversations: () => [...chatKeys.seller(), 'conversation'] as const,
  conversation: (userId: string) => [...chatKeys.conversations(), userId] as const,
};
