import { formatRupees, nameWithSize, slotText } from '@greencart/domain';
import { csvLine, moneyCell, phoneCell, textCell } from '../common/csv/csv-cells';
import { dayOf, timeOf } from '../common/time/shop-time';

/** What the CSV reads of a stored order. */
export interface CsvOrder {
  _id: unknown;
  user: unknown;
  orderNumber?: string;
  createdAt: Date;
  address?: { firstName?: string; lastName?: string; phone?: string; pincode?: string } | null;
  /** `label`: the pack size sold, absent on orders from before pack sizes. */
  items: readonly { name: string; label?: string; quantity: number; offerPricePaise: number; ordered?: number }[];
  subtotalPaise: number;
  /** A coupon's discount off the subtotal; absent on orders from before coupons (none). */
  discountPaise?: number | null;
  coupon?: { code?: string } | null;
  taxPaise: number;
  deliveryFeePaise?: number | null;
  amountPaise: number;
  paymentType: string;
  paymentStatus?: string;
  status: string;
  /** Refunded by packing changes and problem reports; the total as placed when packing changed it. */
  refundedPaise?: number | null;
  originalAmountPaise?: number | null;
  /** The delivery slot chosen (issue 41); absent: express. */
  deliverySlot?: { date: string; start: string; end: string } | null;
  /** Issue 54; absent: `flat`. */
  taxMode?: string | null;
  taxInsidePaise?: number | null;
}

export const CSV_HEADER = [
  'Order number',
  'Date',
  'Time',
  'Shopper',
  'Phone',
  'Pincode',
  'Lines',
  'Subtotal',
  'Discount',
  'Coupon',
  'Tax',
  'Delivery fee',
  'Amount',
  'Payment',
  'Payment status',
  'Status',
  // Packing changes (issue 39): what went back to the shopper, and what the order was placed for.
  'Refunded',
  'Placed amount',
  'Delivery slot',
  // Issue 54: the mode the order was placed in, and the GST its amount includes in `gst` mode ("Tax" is what was added on top).
  'Tax mode',
  'GST included',
] as const;

export function headerLine(): string {
  return csvLine(CSV_HEADER.map(textCell));
}

/** One order as a CSV line; `shopperName` for an order without a delivery address (the account's name). */
export function orderLine(order: CsvOrder, timeZone: string, shopperName?: string): string {
  const address = order.address ?? undefined;
  const name = address ? `${address.firstName ?? ''} ${address.lastName ?? ''}`.trim() : (shopperName ?? '');
  // As supplied: a line packed short says what was ordered ("× 1 of 3").
  const lines = order.items
    .map(
      (item) =>
        `${nameWithSize(item.name, item.label)} × ${item.quantity}${item.ordered !== undefined ? ` of ${item.ordered}` : ''} @ ${formatRupees(item.offerPricePaise)}`,
    )
    .join('; ');
  const created = new Date(order.createdAt);
  return csvLine([
    textCell(order.orderNumber ?? String(order._id)),
    textCell(dayOf(created, timeZone)),
    textCell(timeOf(created, timeZone)),
    textCell(name),
    phoneCell(address?.phone ?? ''),
    textCell(address?.pincode ?? ''),
    textCell(lines),
    moneyCell(order.subtotalPaise),
    moneyCell(order.discountPaise ?? 0),
    // The seller typed the code (letters and digits today): a text cell all the same, safe as every other.
    textCell(order.coupon?.code ?? ''),
    moneyCell(order.taxPaise),
    moneyCell(order.deliveryFeePaise ?? 0),
    moneyCell(order.amountPaise),
    textCell(order.paymentType),
    textCell(order.paymentStatus ?? ''),
    textCell(order.status),
    moneyCell(order.refundedPaise ?? 0),
    moneyCell(order.originalAmountPaise ?? order.amountPaise),
    textCell(order.deliverySlot ? slotText(order.deliverySlot) : ''),
    textCell(order.taxMode ?? 'flat'),
    moneyCell(order.taxInsidePaise ?? 0),
  ]);
}
