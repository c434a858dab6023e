import type { ApiSuccess } from '@greencart/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setSellerSession } from '@/features/auth';
import { api } from '@/lib/api-client';

/** POST /api/sellerLogout/everywhere → { success, message }: every seller session ends, this one included. */
export function sellerLogoutEverywhere(): Promise<ApiSuccess> {
  return api.post('/api/sellerLogout/everywhere');
}

export function useSellerLogoutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sellerLogoutEverywhere,
    onSuccess: () => setSellerSession(queryClient, false),
  });
}
