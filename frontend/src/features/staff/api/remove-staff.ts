import type { ApiSuccess, StaffMember } from '@greencart/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './keys';

/** DELETE /api/seller/staff/:id → { success, message }: the person's sessions end at once. */
export function removeStaff(id: string): Promise<ApiSuccess> {
  return api.delete(`/api/seller/staff/${encodeURIComponent(id)}`);
}

export function useRemoveStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeStaff,
    onSuccess: (_answer, id) => queryClient.setQueryData<StaffMember[]>(staffKeys.team(), (team) => team?.filter((m) => m._id !== id)),
  });
}
