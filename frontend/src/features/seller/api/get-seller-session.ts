import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sellerKeys } from './keys';

/** GET /api/is-auth-seller → true when the seller is signed in. Any failure (401 included) means "not the seller", silently. */
export async function getSellerSession(): Promise<boolean> {
  try {
    const { success } = await api.get<{ success: boolean }>('/api/is-auth-seller');
    return success === true;
  } catch {
    return false;
  }
}

export const getSellerSessionQueryOptions = () =>
  queryOptions({
    queryKey: sellerKeys.session(),
    queryFn: getSellerSession,
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useSellerSession() {
  return useQuery(getSellerSessionQueryOptions());
}
