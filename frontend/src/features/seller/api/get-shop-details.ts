import type { ApiSuccess, ShopDetailsView } from '@greencart/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useShopTax } from '@/features/shop';
import { api } from '@/lib/api-client';
import { sellerKeys } from './keys';

/** GET /api/seller/shop → the shop's legal name, GSTIN, address and state (the server's defaults until saved). */
export async function getShopDetails(): Promise<ShopDetailsView> {
  return (await api.get<ApiSuccess<{ shop: ShopDetailsView }>>('/api/seller/shop')).shop;
}

export const getShopDetailsQueryOptions = () => queryOptions({ queryKey: sellerKeys.shop(), queryFn: getShopDetails });

export function useShopDetails() {
  return useQuery(getShopDetailsQueryOptions());
}

/** The shop's GST rates, the choices of a product's 'GST rate', for every member of staff (GET /api/shop says them). */
export function useShopGstRates(): readonly number[] {
  return useShopTax().gstRates;
}
