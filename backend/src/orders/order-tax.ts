import { priceOrderTax, type OrderTax, type TaxMode } from '@greencart/domain';
import { ConflictException } from '@nestjs/common';

/**
 * Issue 54: a product without a GST rate while the shop is in `gst` mode. It cannot be sold until the
 * owner gives it one (the seller's product list says which); placing an order with it is a 409 naming it.
 */
export class NoGstRate extends ConflictException {
  constructor(readonly productName: string) {
    super(`${productName} cannot be sold yet: the shop has not set its GST rate. Please remove it from your cart or try again later`);
  }
}

/** What an order's tax is worked out from: its mode, lines as supplied, discount and fee as charged. */
export interface TaxedOrder {
  taxMode?: TaxMode;
  items: readonly { offerPricePaise: number; quantity: number; gstRate?: number; hsn?: string }[];
  discountPaise?: number;
  deliveryFeePaise?: number;
  deliveryGstRate?: number;
}

/**
 * The order's tax by the one money rule (domain priceOrderTax) in the mode it was placed with, for the
 * states given (CGST + SGST within the shop's state, IGST to another). In `gst` mode a line stored
 * without a rate (none can be placed so) counts 0%.
 */
export function orderTaxOf(order: TaxedOrder, states: { shop?: string | null; placeOfSupply?: string | null; registered?: boolean } = {}): OrderTax {
  const mode = order.taxMode ?? 'flat';
  return priceOrderTax({
    mode,
    lines: order.items.map((item) => ({
      unitPaise: item.offerPricePaise,
      quantity: item.quantity,
      gstRate: mode === 'gst' ? (item.gstRate ?? 0) : null,
      ...(item.hsn ? { hsn: item.hsn } : {}),
    })),
    discountPaise: order.discountPaise ?? 0,
    deliveryFeePaise: order.deliveryFeePaise ?? 0,
    ...(order.deliveryGstRate !== undefined ? { deliveryGstRate: order.deliveryGstRate } : {}),
    shopStateCode: states.shop,
    placeOfSupplyStateCode: states.placeOfSupply,
    ...(states.registered !== undefined ? { registered: states.registered } : {}),
  });
}
