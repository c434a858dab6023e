import type { ApiSuccess } from '@greencart/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sellerKeys } from './keys';

/** POST /api/seller/notifications/resend-all: every message that gave up is queued again. */
export function resendAllMail(): Promise<ApiSuccess<{ count: number; message: string }>> {
  return api.post<ApiSuccess<{ count: number; message: string }>>('/api/seller/notifications/resend-all');
}

export function useResendAllMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendAllMail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sellerKeys.mail() }),
  });
}
