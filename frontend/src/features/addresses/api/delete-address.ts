import type { ApiSuccess } from '@greencart/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { addressKeys } from './keys';

/** DELETE /api/Address/:id → { success } */
export function deleteAddress(id: string): Promise<ApiSuccess> {
  return api.delete(`/api/Address/${encodeURIComponent(id)}`);
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}
