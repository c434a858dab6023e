import { DEFAULT_SHOP_TAX, gstRateListProblem, isGstRateForm, isTaxMode, type PublicShopResponse, type ShopTaxView } from '@greencart/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { shopKeys } from './keys';

/** Today's rule (`flat`) and the default rates: from tax-rates.ts, which imports nothing (the product page's first view asks). */
const TODAYS_RULE: ShopTaxView = DEFAULT_SHOP_TAX;

/** The owner changes the tax mode seldom: asked again after ten minutes (checkout asks sooner, see useShopTax). */
const SHOP_TAX_STALE_MS = 10 * 60_000;

/** GET /api/shop (public) → how the shop is taxed; an answer that does not read as one is today's rule (`flat`). */
export async function getShopTax(signal?: AbortSignal): Promise<ShopTaxView> {
  const { shop } = await api.get<PublicShopResponse>('/api/shop', { signal });
  return {
    taxMode: isTaxMode(shop?.taxMode) ? shop.taxMode : TODAYS_RULE.taxMode,
    deliveryGstRate: isGstRateForm(shop?.deliveryGstRate) ? shop.deliveryGstRate : TODAYS_RULE.deliveryGstRate,
    gstRates: gstRateListProblem(shop?.gstRates) ? TODAYS_RULE.gstRates : shop.gstRates,
  };
}

export const getShopTaxQueryOptions = () =>
  queryOptions({ queryKey: shopKeys.tax(), queryFn: ({ signal }) => getShopTax(signal), staleTime: SHOP_TAX_STALE_MS });

/**
 * The shop's tax mode and delivery GST rate; today's rule (`flat`, DEFAULT_SHOP_TAX) while it loads or when it
 * cannot be read. `staleTime`: how old an answer this screen accepts (checkout: a minute, its total must be the charge).
 */
export function useShopTax({ staleTime }: { staleTime?: number } = {}): ShopTaxView {
  const { data } = useQuery({ ...getShopTaxQueryOptions(), ...(staleTime !== undefined ? { staleTime } : {}) });
  return data ?? TODAYS_RULE;
}
