import type { ApiSuccess } from '@greencart/domain';
import { onlineManager, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Session, User } from '../types';
import { authKeys } from './keys';

export const SIGNED_OUT: Session = { shopper: null, seller: false };

/**
 * GET /api/session → the shopper (with the saved cart) or null, and whether the seller is signed in:
 * one request for the whole page, always 200. A failed check (offline, server down) throws: it says
 * nothing about who this browser is, so it must never read as "signed out".
 */
export async function getSession(signal?: AbortSignal): Promise<Session> {
  const { shopper, seller } = await api.get<ApiSuccess<{ shopper: User | null; seller: boolean }>>('/api/session', { signal });
  return { shopper: shopper ?? null, seller: seller === true };
}

export const getSessionQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.session(),
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 5 * 60_000,
    // Asked at once even offline (then it fails: "unknown"), and again as soon as the connection is back.
    networkMode: 'always',
    retry: false,
    refetchOnReconnect: true,
    // A page opening while the check has failed does not ask again by itself: each try would turn the
    // session back to "checking" and the pages that wait for it would unmount and mount again.
    retryOnMount: false,
    // A failed check while the browser is online (the server was down) is tried again every 15 s.
    refetchInterval: (query) => (query.state.status === 'error' && onlineManager.isOnline() ? 15_000 : false),
  });

/** Who this browser is: `data` is undefined while checking, and stays so when the check failed (see useSessionStatus). */
export function useSession() {
  return useQuery(getSessionQueryOptions());
}

/**
 * 'checking' until the first answer; 'unknown' when the session could not be read (offline, server
 * down) and nothing was known before; else 'known' (signed in or out). A failed re-check keeps what was known.
 */
export type SessionStatus = 'checking' | 'unknown' | 'known';

export function sessionStatus(query: { data?: unknown; isError: boolean; errorUpdateCount: number }): SessionStatus {
  if (query.data !== undefined) return 'known';
  // Asked again after a failure (back online): still unknown until the answer, not "checking" from scratch.
  return query.isError || query.errorUpdateCount > 0 ? 'unknown' : 'checking';
}

export function useSessionStatus(): SessionStatus {
  const query = useQuery({ ...getSessionQueryOptions(), select: () => true });
  return sessionStatus(query);
}

/** Whether the seller is signed in (undefined while checking). */
export function useSellerSession() {
  return useQuery({ ...getSessionQueryOptions(), select: (session) => session.seller });
}
