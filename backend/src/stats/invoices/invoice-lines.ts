import {
  COMPOSITION_LEGEND,
  gstStateOf,
  nameWithSize,
  splitTax,
  TAX_PERCENT,
  type GstState,
  type RateTotal,
  type TaxMode,
  type TaxSplit,
} from '@greencart/domain';
import { orderTaxOf } from '../../orders/order-tax';

/** What an invoice's amounts are read from: the order's lines and totals as it was sold. */
export interface InvoicedOrder {
  /** `label`: the pack size sold ("5 kg"), absent on orders from before pack sizes. */
  items: { product?: unknown; name: string; label?: string; quantity: number; offerPricePaise: number; hsn?: string; gstRate?: number }[];
  subtotalPaise: number;
  /** A coupon's discount off the subtotal; absent on orders from before coupons (none). */
  discountPaise?: number | null;
  coupon?: { code: string } | null;
  taxPaise: number;
  deliveryFeePaise?: number;
  amountPaise: number;
  address?: { state: string };
  /** A business buyer's GSTIN (issue 54): the invoice is B2B in GSTR-1. */
  buyerGstin?: string;
  /** The tax mode it was placed in (issue 54); absent: `flat`. */
  taxMode?: TaxMode;
  deliveryGstRate?: number;
}

/** The shop's details an invoice is issued with. */
export interface InvoiceShop {
  legalName: string;
  gstin: string | null;
  address: string;
  state: GstState | null;
}

/** One line of an invoice (at its price before the order's coupon, which is one discount on the invoice's total). */
export interface InvoiceLine {
  /** The product's name with its pack size ("Whole Wheat Atta 5 kg"). */
  name: string;
  /** The pack size sold, printed under the name; absent on orders from before pack sizes. */
  label?: string;
  /** The line's HSN code: the one sold with, else the product's current one; absent when neither has one. */
  hsn?: string;
  quantity: number;
  ratePaise: number;
  /** The line's amount: rate × quantity (its taxable value when the order had no coupon). */
  amountPaise: number;
  /** `gst` mode: the line's rate, and the taxable value and GST inside its amount after its share of the coupon. */
  gst?: { ratePercent: number; taxablePaise: number; taxPaise: number };
}

export interface InvoiceAmounts {
  /** A tax invoice of a GST-registered shop, or a bill of supply (no GSTIN, composition, unregistered). */
  kind: 'tax-invoice' | 'bill-of-supply';
  /** The order's tax mode (issue 54): `flat` prints today's invoice; `gst` the tax inside the prices per line and rate. */
  mode: TaxMode;
  /** What a composition shop's bill of supply must say (COMPOSITION_LEGEND). */
  legend?: string;
  /** `gst` mode: per rate, the taxable value and the GST inside it (CGST + SGST within the state, else IGST), the fee's rate included. */
  rates?: RateTotal[];
  /** `gst` mode: the GST inside the total. */
  taxInsidePaise?: number;
  /** `gst` mode: the delivery fee's rate and the GST inside it. */
  fee?: { ratePercent: number; taxPaise: number };
  lines: InvoiceLine[];
  /** The delivery address's state; the shop's own when the address names none we know (the shop delivers locally). */
  placeOfSupply: GstState | null;
  /** Sum of the lines' amounts. */
  subtotalPaise: number;
  /** The coupon's discount off the subtotal (0: none), with its code when the order names one. */
  discountPaise: number;
  couponCode?: string;
  /** What the tax is charged on: subtotal − discount (a discount on the invoice lowers the taxable value). */
  taxableValuePaise: number;
  /** The tax charged at checkout (the shop's one rate, TAX_PERCENT, on the taxable value). */
  taxPaise: number;
  ratePercent: number;
  /** The tax as GST (CGST + SGST, or IGST); null on a bill of supply, which claims no GST. */
  gst: TaxSplit | null;
  feePaise: number;
  /** What the order charged: taxable value + tax + delivery fee. */
  totalPaise: number;
}

/**
 * The lines and amounts of an order's invoice: the one place that decides them, so pack sizes,
 * discounts and refunds extend this function, not the PDF. Amounts are the order's own (what was
 * charged), never priced again: the tax as stored (already on subtotal − discount) is what GST splits,
 * so the taxable value, the tax and the fee add up to the order's amount; `currentHsn` gives the
 * product's HSN today for lines sold without one.
 */
export function invoiceAmounts(
  order: InvoicedOrder,
  shop: InvoiceShop,
  currentHsn: (productId: string) => string | undefined = () => undefined,
): InvoiceAmounts {
  // As finally supplied: a line packed to nothing is not on the invoice (issue 39).
  const supplied = order.items.filter((item) => item.quantity > 0);
  const mode = order.taxMode ?? 'flat';
  const placeOfSupply = gstStateOf(order.address?.state) ?? shop.state;
  if (mode !== 'flat') return modeAmounts(order, supplied, shop, placeOfSupply, currentHsn);
  const lines = supplied.map((item) => {
    const hsn = item.hsn ?? (item.product ? currentHsn(String((item.product as { _id?: unknown })._id ?? item.product)) : undefined);
    return {
      name: nameWithSize(item.name, item.label),
      ...(item.label ? { label: item.label } : {}),
      ...(hsn ? { hsn } : {}),
      quantity: item.quantity,
      ratePaise: item.offerPricePaise,
      amountPaise: item.offerPricePaise * item.quantity,
    };
  });
  const registered = !!shop.gstin && !!shop.state;
  const discountPaise = order.discountPaise ?? 0;
  return {
    kind: registered ? 'tax-invoice' : 'bill-of-supply',
    mode,
    lines,
    placeOfSupply,
    subtotalPaise: order.subtotalPaise,
    discountPaise,
    ...(discountPaise > 0 && order.coupon?.code ? { couponCode: order.coupon.code } : {}),
    taxableValuePaise: order.subtotalPaise - discountPaise,
    taxPaise: order.taxPaise,
    ratePercent: TAX_PERCENT,
    gst: registered ? splitTax(order.taxPaise, TAX_PERCENT, placeOfSupply?.code === shop.state!.code) : null,
    feePaise: order.deliveryFeePaise ?? 0,
    totalPaise: order.amountPaise,
  };
}

type InvoicedItem = InvoicedOrder['items'][number];

function hsnOf(item: InvoicedItem, currentHsn: (productId: string) => string | undefined): string | undefined {
  return item.hsn ?? (item.product ? currentHsn(String((item.product as { _id?: unknown })._id ?? item.product)) : undefined);
}

/**
 * `gst`, `composition` and `unregistered` orders: nothing was added on top, so the lines' amounts less the
 * coupon plus the fee are the total. In `gst` each line shows its rate and the taxable value and GST inside
 * it, and the rates are summed (domain priceOrderTax, the rule the order was charged by).
 */
function modeAmounts(
  order: InvoicedOrder,
  supplied: InvoicedItem[],
  shop: InvoiceShop,
  placeOfSupply: GstState | null,
  currentHsn: (productId: string) => string | undefined,
): InvoiceAmounts {
  const mode = order.taxMode!;
  const discountPaise = order.discountPaise ?? 0;
  // Field by field: the order may be a database document, whose fields a spread does not copy.
  const withHsn = supplied.map((item) => ({
    name: item.name,
    label: item.label,
    quantity: item.quantity,
    offerPricePaise: item.offerPricePaise,
    gstRate: item.gstRate,
    hsn: hsnOf(item, currentHsn),
  }));
  const tax = orderTaxOf(
    { taxMode: mode, items: withHsn, discountPaise, deliveryFeePaise: order.deliveryFeePaise ?? 0, deliveryGstRate: order.deliveryGstRate },
    { shop: shop.state?.code, placeOfSupply: placeOfSupply?.code },
  );
  const gst = mode === 'gst';
  const lines: InvoiceLine[] = withHsn.map((item, i) => ({
    name: nameWithSize(item.name, item.label),
    ...(item.label ? { label: item.label } : {}),
    ...(item.hsn ? { hsn: item.hsn } : {}),
    quantity: item.quantity,
    ratePaise: item.offerPricePaise,
    amountPaise: item.offerPricePaise * item.quantity,
    ...(gst ? { gst: { ratePercent: tax.lines[i].ratePercent ?? 0, taxablePaise: tax.lines[i].taxablePaise, taxPaise: tax.lines[i].taxPaise } } : {}),
  }));
  return {
    kind: gst ? 'tax-invoice' : 'bill-of-supply',
    mode,
    ...(tax.legend ? { legend: tax.legend } : mode === 'composition' ? { legend: COMPOSITION_LEGEND } : {}),
    lines,
    placeOfSupply,
    subtotalPaise: order.subtotalPaise,
    discountPaise,
    ...(discountPaise > 0 && order.coupon?.code ? { couponCode: order.coupon.code } : {}),
    taxableValuePaise: gst ? tax.totals.taxablePaise : order.subtotalPaise - discountPaise,
    taxPaise: 0,
    ratePercent: 0,
    gst: null,
    ...(gst
      ? {
          rates: tax.rates,
          taxInsidePaise: tax.totals.taxPaise,
          ...(tax.fee.ratePercent !== null ? { fee: { ratePercent: tax.fee.ratePercent, taxPaise: tax.fee.taxPaise } } : {}),
        }
      : {}),
    feePaise: order.deliveryFeePaise ?? 0,
    totalPaise: order.amountPaise,
  };
}
