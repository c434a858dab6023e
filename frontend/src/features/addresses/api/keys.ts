/** Query keys of the addresses feature, per shopper so one account never sees another's cache. */
export const addressKeys = {
  all: ['addresses'] as const,
  list: (userId: string) => [...addressKeys.all, 'list', userId] as const,
};
