import type { ApiSuccess, StaffMember, StaffRole } from '@greencart/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './keys';

/** PATCH /api/seller/staff/:id { name?, role? } → the member as saved (a role applies from their next request). */
export function updateStaff({ id, ...change }: { id: string; name?: string; role?: StaffRole }): Promise<ApiSuccess<{ member: StaffMember }>> {
  return api.patch(`/api/seller/staff/${encodeURIComponent(id)}`, change);
}

export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStaff,
    onSuccess: ({ member }) => queryClient.setQueryData<StaffMember[]>(staffKeys.team(), (team) => team?.map((m) => (m._id === member._id ? member : m))),
  });
}
