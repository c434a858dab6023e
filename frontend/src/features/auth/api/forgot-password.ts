import type { ApiSuccess } from '@greencart/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/password/forgot → the same answer whether or not an account has this email. */
export function forgotPassword(email: string): Promise<ApiSuccess<{ message: string }>> {
  return api.post<ApiSuccess<{ message: string }>>('/api/password/forgot', { email });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
