import type { ApiSuccess } from '@greencart/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setSellerSession } from '@/features/auth';
import { staffKeys } from '@/features/staff';
import { api } from '@/lib/api-client';

/** GET /api/sellerLogout → { success, message } */
export function sellerLogout(): Promise<ApiSuccess> {
  return api.get('/api/sellerLogout');
}

export function useSellerLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sellerLogout,
    onSuccess: () => {
      // Who is signed in may change (owner or a staff member): their role is read again.
      queryClient.removeQueries({ queryKey: staffKeys.me() });
      setSellerSession(queryClient, false);
    },
  });
}
