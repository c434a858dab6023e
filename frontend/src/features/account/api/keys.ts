/** Query keys of the account feature, per shopper so accounts never share a cache. */
export const accountKeys = {
  all: ['account'] as const,
  preferences: (userId: string) => [...accountKeys.all, userId, 'preferences'] as const,
};
