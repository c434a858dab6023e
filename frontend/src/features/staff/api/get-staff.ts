import type { ApiSuccess, StaffMember } from '@greencart/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './keys';

/** GET /api/seller/staff (owner only) → the team. */
export async function getStaff(signal?: AbortSignal): Promise<StaffMember[]> {
  return (await api.get<ApiSuccess<{ staff: StaffMember[] }>>('/api/seller/staff', { signal })).staff;
}

export const getStaffQueryOptions = () => queryOptions({ queryKey: staffKeys.team(), queryFn: ({ signal }) => getStaff(signal) });

export function useStaff() {
  return useQuery(getStaffQueryOptions());
}
