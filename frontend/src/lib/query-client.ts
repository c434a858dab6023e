import { onlineManager, QueryClient, type DefaultOptions, type UseMutationOptions } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { cataloguePushesLive } from './socket';

/** A request that could not reach the server (no connection, server down): not an answer about the data. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

const defaultOptions: DefaultOptions = {
  queries: {
    staleTime: 60_000,
    refetchOnWindowFocus: false,
    // Offline the first try still goes out: the service worker may answer it from what it kept.
    networkMode: 'offlineFirst',
    // A 4xx answer will not change on retry; network and server errors might, but not while offline
    // (a retry would wait for the connection, and the page would say "loading" meanwhile).
    retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2 && onlineManager.isOnline(),
  },
};

// TanStack Query assumes a connection at start-up: a page opened offline would never see it come back
// (no change, so no refetch on reconnect and no paused change sent).
if (typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean') onlineManager.setOnline(navigator.onLine);

/**
 * How often an open product, cart or checkout page asks for its products again (while visible and online)
 * when the catalogue's pushes do not reach it: the server pushes every stock and price change
 * (catalogue-pushes.ts), this is the fallback. The answers carry an ETag (a 304 costs little).
 */
export const LIVE_STOCK_REFRESH_MS = 30_000;
/** The same while the pushes arrive: only in case one was lost without the connection noticing. */
export const PUSHED_STOCK_REFRESH_MS = 5 * 60_000;

/** refetchInterval for a query that follows stock: once it has data, slowly, more slowly while pushes arrive; never while offline or failing. */
export function followStock(query: { state: { status: string } }): number | false {
  if (query.state.status !== 'success' || !onlineManager.isOnline()) return false;
  return cataloguePushesLive() ? PUSHED_STOCK_REFRESH_MS : LIVE_STOCK_REFRESH_MS;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions });
}

export const queryClient = createQueryClient();

/** Extra options a caller may pass to a feature's query hook (bulletproof-react style). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any options factory
export type QueryConfig<T extends (...args: any[]) => any> = Omit<ReturnType<T>, 'queryKey' | 'queryFn'>;

export type MutationConfig<
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any mutation function
  MutationFnType extends (...args: any[]) => Promise<unknown>,
> = UseMutationOptions<Awaited<ReturnType<MutationFnType>>, Error, Parameters<MutationFnType>[0]>;
