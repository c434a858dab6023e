import type { ApiSuccess } from '@greencart/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/seller/password { currentPassword, password } (staff) → { success, message }: their other sessions end, this one goes on. */
export function changeStaffPassword(input: { currentPassword: string; password: string }): Promise<ApiSuccess> {
  return api.post('/api/seller/password', input);
}

export function useChangeStaffPassword() {
  return useMutation({ mutationFn: changeStaffPassword });
}
