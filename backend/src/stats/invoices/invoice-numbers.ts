import type { Collection, Connection } from 'mongoose';
import type { LocksService } from '../../common/locks/locks.service';
import { isDuplicateKeyError } from '../../common/mongo-errors';
import type { CreditNote } from '@greencart/domain';
import type { InvoicedOrder, InvoiceShop } from './invoice-lines';

export const INVOICES_COLLECTION = 'invoices';
export const INVOICE_COUNTERS_COLLECTION = 'invoice_counters';

/** `order:<id>`: an order's invoice, once it has a number (older records may hold a claim without one). */
export interface InvoiceRecord {
  _id: string;
  fy?: string;
  number?: string;
  seq?: number;
  issuedAt?: Date;
  /** The shop's details as they were when the number was given, so the invoice never changes afterwards. */
  shop?: InvoiceShop;
  /** The order as invoiced (issue 54), written before its number is taken: the invoice is drawn from it ever after. */
  invoiced?: InvoicedOrder;
  /** A credit note's refund (issue 54), written before its number is taken: what GSTR-1 reads it from. */
  credited?: CreditedRecord;
  /** Records of the earlier numbering (`last:<fy>` hint, `no:<fy>:<seq>`), read once to continue their series. */
  last?: number;
  order?: string;
}

/** What a credit note gives back, and against which invoice. */
export interface CreditedRecord {
  order: string;
  /** The refund's time: the note's date. */
  at: Date;
  /** The invoice's number. */
  invoice: string;
  reason: string;
  note: CreditNote;
}

/** `counter:<fy>`: the year's last number, and the order it went to and when. */
interface Counter {
  _id: string;
  last: number;
  order?: string;
  at?: Date;
}

export interface IssuedNumber {
  number: string;
  issuedAt: Date;
  shop?: InvoiceShop;
  invoiced?: InvoicedOrder;
}

/**
 * A numbered series: invoices (`GC`, records `order:<id>`) or credit notes (`CN`, records
 * `cn:<order id>:<refund key>`, issue 54), each with its own counters and lock per financial year.
 */
export interface NumberSeries {
  /** The number's prefix: "GC/26-27/000042", "CN/26-27/000001". */
  prefix: string;
  /** Before a document's key in the records' `_id`. */
  recordKey: string;
  /** Before the year in the counters' `_id` (and in the year's lock). */
  counterKey: string;
}

export const INVOICE_SERIES: NumberSeries = { prefix: 'GC', recordKey: 'order:', counterKey: 'counter:' };
export const CREDIT_NOTE_SERIES: NumberSeries = { prefix: 'CN', recordKey: 'cn:', counterKey: 'cn-counter:' };

/**
 * Invoice numbers without gaps or duplicates, one series per Indian financial year, on any number of
 * instances and without transactions (docs/database.md). A year's counter document holds the last
 * number and the order it went to; each attempt runs under the year's lock document, reads the
 * counter and `$inc`s it by `_id`, so each number goes to exactly one order. Before taking one,
 * whoever takes it first writes the previous number onto its order's record (it may have stopped
 * before doing so itself): a number is thus never lost, and an order that already has one is seen to
 * have it before it could take a second.
 */
export class InvoiceNumbers {
  private readonly records: Collection<InvoiceRecord>;
  private readonly counters: Collection<Counter>;
  /** Per year, this instance's number-taking in turn: only other instances' writes are met on the way. */
  private readonly turns = new Map<string, Promise<unknown>>();

  constructor(
    connection: Connection,
    private readonly locks: LocksService,
    private readonly series: NumberSeries = INVOICE_SERIES,
  ) {
    this.records = connection.collection<InvoiceRecord>(INVOICES_COLLECTION);
    this.counters = connection.collection<Counter>(INVOICE_COUNTERS_COLLECTION);
  }

  /** The order's number, if it has one. */
  async existing(orderId: string): Promise<IssuedNumber | undefined> {
    const record = await this.records.findOne({ _id: `${this.series.recordKey}${orderId}` });
    return record?.number ? { number: record.number, issuedAt: record.issuedAt!, shop: record.shop, invoiced: record.invoiced } : undefined;
  }

  /** Keeps what the document is of before it takes a number (the first writer's copy stays). */
  async keep(key: string, what: { invoiced: InvoicedOrder } | { credited: CreditedRecord }): Promise<void> {
    const field = 'invoiced' in what ? 'invoiced' : 'credited';
    await this.records
      .updateOne({ _id: `${this.series.recordKey}${key}`, [field]: { $exists: false } }, { $set: what }, { upsert: true })
      .catch((error: unknown) => {
        // It has one already (the filter missed, and the upsert met the record).
        if (!isDuplicateKeyError(error)) throw error;
      });
  }

  /** The order's number: the one it has, or the year's next one, given now and kept for ever. */
  issue(orderId: string, fy: string, shop: InvoiceShop): Promise<IssuedNumber> {
    const work = () => this.take(orderId, fy, shop);
    const next = (this.turns.get(fy) ?? Promise.resolve()).then(work, work);
    this.turns.set(
      fy,
      next.catch(() => undefined),
    );
    return next;
  }

  private async take(orderId: string, fy: string, shop: InvoiceShop): Promise<IssuedNumber> {
    for (;;) {
      const issued = await this.locks.run(
        this.series === INVOICE_SERIES ? `invoice-number:${fy}` : `${this.series.prefix.toLowerCase()}-number:${fy}`,
        { busyMessage: 'Invoices are being numbered right now; please try again in a moment', waitMs: 30_000 },
        () => this.attempt(orderId, fy, shop),
      );
      if (issued) return issued;
    }
  }

  /** One try: the order's number, or undefined when another order took the number first. */
  private async attempt(orderId: string, fy: string, shop: InvoiceShop): Promise<IssuedNumber | undefined> {
    const counter = await this.counter(fy, shop);
    if (counter.order === orderId) return this.record(counter, fy, shop);
    // The previous number onto its order before the counter moves past it (idempotent).
    if (counter.order) await this.record(counter, fy, shop);
    const mine = await this.existing(orderId);
    if (mine) return mine;
    const taken = await this.counters.findOneAndUpdate(
      // By `_id` alone: the year's lock is the guard of the number read.
      { _id: counter._id },
      { $inc: { last: 1 }, $set: { order: orderId, at: new Date() } },
      { returnDocument: 'after' },
    );
    return taken ? this.record(taken, fy, shop) : undefined;
  }

  /** Writes the counter's number onto its order's record unless it is there already; the record as it then is. */
  private async record(counter: Counter, fy: string, shop: InvoiceShop): Promise<IssuedNumber> {
    const key = `${this.series.recordKey}${counter.order}`;
    const found = await this.records.findOne({ _id: key });
    if (found?.number) return { number: found.number, issuedAt: found.issuedAt!, shop: found.shop, invoiced: found.invoiced };
    const issued: IssuedNumber = { number: invoiceNumber(fy, counter.last, this.series.prefix), issuedAt: counter.at ?? new Date(), shop };
    // Every writer writes the same values: the order's only number.
    await this.records
      .updateOne({ _id: key }, { $set: { fy, seq: counter.last, ...issued }, $unset: { trying: 1, claimedAt: 1 } }, { upsert: true })
      .catch((error: unknown) => {
        // Two upserts at once: the other one inserted the same values.
        if (!isDuplicateKeyError(error)) throw error;
      });
    return { ...issued, ...(found?.invoiced ? { invoiced: found.invoiced } : {}) };
  }

  /** The year's counter, made at the year's first invoice. */
  private async counter(fy: string, shop: InvoiceShop): Promise<Counter> {
    const id = `${this.series.counterKey}${fy}`;
    const found = await this.counters.findOne({ _id: id });
    if (found) return found;
    // The year before may have ended with a number not yet written onto its order.
    const before = await this.counters.findOne({ _id: `${this.series.counterKey}${previousYear(fy)}` });
    if (before?.order) await this.record(before, previousYear(fy), shop);
    const last = this.series === INVOICE_SERIES ? await this.earlierSeries(fy) : 0;
    await this.counters.insertOne({ _id: id, last }).catch((error: unknown) => {
      if (!isDuplicateKeyError(error)) throw error;
    });
    return (await this.counters.findOne({ _id: id }))!;
  }

  /** The last number the earlier numbering (unique `no:<fy>:<seq>` records) gave this year; 0 when none. */
  private async earlierSeries(fy: string): Promise<number> {
    let last = (await this.records.findOne({ _id: `last:${fy}` }))?.last ?? 0;
    while (await this.records.findOne({ _id: `no:${fy}:${last + 1}` })) last++;
    return last;
  }
}

/** "GC/26-27/000042" (or "CN/…" for a credit note): at most 16 characters, as GST document numbers must be. */
export function invoiceNumber(fy: string, seq: number, prefix = 'GC'): string {
  return `${prefix}/${fy.slice(2)}/${String(seq).padStart(6, '0')}`;
}

/** "2025-26" before "2026-27". */
function previousYear(fy: string): string {
  const start = Number(fy.slice(0, 4)) - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
