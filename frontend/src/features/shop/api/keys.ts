/** Query keys of the shop's public settings. */
export const shopKeys = {
  all: ['shop'] as const,
  tax: () => [...shopKeys.all, 'tax'] as const,
};
