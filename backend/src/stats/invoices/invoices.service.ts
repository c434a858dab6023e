import { formatPhone, formatRupees, gstStateOf, slotText } from '@greencart/domain';
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
import { invoiceAmounts, type InvoiceShop } from './invoice-lines';
import { InvoiceNumbers } from './invoice-numbers';
import { renderInvoicePdf, type InvoiceData } from './invoice-pdf';

export interface Invoice {
  number: string;
  pdf: Buffer;
}

/**
 * Tax invoices (bills of supply for a shop without a GSTIN). An order's invoice gets its number the
 * first time anyone downloads it, and keeps it, with the shop's details of that moment: numbers go
 * only to invoices that exist as documents, in the order they were issued (InvoiceNumbers), and an
 * order cancelled before anyone asked for its invoice never takes one.
 */
@Injectable()
export class InvoicesService {
  private readonly numbers: InvoiceNumbers;
  private readonly timeZone: string;
  private readonly contact: { name: string; email: string; phone: string };

  constructor(
    config: ConfigService<Environment, true>,
    @InjectConnection() connection: Connection,
    private readonly orders: OrdersService,
    private readonly products: ProductsService,
    private readonly shop: ShopService,
    locks: LocksService,
  ) {
    this.numbers = new InvoiceNumbers(connection, locks);
    this.timeZone = config.get('SHOP_TIMEZONE', { infer: true });
    this.contact = {
      name: config.get('SHOP_NAME', { infer: true }),
      email: config.get('SHOP_EMAIL', { infer: true }),
      phone: config.get('SHOP_PHONE', { infer: true }),
    };
  }

  /** The invoice of an order: the seller's for any order, a shopper's for their own only (404 otherwise). */
  async invoice(orderId: string, shopperId?: string): Promise<Invoice> {
    const order = await this.orders.findById(orderId);
    if (!order || (shopperId !== undefined && String(order.user) !== shopperId)) throw new NotFoundException('Order not found');
    const { number, issuedAt, shop } = await this.issue(order);
    return { number, pdf: await renderInvoicePdf(await this.describe(order, number, issuedAt, shop)) };
  }

  /** The order's invoice number (and the shop's details it was issued with), taken now if it has none. */
  async issue(order: OrderRecord): Promise<{ number: string; issuedAt: Date; shop: InvoiceShop }> {
    const orderId = String(order._id);
    const found = await this.numbers.existing(orderId);
    if (found) return { ...found, shop: found.shop ?? (await this.currentShop()) };
    if (order.status === 'Cancelled') throw new ConflictException('This order was cancelled before it was invoiced, so it has no tax invoice');
    const shop = await this.currentShop();
    const issued = await this.numbers.issue(orderId, financialYear(dayOf(new Date(), this.timeZone)), shop);
    return { ...issued, shop: issued.shop ?? shop };
  }

  private async currentShop(): Promise<InvoiceShop> {
    const { legalName, gstin, address, state } = await this.shop.details();
    return { legalName, gstin, address, state };
  }

  private async describe(order: OrderRecord, number: string, issuedAt: Date, shop: InvoiceShop): Promise<InvoiceData> {
    const address = order.address;
    // Lines sold before HSN codes were kept on orders print the product's HSN of today.
    const unknown = order.items.filter((item) => !(item as { hsn?: string }).hsn).map((item) => String(item.product));
    const current = new Map((unknown.length ? await this.products.findByIds(unknown) : []).map((p) => [p._id, p.hsn]));
    const amounts = invoiceAmounts(order, shop, (id) => current.get(id));
    const payment = `${order.paymentType === 'COD' ? 'Cash on delivery' : 'Online'} · ${order.paymentStatus}`;
    const note =
      order.paymentStatus === 'refunded'
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
