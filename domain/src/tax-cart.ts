/**
 * Issue 54: the cart's price in the shop's tax mode, the one rule the storefront shows and the server
 * charges. `flat` is pricing.ts priceCart to the paisa (2% added); in the other modes nothing is added:
 * the total is subtotal − discount + delivery fee, and in `gst` mode `taxInsidePaise` says the GST that
 * total already holds (tax.ts priceOrderTax). The invoice's split per line and rate is priceOrderTax's.
 */
import { discountFor, deliveryFeeFor, priceCart, toPaise, type DeliveryCharge, type DiscountTerms, type PriceBreakdown, type PricedLineInput } from './pricing';
import { priceOrderTax } from './tax';
import type { ShopTaxView, TaxMode } from './tax-rates';

export interface TaxedLineInputForCart extends PricedLineInput {
  /** The product's GST rate (percent); `gst` mode only. A line without one counts no tax inside (the server refuses it). */
  gstRate?: number | null;
}

export interface TaxedPriceBreakdown extends PriceBreakdown {
  mode: TaxMode;
  /** `gst` mode: the GST inside the total (lines and fee); 0 in the other modes. */
  taxInsidePaise: number;
}

/** The cart's price in `mode`, as the server charges it (see the header). */
export function priceCartIn(
  tax: Pick<ShopTaxView, 'taxMode' | 'deliveryGstRate'>,
  lines: readonly TaxedLineInputForCart[],
  delivery?: DeliveryCharge | null,
  coupon?: DiscountTerms | null,
): TaxedPriceBreakdown {
  if (tax.taxMode === 'flat') return { ...priceCart(lines, delivery, coupon), mode: 'flat', taxInsidePaise: 0 };
  let subtotalPaise = 0;
  for (const line of lines) {
    if (!Number.isInteger(line.quantity) || line.quantity < 0) throw new RangeError('quantity must be a non-negative integer');
    subtotalPaise += toPaise(line.offerPrice) * line.quantity;
  }
  const discountPaise = discountFor(subtotalPaise, coupon);
  const shippingPaise = subtotalPaise > 0 ? deliveryFeeFor(subtotalPaise, delivery) : 0;
  const totalPaise = subtotalPaise - discountPaise + shippingPaise;
  let taxInsidePaise = 0;
  if (tax.taxMode === 'gst' && subtotalPaise > 0) {
    const priced = priceOrderTax({
      mode: 'gst',
      lines: lines.map((line) => ({ offerPrice: line.offerPrice, quantity: line.quantity, gstRate: line.gstRate ?? 0 })),
      discountPaise,
      deliveryFeePaise: shippingPaise,
      deliveryGstRate: tax.deliveryGstRate,
    });
    taxInsidePaise = priced.totals.taxPaise;
  }
  return { subtotalPaise, discountPaise, taxPaise: 0, shippingPaise, totalPaise, mode: tax.taxMode, taxInsidePaise };
}
