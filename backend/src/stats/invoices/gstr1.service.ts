import { ConflictException, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection, Connection } from 'mongoose';
import type { Environment } from '../../config/environment';
import { addDays, startOfDay } from '../../common/time/shop-time';
import { ShopService } from '../../shop/shop.service';
import { Gstr1Builder, type Gstr1File, type Gstr1Invoice } from './gstr1';
import { INVOICES_COLLECTION, type InvoiceRecord } from './invoice-numbers';
import { InvoicesService } from './invoices.service';

/** Credit notes' invoices read per query. */
const BATCH = 500;

/**
 * The month's GSTR-1 (issue 54), read from the invoice records of the month in the shop's time zone
 * (each with its snapshot: gstr1.ts never reads an order) in one pass of a cursor, then the month's
 * credit notes with the invoices they are against.
 */
@Injectable()
export class Gstr1Service {
  private readonly records: Collection<InvoiceRecord>;
  private readonly timeZone: string;

  constructor(
    config: ConfigService<Environment, true>,
    @InjectConnection() connection: Connection,
    private readonly invoices: InvoicesService,
    private readonly shop: ShopService,
  ) {
    this.records = connection.collection<InvoiceRecord>(INVOICES_COLLECTION);
    this.timeZone = config.get('SHOP_TIMEZONE', { infer: true });
  }

  /** The month's file (YYYY-MM, checked by Gstr1Query); 409 for a month the shop was not in `gst` mode. */
  async file(month: string): Promise<Gstr1File> {
    const start = startOfDay(`${month}-01`, this.timeZone);
    const end = startOfDay(nextMonth(month), this.timeZone);
    // What this instance's order events are still issuing belongs to the month too.
    await this.invoices.settled();
    const details = await this.shop.details();
    const builder = new Gstr1Builder(this.timeZone);
    let gstin: string | null = null;
    const invoices = this.records
      .find(
        { _id: { $gte: 'order:', $lt: 'order;' }, number: { $exists: true }, issuedAt: { $gte: start, $lt: end } },
        { projection: { number: 1, issuedAt: 1, invoiced: 1, shop: 1 } },
      )
      // Small batches: on FerretDB/SQLite the filter reads the whole collection (docs/database.md), and each batch must come within the driver's socket timeout.
      .batchSize(200);
    for await (const record of invoices) {
      const invoice = invoiceOf(record, details);
      if (!invoice) builder.countOnly(record.number!, 1);
      else {
        builder.addInvoice(invoice);
        if (invoice.invoiced.taxMode === 'gst') gstin ??= invoice.shop.gstin;
      }
    }
    if (builder.gstInvoices === 0 && (builder.otherModes > 0 || details.taxMode !== 'gst' || !details.gstin)) {
      throw new ConflictException(`In ${month} the shop was not in GST mode: GSTR-1 is filed by a GST-registered shop (tax mode “gst” in the shop's details)`);
    }
    await this.addNotes(builder, start, end, details);
    return builder.file(gstin ?? details.gstin ?? '', month);
  }

  private async addNotes(builder: Gstr1Builder, start: Date, end: Date, details: Gstr1Invoice['shop']): Promise<void> {
    const notes = await this.records
      .find(
        { _id: { $gte: 'cn:', $lt: 'cn;' }, number: { $exists: true }, 'credited.at': { $gte: start, $lt: end } },
        { projection: { number: 1, credited: 1 } },
      )
      .batchSize(200)
      .toArray();
    for (let i = 0; i < notes.length; i += BATCH) {
      const batch = notes.slice(i, i + BATCH);
      const against = await this.records
        .find({ _id: { $in: [...new Set(batch.map((n) => `order:${n.credited!.order}`))] } }, { projection: { number: 1, issuedAt: 1, invoiced: 1, shop: 1 } })
        .toArray();
      const byOrder = new Map(against.map((record) => [record._id.slice('order:'.length), invoiceOf(record, details)]));
      for (const record of batch) {
        const invoice = byOrder.get(record.credited!.order);
        if (invoice) builder.addNote({ number: record.number!, at: record.credited!.at, note: record.credited!.note, invoice });
        else builder.countOnly(record.number!, 5);
      }
    }
  }
}

function invoiceOf(record: InvoiceRecord, details: Gstr1Invoice['shop']): Gstr1Invoice | undefined {
  if (!record.number || !record.invoiced || !record.issuedAt) return undefined;
  return { number: record.number, issuedAt: record.issuedAt, invoiced: record.invoiced, shop: record.shop ?? details };
}

/** "2026-11" → "2026-12-01"; "2026-12" → "2027-01-01". */
function nextMonth(month: string): string {
  return addDays(`${month}-28`, 4).slice(0, 8) + '01';
}
