/** Query keys of the search feature. */
export const searchKeys = {
  all: ['search'] as const,
  suggestions: (query: string) => [...searchKeys.all, 'suggestions', query] as const,
};
