import type { ApiSuccess } from '@greencart/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setSessionUser } from './session-cache';

/** GET /api/logout → { success, message } */
export function logout(): Promise<ApiSuccess> {
  return api.get('/api/logout');
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => setSessionUser(queryClient, null),
  });
}
