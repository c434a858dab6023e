import type { ProductPageResponse } from '@greencart/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { packingKeys } from './keys';

/** GET /api/products?search=…&limit=5: catalogue products to replace a line with. */
export function searchReplacements(search: string, signal?: AbortSignal): Promise<ProductPageResponse> {
  return api.get<ProductPageResponse>('/api/products', { params: { search, limit: 5 }, signal });
}

export const searchReplacementsQueryOptions = (search: string) =>
  queryOptions({ queryKey: packingKeys.replacements(search), queryFn: ({ signal }) => searchReplacements(search, signal), staleTime: 30_000 });

export function useReplacementSearch(search: string) {
  return useQuery({ ...searchReplacementsQueryOptions(search), enabled: search.length > 1, placeholderData: keepPreviousData });
}
