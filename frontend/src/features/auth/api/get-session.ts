import type { ApiSuccess } from '@greencart/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Session, User } from '../types';
import { authKeys } from './keys';

export const SIGNED_OUT: Session = { shopper: null, seller: false };

/**
 * GET /api/session → the shopper (with the saved cart) or null, and whether the seller is signed in:
 * one request for the whole page, always 200. A failed check means "signed out", silently.
 */
export async function getSession(signal?: AbortSignal): Promise<Session> {
  try {
    const { shopper, seller } = await api.get<ApiSuccess<{ shopper: User | null; seller: boolean }>>('/api/session', { signal });
    return { shopper: shopper ?? null, seller: seller === true };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return SIGNED_OUT;
  }
}

export const getSessionQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.session(),
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** Who this browser is: `data` is undefined while checking. */
export function useSession() {
  return useQuery(getSessionQueryOptions());
}

/** Whether the seller is signed in (undefined while checking). */
export function useSellerSession() {
  return useQuery({ ...getSessionQueryOptions(), select: (session) => session.seller });
}
