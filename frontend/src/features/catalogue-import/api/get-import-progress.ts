import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { invalidateProductQueries } from '@/features/products';
import { api } from '@/lib/api-client';
import type { ImportProgress } from '../types';
import { catalogueImportKeys } from './keys';

/** How often a running import is asked about. */
export const IMPORT_PROGRESS_POLL_MS = 1_000;

/** Still checking or applying: more to come. */
export const isImportRunning = (progress: ImportProgress | undefined) => progress?.state === 'checking' || progress?.state === 'applying';

/** GET /api/seller/products/import/:id → its state and `done` of `total` rows, and its errors when it failed. */
export function getImportProgress(importId: string, signal?: AbortSignal): Promise<ImportProgress> {
  return api.get<ImportProgress>(`/api/seller/products/import/${encodeURIComponent(importId)}`, { signal });
}

/** Asked again every second while it runs; once done (or failed part-way), every product list and page is reloaded (the catalogue changed at once). */
export const getImportProgressQueryOptions = (importId: string, queryClient: QueryClient) =>
  queryOptions({
    queryKey: catalogueImportKeys.progress(importId),
    queryFn: async ({ signal }) => {
      const progress = await getImportProgress(importId, signal);
      if (progress.state === 'done' || (progress.state === 'failed' && progress.partlyApplied)) void invalidateProductQueries(queryClient);
      return progress;
    },
    refetchInterval: (query) => (isImportRunning(query.state.data) ? IMPORT_PROGRESS_POLL_MS : false),
    // A finished import does not change again.
    staleTime: (query) => (query.state.data && !isImportRunning(query.state.data) ? Infinity : 0),
  });

/** The progress of an import (none: no query). */
export function useImportProgress(importId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({ ...getImportProgressQueryOptions(importId ?? '', queryClient), enabled: importId !== null });
}
