import { formatPhone, formatRupees, gstStateOf, slotText, type CreditNoteView } from '@greencart/domain';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { LocksService } from '../../common/locks/locks.service';
import type { Environment } from '../../config/environment';
import { OrdersService } from '../../orders/orders.service';
import type { OrderRecord } from '../../orders/order-record';
import { ProductsService } from '../../products/products.service';
import { ShopService } from '../../shop/shop.service';
import { dayOf, financialYear, timeOf } from '../../common/time/shop-time';
import { RollupStore } from '../rollup-store';
import { creditEvents, creditNoteAmounts, type CreditEvent } from './credit-notes';
import { gstr1Change, gstr1Invoice, type Gstr1Invoice, type Gstr1Note } from './gstr1';
import { invoiceAmounts, type InvoicedOrder, type InvoiceShop } from './invoice-lines';
import { CREDIT_NOTE_SERIES, InvoiceNumbers } from './invoice-numbers';
import { renderInvoicePdf, type InvoiceData } from './invoice-pdf';

export interface Invoice {
  number: string;
  pdf: Buffer;
}

/**
 * Tax invoices (bills of supply for a shop without a GSTIN). An order's invoice gets its number when
 * the order is paid (online at placement, cash on delivery when delivered: InvoiceIssuing), or earlier
 * if someone downloads it first, and keeps it, with the shop's details of that moment: numbers go only
 * to invoices that exist as documents, in the order they were issued (InvoiceNumbers), and an order
 * cancelled before it was invoiced never takes one. Its credit notes are numbered as the refunds happen.
 */
@Injectable()
export class InvoicesService {
  private readonly numbers: InvoiceNumbers;
  private readonly creditNumbers: InvoiceNumbers;
  private readonly timeZone: string;
  private readonly contact: { name: string; email: string; phone: string };
  /** This instance's issuing started by order events (InvoiceIssuing), not yet done. */
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    config: ConfigService<Environment, true>,
    @InjectConnection() connection: Connection,
    private readonly orders: OrdersService,
    private readonly products: ProductsService,
    private readonly shop: ShopService,
    private readonly store: RollupStore,
    locks: LocksService,
  ) {
    this.numbers = new InvoiceNumbers(connection, locks);
    this.creditNumbers = new InvoiceNumbers(connection, locks, CREDIT_NOTE_SERIES);
    this.timeZone = config.get('SHOP_TIMEZONE', { infer: true });
    this.contact = {
      name: config.get('SHOP_NAME', { infer: true }),
      email: config.get('SHOP_EMAIL', { infer: true }),
      phone: config.get('SHOP_PHONE', { infer: true }),
    };
  }

  /** Runs issuing work in the background (an order event's listener never holds the request that published it). */
  track(work: Promise<unknown>): void {
    const tracked = work.finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  /** Once the issuing this instance has started is done: what it reads next is in the series in the order the events came. */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  /** The invoice of an order: the seller's for any order, a shopper's for their own only (404 otherwise). */
  async invoice(orderId: string, shopperId?: string): Promise<Invoice> {
    await this.settled();
    const order = await this.orders.findById(orderId);
    if (!order || (shopperId !== undefined && String(order.user) !== shopperId)) throw new NotFoundException('Order not found');
    const { number, issuedAt, shop, invoiced } = await this.issue(order);
    return { number, pdf: await renderInvoicePdf(await this.describe(order, number, issuedAt, shop, invoiced)) };
  }

  /**
   * The credit notes of an order (issue 54): one per refund after its invoice, numbered in their own
   * series (CN/26-27/000001) the first time they are read; none before the order has an invoice, whose
   * amounts already are what was supplied.
   */
  async creditNotes(orderId: string, shopperId?: string): Promise<CreditNoteView[]> {
    await this.settled();
    return (await this.notesOf(orderId, shopperId)).map(({ view }) => view);
  }

  /** Numbers the order's credit notes that have none yet (InvoiceIssuing, as its refunds happen). */
  async issueCreditNotes(orderId: string): Promise<void> {
    await this.notesOf(orderId);
  }

  /** One of the order's credit notes as a PDF (n from 1); 404 when it has no such note. */
  async creditNotePdf(orderId: string, n: number, shopperId?: string): Promise<Invoice> {
    await this.settled();
    const notes = await this.notesOf(orderId, shopperId);
    const found = notes[n - 1];
    if (!found) throw new NotFoundException('This order has no such credit note');
    const { order, invoice, event, view } = found;
    const data = await this.describe(order, view.number, new Date(view.at), invoice.shop ?? (await this.currentShop()), invoice.invoiced);
    const amounts = creditNoteAmounts(event.note, invoice.invoiced!, invoice.shop ?? (await this.currentShop()));
    return {
      number: view.number,
      pdf: await renderInvoicePdf({
        ...data,
        amounts,
        document: { title: 'Credit note', against: `${invoice.number} of ${longDay(dayOf(invoice.issuedAt, this.timeZone))}` },
        note: `${event.reason}: ${formatRupees(event.note.totalPaise)} given back against invoice ${invoice.number}.`,
      }),
    };
  }

  private async notesOf(orderId: string, shopperId?: string) {
    const order = await this.orders.findById(orderId);
    if (!order || (shopperId !== undefined && String(order.user) !== shopperId)) throw new NotFoundException('Order not found');
    const invoice = await this.numbers.existing(orderId);
    // Invoices numbered before snapshots were kept are drawn from the order as it is: nothing to credit against.
    if (!invoice?.invoiced) return [];
    const shop = invoice.shop ?? (await this.currentShop());
    const events: CreditEvent[] = creditEvents(order, invoice.invoiced, invoice.issuedAt, shop);
    const notes = [];
    for (const [i, event] of events.entries()) {
      const key = `${orderId}:${event.key}`;
      // What it gives back, kept before the number is taken (GSTR-1 reads the notes of a month from these).
      await this.creditNumbers.keep(key, { credited: { order: orderId, at: event.at, invoice: invoice.number, reason: event.reason, note: event.note } });
      const issued = await this.creditNumbers.issue(key, financialYear(dayOf(event.at, this.timeZone)), shop);
      this.count({
        kind: 'note',
        note: { number: issued.number, at: issued.issuedAt, note: event.note, invoice: { ...invoice, invoiced: invoice.invoiced, shop } },
      });
      notes.push({
        order,
        invoice,
        event,
        view: {
          n: i + 1,
          number: issued.number,
          // Its date of issue, as on its PDF and in GSTR-1.
          at: issued.issuedAt.toISOString(),
          reason: event.reason,
          invoice: invoice.number,
          amountPaise: event.note.totalPaise,
          taxPaise: event.note.totals.taxPaise,
        } satisfies CreditNoteView,
      });
    }
    return notes;
  }

  /** The order's invoice number (and the shop's details it was issued with), taken now if it has none. */
  async issue(order: OrderRecord): Promise<{ number: string; issuedAt: Date; shop: InvoiceShop; invoiced?: InvoicedOrder }> {
    const orderId = String(order._id);
    const found = await this.numbers.existing(orderId);
    if (found) {
      const issued = { ...found, shop: found.shop ?? (await this.currentShop()) };
      // Counted once in its month's GSTR-1 (again here, in case a stop came between its number and its count).
      this.countInvoice(issued);
      return issued;
    }
    if (order.status === 'Cancelled') throw new ConflictException('This order was cancelled before it was invoiced, so it has no tax invoice');
    // What it is an invoice of, kept before the number is taken: later refunds are credit notes against it.
    await this.numbers.keep(orderId, { invoiced: invoicedOf(order) });
    const shop = await this.currentShop();
    const issued = await this.numbers.issue(orderId, financialYear(dayOf(new Date(), this.timeZone)), shop);
    const result = { ...issued, shop: issued.shop ?? shop };
    this.countInvoice(result);
    return result;
  }

  private countInvoice(issued: { number: string; issuedAt: Date; shop: InvoiceShop; invoiced?: InvoicedOrder }): void {
    this.count({ kind: 'invoice', invoice: gstr1Invoice(issued) });
  }

  /** Adds a document to its month's GSTR-1 roll-up, once (its marker), in the background; Gstr1Service waits for it. */
  private count(doc: { kind: 'invoice'; invoice: Gstr1Invoice } | { kind: 'note'; note: Gstr1Note }): void {
    const number = doc.kind === 'invoice' ? doc.invoice.number : doc.note.number;
    this.store.track(this.store.apply(`gstr1:${number}`, gstr1Change(doc, this.timeZone)).catch(() => undefined));
  }

  private async currentShop(): Promise<InvoiceShop> {
    const { legalName, gstin, address, state } = await this.shop.details();
    return { legalName, gstin, address, state };
  }

  private async describe(order: OrderRecord, number: string, issuedAt: Date, shop: InvoiceShop, invoiced?: InvoicedOrder): Promise<InvoiceData> {
    const address = order.address;
    // Lines sold before HSN codes were kept on orders print the product's HSN of today.
    const unknown = order.items.filter((item) => !(item as { hsn?: string }).hsn).map((item) => String(item.product));
    const current = new Map((unknown.length ? await this.products.findByIds(unknown) : []).map((p) => [p._id, p.hsn]));
    const amounts = invoiceAmounts(invoiced ?? order, shop, (id) => current.get(id));
    const payment = `${order.paymentType === 'COD' ? 'Cash on delivery' : 'Online'} · ${order.paymentStatus}`;
    // Drawn from what was invoiced: what went back afterwards is on its credit notes.
    const changedSince = invoiced && (order.status === 'Cancelled' || order.amountPaise < invoiced.amountPaise || order.issue?.status === 'refunded');
    const note = changedSince
      ? 'Amounts given back after this invoice are on its credit notes.'
      : order.paymentStatus === 'refunded'
        ? 'This order was cancelled and its payment refunded.'
        : order.status === 'Cancelled'
          ? 'This order was cancelled after this invoice was issued.'
          : packingNote(order);
    const buyerState = gstStateOf(address?.state);
    return {
      shop: { ...shop, ...this.contact },
      number,
      issuedOn: longDay(dayOf(issuedAt, this.timeZone)),
      orderNumber: order.orderNumber ?? String(order._id),
      orderDate: longDay(dayOf(order.createdAt, this.timeZone)),
      orderTime: timeOf(order.createdAt, this.timeZone),
      payment,
      ...(order.deliverySlot ? { deliverySlot: slotText(order.deliverySlot) } : {}),
      note,
      billTo: address
        ? {
            name: `${address.firstName} ${address.lastName}`.trim(),
            lines: [
              ...(address.house ? [address.house] : []),
              address.street,
              ...(address.landmark ? [address.landmark] : []),
              `${address.city}, ${address.state} ${address.pincode}`,
              address.country,
              ...(buyerState ? [`State: ${buyerState.name} (code ${buyerState.code})`] : []),
              // A business buyer (issue 54): its GSTIN, so it can claim the input tax.
              ...(order.buyerGstin ? [`Buyer's GSTIN: ${order.buyerGstin}`] : []),
            ],
            phone: formatPhone(address.phone),
          }
        : undefined,
      amounts,
    };
  }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-11-27" → "27 Nov 2026", as dates are written on Indian invoices. */
export function longDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return `${date} ${MONTHS[month - 1]} ${year}`;
}

/** An order packed with changes (issue 39): the invoice is of what was supplied, and says what went back. */
function packingNote(order: OrderRecord): string | undefined {
  if (!order.adjustments?.length || order.originalAmountPaise === undefined) return undefined;
  const placed = formatRupees(order.originalAmountPaise);
  if (order.paymentType === 'COD') return `Packed with changes: placed for ${placed}, supplied for ${formatRupees(order.amountPaise)}.`;
  return `Packed with changes: placed for ${placed}; ${formatRupees(order.refundedPaise ?? 0)} refunded to the shopper.`;
}

/** The order as its invoice shows it, field by field (the order may be a database document). */
function invoicedOf(order: OrderRecord): InvoicedOrder {
  return {
    items: order.items.map((item) => ({
      product: String(item.product),
      name: item.name,
      ...(item.label ? { label: item.label } : {}),
      quantity: item.quantity,
      offerPricePaise: item.offerPricePaise,
      ...(item.hsn ? { hsn: item.hsn } : {}),
      ...(item.gstRate !== undefined ? { gstRate: item.gstRate } : {}),
    })),
    subtotalPaise: order.subtotalPaise,
    discountPaise: order.discountPaise ?? 0,
    ...(order.coupon?.code ? { coupon: { code: order.coupon.code } } : {}),
    taxPaise: order.taxPaise,
    deliveryFeePaise: order.deliveryFeePaise ?? 0,
    amountPaise: order.amountPaise,
    ...(order.address?.state ? { address: { state: order.address.state } } : {}),
    ...(order.buyerGstin ? { buyerGstin: order.buyerGstin } : {}),
    ...(order.taxMode ? { taxMode: order.taxMode } : {}),
    ...(order.deliveryGstRate !== undefined ? { deliveryGstRate: order.deliveryGstRate } : {}),
  };
}
