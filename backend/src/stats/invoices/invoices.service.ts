import { formatPhone } from '@greencart/domain';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection, Connection } from 'mongoose';
import { LocksService } from '../../common/locks/locks.service';
import { isDuplicateKeyError } from '../../common/mongo-errors';
import type { Environment } from '../../config/environment';
import { OrdersService } from '../../orders/orders.service';
import type { OrderDocument } from '../../orders/schemas/order.schema';
import { dayOf, financialYear, timeOf } from '../shop-time';
import { renderInvoicePdf, type InvoiceData } from './invoice-pdf';

export const INVOICES_COLLECTION = 'invoices';
/** A claim older than this without a number was left by a request that stopped. */
const CLAIM_STALE_MS = 30_000;

interface InvoiceRecord {
  _id: string;
  /** `order:<id>`: the order's invoice (number once issued; `trying` while a number is being taken). */
  fy?: string;
  number?: string;
  seq?: number;
  trying?: number;
  claimedAt?: Date;
  issuedAt?: Date;
  /** `no:<fy>:<seq>`: the order that number belongs to. */
  order?: string;
  /** `last:<fy>`: the highest number known taken (a hint; numbers are taken by unique inserts). */
  last?: number;
}

export interface Invoice {
  number: string;
  pdf: Buffer;
}

/**
 * Tax invoices. An order's invoice gets its number the first time anyone downloads it, and keeps it:
 * numbers run per Indian financial year (GC/26-27/000001, …), each taken by a unique insert of
 * `no:<fy>:<seq>` from the highest known one upwards, so two instances never give one number twice and
 * never skip one (a number is taken only by the order that then keeps it; an interrupted attempt's
 * number is found again through the claim's `trying`). One order at a time per order (LocksService).
 */
@Injectable()
export class InvoicesService {
  private readonly records: Collection<InvoiceRecord>;
  private readonly timeZone: string;
  private readonly shop: InvoiceData['shop'];
  /** Per financial year: the number-taking under way on this instance, and the highest number it took. */
  private readonly numbering = new Map<string, Promise<unknown>>();
  private readonly highest = new Map<string, number>();

  constructor(
    config: ConfigService<Environment, true>,
    @InjectConnection() connection: Connection,
    private readonly orders: OrdersService,
    private readonly locks: LocksService,
  ) {
    this.records = connection.collection<InvoiceRecord>(INVOICES_COLLECTION);
    this.timeZone = config.get('SHOP_TIMEZONE', { infer: true });
    this.shop = {
      name: config.get('SHOP_NAME', { infer: true }),
      address: config.get('SHOP_ADDRESS', { infer: true }),
      gstin: config.get('SHOP_GSTIN', { infer: true }),
      email: config.get('SHOP_EMAIL', { infer: true }),
      phone: config.get('SHOP_PHONE', { infer: true }),
    };
  }

  /** The invoice of an order: the seller's for any order, a shopper's for their own only (404 otherwise). */
  async invoice(orderId: string, shopperId?: string): Promise<Invoice> {
    const order = await this.orders.findById(orderId);
    if (!order || (shopperId !== undefined && String(order.user) !== shopperId)) throw new NotFoundException('Order not found');
    const { number, issuedAt } = await this.issue(order);
    return { number, pdf: await renderInvoicePdf(this.describe(order, number, issuedAt)) };
  }

  /** The order's invoice number, taken now if it has none. */
  async issue(order: OrderDocument): Promise<{ number: string; issuedAt: Date }> {
    const orderId = String(order._id);
    const key = `order:${orderId}`;
    const found = await this.records.findOne({ _id: key });
    if (found?.number) return { number: found.number, issuedAt: found.issuedAt! };
    if (order.status === 'Cancelled') throw new ConflictException('This order was cancelled before it was invoiced, so it has no tax invoice');
    // One issue at a time per year on this instance (numbers are taken in turn), each holding its order's
    // lock only while it works, never while it waits for its turn (a lock held that long would look stale).
    const fy = financialYear(dayOf(new Date(), this.timeZone));
    return this.inTurn(fy, () =>
      this.locks.run(
        `invoice:${orderId}`,
        { busyMessage: 'This invoice is being issued right now; please try again in a moment', waitMs: 30_000 },
        async () => {
          const claim = await this.claim(key, fy);
          if (claim.number) return { number: claim.number, issuedAt: claim.issuedAt! };
          const year = claim.fy ?? fy;
          const seq = await this.takeNumber(year, key, orderId, claim.trying);
          const number = invoiceNumber(year, seq);
          const issuedAt = new Date();
          await this.records.updateOne({ _id: key }, { $set: { number, seq, issuedAt }, $unset: { trying: 1 } });
          // By `_id` alone (FerretDB v1 reads the whole collection for any other filter); only a hint, so a race may leave it behind.
          if (((await this.records.findOne({ _id: `last:${year}` }))?.last ?? 0) < seq)
            await this.records.updateOne({ _id: `last:${year}` }, { $set: { last: seq } });
          return { number, issuedAt };
        },
      ),
    );
  }

  private inTurn<T>(fy: string, work: () => Promise<T>): Promise<T> {
    const next = (this.numbering.get(fy) ?? Promise.resolve()).then(work, work);
    this.numbering.set(
      fy,
      next.catch(() => undefined),
    );
    return next;
  }

  /**
   * This request's claim on issuing the order's invoice: a unique insert (MongoDB, where no lock document
   * is written, lets only one request win it); a claim left by a stopped request is taken over.
   */
  private async claim(key: string, fy: string): Promise<InvoiceRecord> {
    const now = new Date();
    try {
      await this.records.insertOne({ _id: key, fy, claimedAt: now });
      return { _id: key, fy, claimedAt: now };
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    const existing = (await this.records.findOne({ _id: key }))!;
    if (existing.number || this.locks.usesLockDocuments) return existing;
    const stale = !existing.claimedAt || now.getTime() - existing.claimedAt.getTime() > CLAIM_STALE_MS;
    const taken = stale && (await this.records.updateOne({ _id: key, claimedAt: existing.claimedAt }, { $set: { claimedAt: now } })).modifiedCount === 1;
    if (!taken) throw new ConflictException('This invoice is being issued right now; please try again in a moment');
    return existing;
  }

  /**
   * The next free number of the year for this order: unique inserts of `no:<fy>:<seq>` upwards from the
   * highest this instance or the database knows of (or the number an interrupted attempt was taking).
   * Called in turn per year on this instance (inTurn), so only other instances' numbers are met on the way.
   */
  private async takeNumber(fy: string, key: string, orderId: string, trying: number | undefined): Promise<number> {
    let seq = trying ?? Math.max(this.highest.get(fy) ?? 0, await this.lastTaken(fy)) + 1;
    for (;;) {
      await this.records.updateOne({ _id: key }, { $set: { trying: seq } });
      try {
        await this.records.insertOne({ _id: `no:${fy}:${seq}`, order: orderId });
        break;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        // Taken by this order in an attempt that stopped before recording it: it is this order's number.
        if ((await this.records.findOne({ _id: `no:${fy}:${seq}` }))?.order === orderId) break;
        seq++;
      }
    }
    this.highest.set(fy, Math.max(this.highest.get(fy) ?? 0, seq));
    return seq;
  }

  /** The highest number of the year known to be taken (0 before the first). */
  private async lastTaken(fy: string): Promise<number> {
    const last = await this.records.findOne({ _id: `last:${fy}` });
    if (last) return last.last ?? 0;
    await this.records.insertOne({ _id: `last:${fy}`, last: 0 }).catch((error: unknown) => {
      if (!isDuplicateKeyError(error)) throw error;
    });
    return 0;
  }

  private describe(order: OrderDocument, number: string, issuedAt: Date): InvoiceData {
    const address = order.address;
    const fee = (order as unknown as { deliveryFeePaise?: number }).deliveryFeePaise ?? 0;
    const payment = `${order.paymentType === 'COD' ? 'Cash on delivery' : 'Online'} · ${order.paymentStatus}`;
    const note =
      order.paymentStatus === 'refunded'
        ? 'This order was cancelled and its payment refunded.'
        : order.status === 'Cancelled'
          ? 'This order was cancelled after this invoice was issued.'
          : undefined;
    return {
      shop: this.shop,
      number,
      issuedOn: dayOf(issuedAt, this.timeZone),
      orderNumber: order.orderNumber ?? String(order._id),
      orderDate: dayOf(order.createdAt, this.timeZone),
      orderTime: timeOf(order.createdAt, this.timeZone),
      payment,
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
            ],
            phone: formatPhone(address.phone),
          }
        : undefined,
      lines: order.items.map((item) => ({
        name: item.name,
        quantity: item.quantity,
        ratePaise: item.offerPricePaise,
        amountPaise: item.offerPricePaise * item.quantity,
      })),
      subtotalPaise: order.subtotalPaise,
      taxPaise: order.taxPaise,
      feePaise: fee,
      totalPaise: order.amountPaise,
    };
  }
}

/** "GC/26-27/000042": at most 16 characters, as GST invoice numbers must be. */
export function invoiceNumber(fy: string, seq: number): string {
  return `GC/${fy.slice(2)}/${String(seq).padStart(6, '0')}`;
}
