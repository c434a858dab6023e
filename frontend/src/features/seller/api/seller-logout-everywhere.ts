import type { ApiSuccess } from '@greencart/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setSellerSession } from '@/features/auth';
import { staffKeys } from '@/features/staff';
import { api } from '@/lib/api-client';

/** POST /api/sellerLogout/everywhere → { success, message }: every seller session ends, this one included. */
export function sellerLogoutEverywhere(): Promise<ApiSuccess> {
  return api.post('/api/sellerLogout/everywhere');
}

export function useSellerLogoutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sellerLogoutEverywhere,
    onSuccess: () => {
      // Who is signed in may change (owner or a staff member): their role is read again.
      queryClient.removeQueries({ queryKey: staffKeys.me() });
      setSellerSession(queryClient, false);
    },
  });
}
