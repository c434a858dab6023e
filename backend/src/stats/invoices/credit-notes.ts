import {
  COMPOSITION_LEGEND,
  creditNoteFor,
  CreditRefused,
  gstStateOf,
  nameWithSize,
  type CreditNote,
  type CreditRequest,
  type OrderTax,
} from '@greencart/domain';
import { orderTaxOf } from '../../orders/order-tax';
import type { InvoiceAmounts, InvoicedOrder, InvoiceLine, InvoiceShop } from './invoice-lines';

/**
 * Issue 54: what an invoiced order gave back after its invoice, as credit notes. The invoice is never
 * changed; each refund after it (a packing change, a refunded problem report, a cancel) is one credit note,
 * worked out from the invoice as it was issued (its snapshot) and the notes before it (domain
 * creditNoteFor), so they are the same every time they are read and never pass the invoice.
 */

/** What of an order the notes are read from: its history after the invoice. */
export interface RefundedOrder {
  status: string;
  statusHistory?: readonly { status: string; at: Date }[];
  adjustments?: readonly {
    key: string;
    at: Date;
    lines: readonly { line: number; from: number; to: number }[];
    substitutes?: readonly unknown[];
    differencePaise: number;
    cancels?: boolean;
  }[];
  issue?: { status: string; resolvedAt?: Date; amountPaise?: number } | null;
}

export interface CreditEvent {
  /** Unique within the order: `adj:<key>`, `issue`, `cancel`. */
  key: string;
  at: Date;
  reason: string;
  note: CreditNote;
}

/** The refunds after `issuedAt`, in order, each with its credit note; a refund the invoice cannot give (none left) has none. */
export function creditEvents(order: RefundedOrder, invoiced: InvoicedOrder, issuedAt: Date, shop: InvoiceShop): CreditEvent[] {
  const invoice = invoiceTaxOf(invoiced, shop);
  // 'cancel': every unit still on the invoice and the fee, as they are when its turn comes.
  const asked: { key: string; at: Date; reason: string; request: CreditRequest | 'cancel' }[] = [];
  for (const adjustment of order.adjustments ?? []) {
    if (adjustment.at <= issuedAt || adjustment.cancels || adjustment.differencePaise <= 0) continue;
    const units = adjustment.lines.map((l) => ({ line: l.line, quantity: l.from - l.to })).filter((l) => l.quantity > 0);
    // Units back when the change only packed fewer of the invoice's lines; otherwise the money it gave back.
    const byUnits = !adjustment.substitutes?.length && units.every((l) => l.line < invoice.lines.length);
    asked.push({
      key: `adj:${adjustment.key}`,
      at: adjustment.at,
      reason: 'Packed with changes',
      request: byUnits ? { lines: units } : { amountPaise: adjustment.differencePaise },
    });
  }
  const issue = order.issue;
  if (issue?.status === 'refunded' && issue.resolvedAt && issue.resolvedAt > issuedAt && (issue.amountPaise ?? 0) > 0)
    asked.push({ key: 'issue', at: issue.resolvedAt, reason: 'Problem with the order refunded', request: { amountPaise: issue.amountPaise! } });
  const cancelled = order.status === 'Cancelled' ? [...(order.statusHistory ?? [])].reverse().find((h) => h.status === 'Cancelled') : undefined;
  if (cancelled && cancelled.at > issuedAt) asked.push({ key: 'cancel', at: cancelled.at, reason: 'Order cancelled', request: 'cancel' });

  asked.sort((a, b) => a.at.getTime() - b.at.getTime());
  const events: CreditEvent[] = [];
  for (const ask of asked) {
    const earlier = events.map((e) => e.note);
    const request = ask.request === 'cancel' ? everythingLeft(invoice, earlier) : ask.request;
    try {
      const note = creditNoteFor(invoice, request, earlier);
      if (note.totalPaise > 0) events.push({ key: ask.key, at: ask.at, reason: ask.reason, note });
    } catch (error) {
      // More than is left on the invoice (earlier notes took it): nothing more to credit.
      if (!(error instanceof CreditRefused)) throw error;
    }
  }
  return events;
}

/** The invoice's tax as it was issued, every line kept (a line packed to none counts nothing), split for its place of supply. */
export function invoiceTaxOf(invoiced: InvoicedOrder, shop: InvoiceShop): OrderTax {
  const placeOfSupply = gstStateOf(invoiced.address?.state) ?? shop.state;
  return orderTaxOf(
    {
      taxMode: invoiced.taxMode,
      items: invoiced.items.map((item) => ({ offerPricePaise: item.offerPricePaise, quantity: item.quantity, gstRate: item.gstRate, hsn: item.hsn })),
      discountPaise: invoiced.discountPaise ?? 0,
      deliveryFeePaise: invoiced.deliveryFeePaise ?? 0,
      deliveryGstRate: invoiced.deliveryGstRate,
    },
    { shop: shop.state?.code, placeOfSupply: placeOfSupply?.code },
  );
}

/** A cancel: every unit still on the invoice and the fee. */
function everythingLeft(invoice: OrderTax, earlier: readonly CreditNote[]): CreditRequest {
  const left = invoice.lines.map((line, i) => ({
    line: i,
    quantity: line.quantity - earlier.reduce((sum, n) => sum + (n.lines.find((l) => l.line === i)?.quantity ?? 0), 0),
  }));
  return { lines: left.filter((l) => l.quantity > 0), fee: true };
}

/** A credit note's lines and totals in the invoice's layout (the PDF draws both alike). */
export function creditNoteAmounts(note: CreditNote, invoiced: InvoicedOrder, shop: InvoiceShop): InvoiceAmounts {
  const mode = invoiced.taxMode ?? 'flat';
  const lines: InvoiceLine[] = note.lines.map((credited) => {
    const item = invoiced.items[credited.line];
    return {
      name: nameWithSize(item.name, item.label),
      ...(item.label ? { label: item.label } : {}),
      ...(credited.hsn ? { hsn: credited.hsn } : {}),
      quantity: credited.quantity,
      ratePaise: credited.quantity ? item.offerPricePaise : 0,
      amountPaise: mode === 'flat' ? credited.taxablePaise : credited.chargePaise,
      ...(mode === 'gst' ? { gst: { ratePercent: credited.ratePercent ?? 0, taxablePaise: credited.taxablePaise, taxPaise: credited.taxPaise } } : {}),
    };
  });
  const feePaise = note.fee?.chargePaise ?? 0;
  const placeOfSupply = gstStateOf(invoiced.address?.state) ?? shop.state;
  const linesPaise = lines.reduce((sum, line) => sum + line.amountPaise, 0);
  const registered = !!shop.gstin && !!shop.state;
  if (mode === 'flat') {
    const taxPaise = note.lines.reduce((sum, l) => sum + l.taxPaise, 0);
    return {
      kind: registered ? 'tax-invoice' : 'bill-of-supply',
      mode,
      lines,
      placeOfSupply,
      subtotalPaise: linesPaise,
      discountPaise: 0,
      taxableValuePaise: linesPaise,
      taxPaise,
      ratePercent: 2,
      gst: registered
        ? note.totals.igstPaise > 0
          ? { kind: 'inter', igstPaise: note.totals.igstPaise, ratePercent: 2 }
          : { kind: 'intra', cgstPaise: note.totals.cgstPaise, sgstPaise: note.totals.sgstPaise, ratePercent: 2 }
        : null,
      feePaise,
      totalPaise: note.totalPaise,
    };
  }
  return {
    kind: mode === 'gst' ? 'tax-invoice' : 'bill-of-supply',
    mode,
    ...(mode === 'composition' ? { legend: COMPOSITION_LEGEND } : {}),
    lines,
    placeOfSupply,
    subtotalPaise: linesPaise,
    discountPaise: 0,
    taxableValuePaise: note.totals.taxablePaise,
    taxPaise: 0,
    ratePercent: 0,
    gst: null,
    ...(mode === 'gst'
      ? {
          rates: note.rates,
          taxInsidePaise: note.totals.taxPaise,
          ...(note.fee?.ratePercent !== null && note.fee ? { fee: { ratePercent: note.fee.ratePercent!, taxPaise: note.fee.taxPaise } } : {}),
        }
      : {}),
    feePaise,
    totalPaise: note.totalPaise,
  };
}
