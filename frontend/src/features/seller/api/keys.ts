/** Query keys of the seller feature's own data (orders and chats keep theirs in their features). */
export const sellerKeys = {
  all: ['seller'] as const,
  mail: () => [...sellerKeys.all, 'mail'] as const,
  shop: () => [...sellerKeys.all, 'shop'] as const,
};
