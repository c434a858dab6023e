import type { ApiSuccess } from '@greencart/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authKeys } from './keys';

/** GET /api/auth/google/status → whether Google sign-in is configured on this server. */
export async function getGoogleStatus(): Promise<boolean> {
  const { enabled } = await api.get<ApiSuccess<{ enabled: boolean }>>('/api/auth/google/status');
  return enabled === true;
}

export const getGoogleStatusQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.googleStatus(),
    queryFn: getGoogleStatus,
    staleTime: Infinity,
  });

export function useGoogleStatus(enabled = true) {
  return useQuery({ ...getGoogleStatusQueryOptions(), enabled });
}

/** Google sign-in is a full-page trip through the server (OAuth), coming back to `returnTo`. */
export function googleSignInUrl(returnTo: string): string {
  return `/api/auth/google?returnTo=${encodeURIComponent(returnTo)}`;
}
