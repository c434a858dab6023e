import type { ApiSuccess } from '@greencart/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { refreshSession } from '@/features/auth';
import { api } from '@/lib/api-client';

/** POST /api/auth/verify-email → the address the link confirmed (400 with the reason: used, expired, not valid). */
export async function verifyEmail(token: string): Promise<{ email: string; message: string }> {
  const { email, message } = await api.post<ApiSuccess<{ email: string; message: string }>>('/api/auth/verify-email', { token });
  return { email, message };
}

/**
 * Opens the link once per page (a query, so a second render or StrictMode's double effect does not
 * spend the link twice), then asks for the session again: the banner goes.
 */
export function useVerifyEmail(token: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['verify-email', token],
    queryFn: async () => {
      const result = await verifyEmail(token);
      await refreshSession(queryClient);
      return result;
    },
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
