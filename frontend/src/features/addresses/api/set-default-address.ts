import type { ApiSuccess } from '@greencart/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { addressKeys } from './keys';

/** POST /api/Address/:id/default → { success }: the address checkout picks first. */
export function setDefaultAddress(id: string): Promise<ApiSuccess> {
  return api.post(`/api/Address/${encodeURIComponent(id)}/default`);
}

export function useSetDefaultAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}
