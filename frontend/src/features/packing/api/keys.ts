/** Query keys of the packing feature. */
export const packingKeys = {
  all: ['packing'] as const,
  replacements: (search: string) => [...packingKeys.all, 'replacements', search] as const,
  issues: () => [...packingKeys.all, 'issues'] as const,
};
