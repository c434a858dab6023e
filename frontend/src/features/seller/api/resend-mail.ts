import type { ApiSuccess } from '@greencart/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MailOverview } from './get-mail';
import { sellerKeys } from './keys';

/** POST /api/seller/notifications/resend: one message that gave up is queued again. */
export function resendMail(id: string): Promise<ApiSuccess<{ message: string }>> {
  return api.post<ApiSuccess<{ message: string }>>('/api/seller/notifications/resend', { id });
}

export function useResendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendMail,
    onSuccess: (_answer, id) => {
      // Off the list at once; the list is read again for what the outbox says now.
      queryClient.setQueryData<MailOverview>(sellerKeys.mail(), (overview) => overview && { ...overview, failed: overview.failed.filter((m) => m.id !== id) });
      void queryClient.invalidateQueries({ queryKey: sellerKeys.mail() });
    },
  });
}
