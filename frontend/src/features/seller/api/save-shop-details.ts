import { DEFAULT_DELIVERY_GST_RATE, DEFAULT_GST_RATES, type ApiSuccess, type ShopDetailsView, type ShopTaxView, type TaxMode } from '@greencart/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shopKeys } from '@/features/shop';
import { api } from '@/lib/api-client';
import { sellerKeys } from './keys';

export interface ShopDetailsInput {
  legalName: string;
  /** Left out: not registered for GST. */
  gstin?: string;
  address: string;
  stateCode: string;
  /** Issue 54; left out: as it was. `gst` needs the GSTIN. */
  taxMode?: TaxMode;
  /** The rates (percent) products may carry; left out: as they were. */
  gstRates?: number[];
  /** The rate inside the delivery fee in `gst` mode (percent); left out: as it was. */
  deliveryGstRate?: number;
}

/** PUT /api/seller/shop: saves the details invoices print from now on; answers them as saved. */
export async function saveShopDetails(details: ShopDetailsInput): Promise<ShopDetailsView> {
  return (await api.put<ApiSuccess<{ shop: ShopDetailsView }>>('/api/seller/shop', details)).shop;
}

export function useSaveShopDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveShopDetails,
    onSuccess: (saved) => {
      queryClient.setQueryData(sellerKeys.shop(), saved);
      // The storefront's view of the same settings (prices, tax lines) follows at once in this tab.
      if (saved.taxMode)
        queryClient.setQueryData<ShopTaxView>(shopKeys.tax(), {
          taxMode: saved.taxMode,
          deliveryGstRate: saved.deliveryGstRate ?? DEFAULT_DELIVERY_GST_RATE,
          gstRates: saved.gstRates?.length ? saved.gstRates : DEFAULT_GST_RATES,
        });
    },
  });
}
