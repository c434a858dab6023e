import type { ApiSuccess } from '@greencart/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AuthResponse } from '../types';
import { authKeys } from './keys';
import { setSessionUser } from './session-cache';

/** POST /api/password/reset/check → the account's email while the link works (400 with the reason otherwise). */
export async function checkResetLink(token: string): Promise<string> {
  return (await api.post<ApiSuccess<{ email: string }>>('/api/password/reset/check', { token })).email;
}

export const resetLinkQueryOptions = (token: string) =>
  queryOptions({ queryKey: authKeys.resetLink(token), queryFn: () => checkResetLink(token), retry: false, staleTime: Infinity, gcTime: 0 });

export function useResetLink(token: string) {
  return useQuery({ ...resetLinkQueryOptions(token), enabled: token !== '' });
}

export interface ResetPasswordInput {
  token: string;
  password: string;
}

/** POST /api/password/reset → signed in with the new password (every other session ended). */
export function resetPassword(input: ResetPasswordInput): Promise<AuthResponse> {
  return api.post<AuthResponse>('/api/password/reset', input);
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ResetPasswordInput) => setSessionUser(queryClient, (await resetPassword(input)).userData),
  });
}
