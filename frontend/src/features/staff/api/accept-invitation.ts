import type { ApiSuccess } from '@greencart/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/seller/staff/accept { token, password } → { success, message }: the link is spent. */
export function acceptInvitation(input: { token: string; password: string }): Promise<ApiSuccess> {
  return api.post('/api/seller/staff/accept', input);
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
