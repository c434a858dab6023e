import type { ApiSuccess } from '@greencart/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { User } from '../types';
import { authKeys } from './keys';

/** GET /api/isAuth → the signed-in shopper, or null. A failed check means "signed out", silently (401 is the normal answer). */
export async function getUser(): Promise<User | null> {
  try {
    const { userData } = await api.get<ApiSuccess<{ userData: User }>>('/api/isAuth');
    return userData ?? null;
  } catch {
    return null;
  }
}

export const getUserQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.user(),
    queryFn: getUser,
    staleTime: 5 * 60_000,
    retry: false,
  });

/** The signed-in shopper: `data` is undefined while checking, null when signed out. */
export function useUser() {
  return useQuery(getUserQueryOptions());
}
