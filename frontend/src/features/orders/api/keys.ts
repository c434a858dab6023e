/** Query keys of the orders feature. A shopper's orders are keyed by their id, so accounts never share a cache. */
export const orderKeys = {
  all: ['orders'] as const,
  mine: () => [...orderKeys.all, 'mine'] as const,
  mineFor: (userId: string, search = '') => [...orderKeys.mine(), userId, search] as const,
  seller: (search = '') => [...orderKeys.all, 'seller', search] as const,
  sellerAll: () => [...orderKeys.all, 'seller'] as const,
};
