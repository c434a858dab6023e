import type { StatsResponse } from '@greencart/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { statsKeys, type StatsRange } from './keys';

/** GET /api/seller/stats?days=N | ?from&to → the seller's figures for those days (seller session). */
export function getStats(range: StatsRange, signal?: AbortSignal): Promise<StatsResponse> {
  return api.get<StatsResponse>('/api/seller/stats', { params: { ...range }, signal });
}

export const getStatsQueryOptions = (range: StatsRange) =>
  queryOptions({
    queryKey: statsKeys.range(range),
    queryFn: ({ signal }) => getStats(range, signal),
    // Kept live by the `stats-updated` push (useStatsPushes); asked again when the seller comes back to the tab.
    staleTime: 30_000,
    refetchOnWindowFocus: true,
    placeholderData: keepPreviousData,
  });

export function useStats(range: StatsRange) {
  return useQuery(getStatsQueryOptions(range));
}
