import { fromPaise, TAX_PERCENT, type StatsTax, type TaxMode } from '@greencart/domain';
import { orderTaxOf } from '../orders/order-tax';

/** What the tax per rate reads of an order (rollups.ts StatsOrder has it). */
export interface TaxedStatsOrder {
  subtotalPaise: number;
  discountPaise?: number | null;
  taxPaise: number;
  deliveryFeePaise?: number | null;
  taxMode?: TaxMode | null;
  deliveryGstRate?: number | null;
  items: readonly { quantity: number; offerPricePaise: number; gstRate?: number | null }[];
}

/** Issue 54: the day roll-ups' tax per rate (`taxes.r<hundredths>`), and the range's tax figures from them. */

/**
 * The order's tax per rate (issue 54): `flat`'s 2% as charged on subtotal − discount; `gst`'s inside the prices
 * and the fee by the one money rule; none where no tax is shown (composition, unregistered).
 */
export function taxRatesOf(order: TaxedStatsOrder): { ratePercent: number; taxablePaise: number; taxPaise: number }[] {
  const mode = order.taxMode ?? 'flat';
  if (mode === 'flat')
    return order.taxPaise ? [{ ratePercent: TAX_PERCENT, taxablePaise: order.subtotalPaise - (order.discountPaise ?? 0), taxPaise: order.taxPaise }] : [];
  if (mode !== 'gst') return [];
  return orderTaxOf({
    taxMode: 'gst',
    items: order.items.map((item) => ({ offerPricePaise: item.offerPricePaise, quantity: item.quantity, gstRate: item.gstRate ?? undefined })),
    discountPaise: order.discountPaise ?? 0,
    deliveryFeePaise: order.deliveryFeePaise ?? 0,
    ...(order.deliveryGstRate !== undefined && order.deliveryGstRate !== null ? { deliveryGstRate: order.deliveryGstRate } : {}),
  }).rates;
}

/** Sales with and without tax, and the tax per rate (issue 54); rates whose orders all left the figures are not shown. */
export function taxFigures(revenuePaise: number, taxes: Map<string, { taxablePaise: number; taxPaise: number }>): StatsTax {
  const byRate = [...taxes.entries()]
    .map(([key, t]) => ({
      ratePercent: Number(key.slice(1)) / 100,
      taxable: fromPaise(t.taxablePaise),
      tax: fromPaise(t.taxPaise),
      taxPaise: t.taxPaise,
      taxablePaise: t.taxablePaise,
    }))
    .filter((t) => t.taxablePaise !== 0 || t.taxPaise !== 0)
    .sort((a, b) => a.ratePercent - b.ratePercent);
  const taxPaise = byRate.reduce((sum, t) => sum + t.taxPaise, 0);
  return {
    withTax: fromPaise(revenuePaise),
    withoutTax: fromPaise(revenuePaise - taxPaise),
    tax: fromPaise(taxPaise),
    byRate: byRate.map(({ ratePercent, taxable, tax }) => ({ ratePercent, taxable, tax })),
  };
}
