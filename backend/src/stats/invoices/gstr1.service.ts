import { ConflictException, Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection, Connection } from 'mongoose';
import { LocksService } from '../../common/locks/locks.service';
import { isDuplicateKeyError } from '../../common/mongo-errors';
import type { Environment } from '../../config/environment';
import { ShopService } from '../../shop/shop.service';
import { APPLIED_COLLECTION, ROLLUPS_COLLECTION, RollupStore } from '../rollup-store';
import { documentsOf, mergeChange, type Change } from '../rollups';
import { gstMonthId, gstr1Change, gstr1File, gstr1Invoice, type Gstr1File, type Gstr1Invoice, type Gstr1Month } from './gstr1';
import { INVOICE_COUNTERS_COLLECTION, INVOICES_COLLECTION, type InvoiceRecord } from './invoice-numbers';
import type { InvoiceShop } from './invoice-lines';
import { InvoicesService } from './invoices.service';

/** `gst:built:<fy>`: the series' last numbers the year's last rebuild saw (numbers no document holds are not rebuilt for again). */
interface Built {
  _id: string;
  invoices: number;
  notes: number;
}

/** How often a file waits for another instance's documents still being counted before rebuilding the year. */
const SETTLE_TRIES = 5;
const SETTLE_MS = 300;

/**
 * The month's GSTR-1 (issue 54). Every invoice and credit note adds itself to its month's roll-up once,
 * as it is issued (InvoicesService → gstr1Change, the figures' RollupStore under the marker
 * `gstr1:<number>`), so a month is one read however many documents it has. Before answering, the year's
 * roll-ups are checked against its number series: when they hold fewer documents than numbers were given
 * (records written around the shop, a stop between a number and its count), the year is rebuilt from the
 * invoice records in one pass and the file drawn from that.
 */
@Injectable()
export class Gstr1Service {
  private readonly logger = new Logger('GSTR-1');
  private readonly records: Collection<InvoiceRecord>;
  private readonly counters: Collection<{ _id: string; last: number; at?: Date }>;
  private readonly rollups: Collection<{ _id: string }>;
  private readonly applied: Collection<{ _id: string; at: Date }>;
  private readonly timeZone: string;

  constructor(
    config: ConfigService<Environment, true>,
    @InjectConnection() connection: Connection,
    private readonly invoices: InvoicesService,
    private readonly shop: ShopService,
    private readonly store: RollupStore,
    private readonly locks: LocksService,
  ) {
    this.records = connection.collection<InvoiceRecord>(INVOICES_COLLECTION);
    this.counters = connection.collection(INVOICE_COUNTERS_COLLECTION);
    this.rollups = connection.collection(ROLLUPS_COLLECTION);
    this.applied = connection.collection(APPLIED_COLLECTION);
    this.timeZone = config.get('SHOP_TIMEZONE', { infer: true });
  }

  /** The month's file (YYYY-MM, checked by Gstr1Query); 409 for a month the shop was not in `gst` mode. */
  async file(month: string): Promise<Gstr1File> {
    // What this instance's order events are still issuing and counting belongs to the month too.
    await this.invoices.settled();
    await this.store.caughtUp();
    const fy = yearOf(month);
    if (!(await this.counted(fy))) await this.rebuild(fy);
    const [doc] = await this.store.read<Gstr1Month & { _id: string }>([gstMonthId(month)]);
    const details = await this.shop.details();
    if (!doc?.gstInvoices && (doc?.otherModes || details.taxMode !== 'gst' || !details.gstin)) {
      throw new ConflictException(`In ${month} the shop was not in GST mode: GSTR-1 is filed by a GST-registered shop (tax mode “gst” in the shop's details)`);
    }
    return gstr1File(doc as Gstr1Month | null, details.gstin ?? '', month);
  }

  /**
   * Whether the year's roll-ups hold a document for every number of its two series (or as many as its last
   * rebuild found). Another instance's documents may still be on their way: asked again a few times first.
   */
  private async counted(fy: string): Promise<boolean> {
    for (let tries = 0; ; tries++) {
      const [invoices, notes, built] = await Promise.all([
        this.counters.findOne({ _id: `counter:${fy}` }),
        this.counters.findOne({ _id: `cn-counter:${fy}` }),
        this.rollups.findOne({ _id: `gst:built:${fy}` }) as Promise<Built | null>,
      ]);
      const months = (await this.store.read<Gstr1Month & { _id: string }>(monthsOf(fy).map(gstMonthId))).filter((m): m is Gstr1Month => !!m);
      const held = (prefix: string) => months.reduce((n, m) => n + (m.docs?.[prefix.replace(/[^A-Za-z0-9-]/g, '_')]?.n ?? 0), 0);
      const want = { invoices: invoices?.last ?? 0, notes: notes?.last ?? 0 };
      const have = { invoices: held(`GC/${fy.slice(2)}/`), notes: held(`CN/${fy.slice(2)}/`) };
      if (have.invoices >= want.invoices && have.notes >= want.notes) return true;
      if (built && built.invoices === want.invoices && built.notes === want.notes) return true;
      if (tries >= SETTLE_TRIES) return false;
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    }
  }

  /** The year's month roll-ups again from its invoice records, one pass; each document's marker kept so none counts twice. */
  private async rebuild(fy: string): Promise<void> {
    await this.locks.run(
      `gstr1-rebuild:${fy}`,
      { busyMessage: 'GSTR-1 is being worked out right now; please try again in a moment', waitMs: 120_000 },
      async () => {
        if (await this.counted(fy)) return;
        const started = performance.now();
        const current = await this.shop.details();
        const change: Change = {};
        const markers: string[] = [];
        const notes: InvoiceRecord[] = [];
        // The whole collection in one pass, read by kind and year here (the rare path: a year of records, once).
        for await (const record of this.records.find({}).batchSize(500)) {
          if (record.fy !== fy || !record.number) continue;
          if (record._id.startsWith('cn:')) notes.push(record);
          else if (record._id.startsWith('order:')) {
            mergeChange(change, gstr1Change({ kind: 'invoice', invoice: invoiceOf(record, current) }, this.timeZone));
            markers.push(`gstr1:${record.number}`);
          }
        }
        for (const record of notes) {
          const against = record.credited && (await this.records.findOne({ _id: `order:${record.credited.order}` }));
          if (!record.credited || !against?.number) continue;
          const note = { number: record.number!, at: record.issuedAt ?? record.credited.at, note: record.credited.note, invoice: invoiceOf(against, current) };
          mergeChange(change, gstr1Change({ kind: 'note', note }, this.timeZone));
          markers.push(`gstr1:${record.number}`);
        }
        const docs = documentsOf(change);
        const ids = monthsOf(fy).map(gstMonthId);
        for (const id of ids) {
          await this.rollups.deleteOne({ _id: id });
          if (docs[id]) await this.rollups.insertOne(docs[id] as { _id: string });
        }
        for (let i = 0; i < markers.length; i += 1_000) {
          await this.applied
            .insertMany(
              markers.slice(i, i + 1_000).map((_id) => ({ _id, at: new Date() })),
              { ordered: false },
            )
            .catch((error: { writeErrors?: unknown }) => {
              const errors = [error.writeErrors ?? error].flat();
              if (!errors.every((e) => isDuplicateKeyError(e))) throw error as Error;
            });
        }
        const [invoices, creditNotes] = await Promise.all([
          this.counters.findOne({ _id: `counter:${fy}` }),
          this.counters.findOne({ _id: `cn-counter:${fy}` }),
        ]);
        await this.rollups.updateOne(
          { _id: `gst:built:${fy}` },
          { $set: { invoices: invoices?.last ?? 0, notes: creditNotes?.last ?? 0, at: new Date() } },
          { upsert: true },
        );
        await this.store.rewritten(ids);
        this.logger.log(`GSTR-1 roll-ups of ${fy} rebuilt from ${markers.length} documents in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      },
    );
  }
}

function invoiceOf(record: InvoiceRecord, current: InvoiceShop): Gstr1Invoice {
  return gstr1Invoice({ number: record.number!, issuedAt: record.issuedAt ?? new Date(0), invoiced: record.invoiced, shop: record.shop ?? current });
}

/** India's financial year of a month: "2026-11" → "2026-27", "2027-02" → "2026-27". */
function yearOf(month: string): string {
  const [year, mm] = month.split('-').map(Number);
  const first = mm >= 4 ? year : year - 1;
  return `${first}-${String((first + 1) % 100).padStart(2, '0')}`;
}

/** The year's twelve months, April to March. */
function monthsOf(fy: string): string[] {
  const first = Number(fy.slice(0, 4));
  return Array.from({ length: 12 }, (_, i) => {
    const mm = ((i + 3) % 12) + 1;
    return `${mm >= 4 ? first : first + 1}-${String(mm).padStart(2, '0')}`;
  });
}
