import type { ApiSuccess, ShopDetailsView } from '@greencart/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sellerKeys } from './keys';

export interface ShopDetailsInput {
  legalName: string;
  /** Left out: not registered for GST. */
  gstin?: string;
  address: string;
  stateCode: string;
}

/** PUT /api/seller/shop: saves the details invoices print from now on; answers them as saved. */
export async function saveShopDetails(details: ShopDetailsInput): Promise<ShopDetailsView> {
  return (await api.put<ApiSuccess<{ shop: ShopDetailsView }>>('/api/seller/shop', details)).shop;
}

export function useSaveShopDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveShopDetails,
    onSuccess: (saved) => queryClient.setQueryData(sellerKeys.shop(), saved),
  });
}
