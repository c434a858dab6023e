import type { StaffMember } from '@greencart/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Invited } from './invite-staff';
import { staffKeys } from './keys';

/** POST /api/seller/staff/:id/reset → a new invitation in place of the person's password; their sessions end. */
export function resetStaff(id: string): Promise<Invited> {
  return api.post(`/api/seller/staff/${encodeURIComponent(id)}/reset`);
}

export function useResetStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetStaff,
    onSuccess: ({ member }) => queryClient.setQueryData<StaffMember[]>(staffKeys.team(), (team) => team?.map((m) => (m._id === member._id ? member : m))),
  });
}
