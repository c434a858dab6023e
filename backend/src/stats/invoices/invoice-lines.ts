import { gstStateOf, nameWithSize, splitTax, TAX_PERCENT, type GstState, type TaxSplit } from '@greencart/domain';

/** What an invoice's amounts are read from: the order's lines and totals as it was sold. */
export interface InvoicedOrder {
  /** `label`: the pack size sold ("5 kg"), absent on orders from before pack sizes. */
  items: { product?: unknown; name: string; label?: string; quantity: number; offerPricePaise: number; hsn?: string }[];
  subtotalPaise: number;
  taxPaise: number;
  deliveryFeePaise?: number;
  amountPaise: number;
  address?: { state: string };
}

/** The shop's details an invoice is issued with. */
export interface InvoiceShop {
  legalName: string;
  gstin: string | null;
  address: string;
  state: GstState | null;
}

/** One line of an invoice. Discounts and refunds (later issues) add their fields here. */
export interface InvoiceLine {
  /** The product's name with its pack size ("Whole Wheat Atta 5 kg"). */
  name: string;
  /** The pack size sold, printed under the name; absent on orders from before pack sizes. */
  label?: string;
  /** The line's HSN code: the one sold with, else the product's current one; absent when neither has one. */
  hsn?: string;
  quantity: number;
  ratePaise: number;
  /** Taxable value of the line. */
  amountPaise: number;
}

export interface InvoiceAmounts {
  /** A tax invoice of a GST-registered shop, or a bill of supply of one without a GSTIN. */
  kind: 'tax-invoice' | 'bill-of-supply';
  lines: InvoiceLine[];
  /** The delivery address's state; the shop's own when the address names none we know (the shop delivers locally). */
  placeOfSupply: GstState | null;
  /** Sum of the lines' taxable values. */
  subtotalPaise: number;
  /** The tax charged at checkout (the shop's one rate, TAX_PERCENT). */
  taxPaise: number;
  ratePercent: number;
  /** The tax as GST (CGST + SGST, or IGST); null on a bill of supply, which claims no GST. */
  gst: TaxSplit | null;
  feePaise: number;
  totalPaise: number;
}

/**
 * The lines and amounts of an order's invoice: the one place that decides them, so pack sizes,
 * discounts and refunds extend this function, not the PDF. Amounts are the order's own (what was
 * charged), never priced again; `currentHsn` gives the product's HSN today for lines sold without one.
 */
export function invoiceAmounts(
  order: InvoicedOrder,
  shop: InvoiceShop,
  currentHsn: (productId: string) => string | undefined = () => undefined,
): InvoiceAmounts {
  const lines = order.items.map((item) => {
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
  const placeOfSupply = gstStateOf(order.address?.state) ?? shop.state;
  const registered = !!shop.gstin && !!shop.state;
  return {
    kind: registered ? 'tax-invoice' : 'bill-of-supply',
    lines,
    placeOfSupply,
    subtotalPaise: order.subtotalPaise,
    taxPaise: order.taxPaise,
    ratePercent: TAX_PERCENT,
    gst: registered ? splitTax(order.taxPaise, TAX_PERCENT, placeOfSupply?.code === shop.state!.code) : null,
    feePaise: order.deliveryFeePaise ?? 0,
    totalPaise: order.amountPaise,
  };
}
