import type { ApiSuccess, StaffMember, StaffRole } from '@greencart/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './keys';

export type Invited = ApiSuccess<{ member: StaffMember; inviteLink: string }>;

/** POST /api/seller/staff { name, email, role } → the new member and their invitation link (also mailed). */
export function inviteStaff(input: { name: string; email: string; role: StaffRole }): Promise<Invited> {
  return api.post('/api/seller/staff', input);
}

export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteStaff,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: staffKeys.team() }),
  });
}
