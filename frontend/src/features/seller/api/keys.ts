/** Query keys of the seller feature. */
export const sellerKeys = {
  all: ['seller'] as const,
  session: () => [...sellerKeys.all, 'session'] as const,
};
