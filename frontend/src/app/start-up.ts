import type { QueryClient } from '@tanstack/react-query';
import { getSessionQueryOptions } from '@/features/auth';

/**
 * At start: one session check for the whole page (shopper and seller, GET /api/session; signed out
 * is a normal 200 answer, so nothing is logged). The catalogue is asked for only by the pages that show it.
 */
export function startUp(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(getSessionQueryOptions());
}
