import type { ApiSuccess } from '@greencart/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { normalizeAddress } from '../address-form';
import type { Address, AddressInput } from '../types';
import { addressKeys } from './keys';

/** POST /api/Address/add with the body field spelled `adress` (spec §7) → the saved address. */
export async function addAddress(input: AddressInput): Promise<Address> {
  const { address } = await api.post<ApiSuccess<{ address: Address }>>('/api/Address/add', { adress: normalizeAddress(input) });
  return address;
}

export function useAddAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}
