import type { ApiSuccess } from '@greencart/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { normalizeAddress } from '../address-form';
import type { Address, AddressInput } from '../types';
import { addressKeys } from './keys';

export interface UpdateAddressInput {
  id: string;
  address: AddressInput;
}

/** PATCH /api/Address/:id with `{ adress: {...} }` → the saved address. Orders already placed keep the address they were placed with. */
export async function updateAddress({ id, address }: UpdateAddressInput): Promise<Address> {
  const response = await api.patch<ApiSuccess<{ address: Address }>>(`/api/Address/${encodeURIComponent(id)}`, { adress: normalizeAddress(address) });
  return response.address;
}

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}
