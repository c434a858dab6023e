import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { User } from '../types';
import { authKeys } from './keys';

/** GET /api/logout → { success, message } */
export function logout(): Promise<{ success: true; message?: string }> {
  return api.get('/api/logout');
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      await queryClient.cancelQueries({ queryKey: authKeys.user() });
      queryClient.setQueryData<User | null>(authKeys.user(), null);
    },
  });
}
