import type { ActivityEntry, ApiSuccess } from '@greencart/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys, type ActivityFilters } from './keys';

export interface ActivityPage {
  entries: ActivityEntry[];
  page: number;
  hasMore: boolean;
}

/** GET /api/seller/activity?from&to&actor&kind&page (owner only) → one page of the log, newest first. */
export async function getActivity(filters: ActivityFilters, signal?: AbortSignal): Promise<ActivityPage> {
  const params: Record<string, string> = { page: String(filters.page) };
  for (const key of ['from', 'to', 'actor', 'kind'] as const) if (filters[key]) params[key] = filters[key];
  const { entries, page, hasMore } = await api.get<ApiSuccess<ActivityPage>>('/api/seller/activity', { params, signal });
  return { entries, page, hasMore };
}

export const getActivityQueryOptions = (filters: ActivityFilters) =>
  queryOptions({ queryKey: staffKeys.activity(filters), queryFn: ({ signal }) => getActivity(filters, signal), placeholderData: keepPreviousData });

export function useActivity(filters: ActivityFilters) {
  return useQuery(getActivityQueryOptions(filters));
}
