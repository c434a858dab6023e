import type { ApiSuccess } from '@greencart/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Address } from '../types';
import { addressKeys } from './keys';

/** GET /api/Address/get → the signed-in shopper's saved addresses. */
export async function getAddresses(signal?: AbortSignal): Promise<Address[]> {
  const { address } = await api.get<ApiSuccess<{ address: Address[] }>>('/api/Address/get', { signal });
  return Array.isArray(address) ? address : [];
}

export const getAddressesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: addressKeys.list(userId),
    queryFn: ({ signal }) => getAddresses(signal),
  });

/**
 * The shopper's addresses; nothing is asked while signed out (`userId` undefined).
 * `fresh`: asked again whenever the screen opens (checkout: an address saved in another tab or device must show).
 */
export function useAddresses(userId: string | undefined, { fresh = false }: { fresh?: boolean } = {}) {
  return useQuery({ ...getAddressesQueryOptions(userId ?? ''), enabled: Boolean(userId), ...(fresh ? { refetchOnMount: 'always' as const } : {}) });
}
