import type { ApiSuccess } from '@greencart/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshSession } from '@/features/auth';
import { api } from '@/lib/api-client';

type ResendResponse = ApiSuccess<{ emailVerified: boolean; message: string }>;

/** POST /api/auth/verify-email/resend → a new link to the signed-in shopper (429 within 2 minutes of the last one). */
export function resendVerification(): Promise<ResendResponse> {
  return api.post<ResendResponse>('/api/auth/verify-email/resend', {});
}

export function useResendVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendVerification,
    // Confirmed meanwhile (on another device): the session says so, and the banner goes.
    onSuccess: (result) => (result.emailVerified ? refreshSession(queryClient) : undefined),
  });
}
