import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductPageResponse } from '@greencart/domain';
import { api } from '@/lib/api-client';
import { searchKeys } from './keys';

/** Products shown under the search box while typing. */
export const SUGGESTION_COUNT = 6;

/** GET /api/products?search=…&limit=6: the best answers to what is typed so far (and how it was understood). */
export function getSuggestions(query: string, signal?: AbortSignal): Promise<ProductPageResponse> {
  return api.get<ProductPageResponse>('/api/products', { params: { search: query, limit: SUGGESTION_COUNT }, signal });
}

export const getSuggestionsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: searchKeys.suggestions(query),
    queryFn: ({ signal }) => getSuggestions(query, signal),
    // The catalogue changes rarely; a word typed again is answered at once.
    staleTime: 60_000,
  });

export function useSuggestions(query: string) {
  // The previous answer stays while the next is on its way, so the list does not flicker at each key.
  return useQuery({ ...getSuggestionsQueryOptions(query), enabled: query.length > 0, placeholderData: keepPreviousData });
}
