import { roleMay, type ApiSuccess, type SellerAccount, type SellerPermission } from '@greencart/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './keys';

/** GET /api/seller/me → who is signed in to the seller area (owner, manager or packer) and what the role allows. */
export async function getSellerAccount(signal?: AbortSignal): Promise<SellerAccount> {
  const answer = await api.get<ApiSuccess<{ account: SellerAccount }>>('/api/seller/me', { signal });
  return answer.account;
}

export const getSellerAccountQueryOptions = () =>
  queryOptions({ queryKey: staffKeys.me(), queryFn: ({ signal }) => getSellerAccount(signal), staleTime: 60_000 });

export function useSellerAccount() {
  return useQuery(getSellerAccountQueryOptions());
}

/** Whether the signed-in seller account may use what needs `permission` (undefined: the owner's alone); false while unknown. */
export function useSellerMay(permission: SellerPermission | undefined): boolean {
  const { data } = useSellerAccount();
  return data ? roleMay(data.role, permission) : false;
}
