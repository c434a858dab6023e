import { gstStateOf, type CreditNote, type GstState, type TaxParts } from '@greencart/domain';
import { invoiceTaxOf } from './credit-notes';
import type { InvoicedOrder, InvoiceShop } from './invoice-lines';

/**
 * Issue 54: the month's GSTR-1 in the JSON of the GST portal's offline tool, worked out from the
 * invoices and credit notes of the month as they were issued (their snapshots), by the same money rule
 * as the documents (invoiceTaxOf), so every figure is one the accountant finds on a document.
 *
 * - `b2b`: invoices to a buyer who gave a GSTIN, per invoice and rate; `cdnr`: their credit notes.
 * - `b2cl`: an inter-state invoice to an unregistered buyer above ₹1,00,000; `cdnur`: its credit notes.
 * - `b2cs`: every other invoice, summed by supply type, place of supply and rate, net of its credit
 *   notes (the law's way for small B2C supplies: no credit note is reported on its own).
 * - `hsn`: by HSN and rate, split B2B and B2C (the portal's Table 12 since 2025), net of credit notes;
 *   the delivery fee is the service code DELIVERY_SAC.
 * - `doc_issue`: the invoice and credit-note series of the month, from its first number to its last,
 *   with the numbers in between that no document holds counted as cancelled.
 * Amounts are rupees with two decimals (the portal's format), summed in paise first.
 */

/** Local delivery services: the delivery fee's code in the HSN summary. */
export const DELIVERY_SAC = '996813';
/** Above this an inter-state invoice to an unregistered buyer is B2C large (`b2cl`), from 1 Aug 2024. */
export const B2CL_LIMIT_PAISE = 100_000_00;
export const GSTR1_VERSION = 'GST3.2.1';

export interface Gstr1Invoice {
  number: string;
  issuedAt: Date;
  invoiced: InvoicedOrder;
  shop: InvoiceShop;
}

export interface Gstr1Note {
  number: string;
  at: Date;
  note: CreditNote;
  /** The invoice it is against (as issued). */
  invoice: Gstr1Invoice;
}

interface ItemDetail {
  txval: number;
  rt: number;
  iamt: number;
  camt: number;
  samt: number;
  csamt: number;
}

type Parts = Pick<TaxParts, 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise'>;
type RateParts = Parts & { ratePercent: number };

export interface Gstr1File {
  gstin: string;
  fp: string;
  version: string;
  hash: string;
  b2b: {
    ctin: string;
    inv: { inum: string; idt: string; val: number; pos: string; rchrg: 'N'; inv_typ: 'R'; itms: { num: number; itm_det: ItemDetail }[] }[];
  }[];
  b2cl: { pos: string; inv: { inum: string; idt: string; val: number; itms: { num: number; itm_det: ItemDetail }[] }[] }[];
  b2cs: ({ sply_ty: 'INTRA' | 'INTER'; pos: string; typ: 'OE' } & ItemDetail)[];
  cdnr: {
    ctin: string;
    nt: { ntty: 'C'; nt_num: string; nt_dt: string; val: number; pos: string; rchrg: 'N'; inv_typ: 'R'; itms: { num: number; itm_det: ItemDetail }[] }[];
  }[];
  cdnur: { typ: 'B2CL'; ntty: 'C'; nt_num: string; nt_dt: string; val: number; pos: string; itms: { num: number; itm_det: ItemDetail }[] }[];
  hsn: { hsn_b2b: HsnRow[]; hsn_b2c: HsnRow[] };
  doc_issue: {
    doc_det: { doc_num: number; doc_typ: string; docs: { num: number; from: string; to: string; totnum: number; cancel: number; net_issue: number }[] }[];
  };
}

export interface HsnRow extends ItemDetail {
  num: number;
  hsn_sc: string;
  desc: string;
  uqc: 'NOS' | 'NA';
  qty: number;
}

/** One document's money, split for the month's tables. */
interface Read {
  pos: GstState | null;
  intra: boolean;
  value: number;
  byRate: RateParts[];
  hsn: { hsn: string; desc: string; service: boolean; ratePercent: number; quantity: number; parts: Parts }[];
}

/** Builds the file; `seq` reads a document number's place in its series ("GC/26-27/000042" → 42). */
export class Gstr1Builder {
  private readonly b2b = new Map<string, Gstr1File['b2b'][number]['inv']>();
  private readonly b2cl = new Map<string, Gstr1File['b2cl'][number]['inv']>();
  private readonly b2cs = new Map<string, { sply_ty: 'INTRA' | 'INTER'; pos: string; rt: number; parts: Parts }>();
  private readonly cdnr = new Map<string, Gstr1File['cdnr'][number]['nt']>();
  private readonly cdnur: Gstr1File['cdnur'] = [];
  private readonly hsnB2b = new Map<string, HsnAcc>();
  private readonly hsnB2c = new Map<string, HsnAcc>();
  private readonly series = new Map<string, { docNum: number; prefix: string; numbers: Set<number> }>();
  /** Invoices of the month in another tax mode than `gst` (not in the tables, counted in doc_issue). */
  otherModes = 0;
  gstInvoices = 0;

  constructor(private readonly timeZone: string) {}

  addInvoice(invoice: Gstr1Invoice): void {
    this.countOnly(invoice.number, 1);
    if ((invoice.invoiced.taxMode ?? 'flat') !== 'gst') {
      this.otherModes++;
      return;
    }
    this.gstInvoices++;
    const read = readInvoice(invoice);
    const itms = items(read.byRate);
    const ctin = invoice.invoiced.buyerGstin;
    if (ctin) {
      push(this.b2b, ctin, {
        inum: invoice.number,
        idt: portalDate(invoice.issuedAt, this.timeZone),
        val: rupees(read.value),
        pos: posOf(read),
        rchrg: 'N',
        inv_typ: 'R',
        itms,
      });
    } else if (isLarge(read)) {
      push(this.b2cl, posOf(read), { inum: invoice.number, idt: portalDate(invoice.issuedAt, this.timeZone), val: rupees(read.value), itms });
    } else {
      for (const rate of read.byRate) this.addB2cs(read, rate, 1);
    }
    this.addHsn(ctin ? this.hsnB2b : this.hsnB2c, read.hsn, 1);
  }

  addNote(note: Gstr1Note): void {
    this.countOnly(note.number, 5);
    if ((note.invoice.invoiced.taxMode ?? 'flat') !== 'gst') return;
    const read = readNote(note);
    const ctin = note.invoice.invoiced.buyerGstin;
    const nt = { ntty: 'C' as const, nt_num: note.number, nt_dt: portalDate(note.at, this.timeZone), val: rupees(note.note.totalPaise), pos: posOf(read) };
    if (ctin) push(this.cdnr, ctin, { ...nt, rchrg: 'N', inv_typ: 'R', itms: items(read.byRate) });
    else if (isLarge(readInvoice(note.invoice))) this.cdnur.push({ typ: 'B2CL', ...nt, itms: items(read.byRate) });
    else for (const rate of read.byRate) this.addB2cs(read, rate, -1);
    this.addHsn(ctin ? this.hsnB2b : this.hsnB2c, read.hsn, -1);
  }

  file(gstin: string, month: string): Gstr1File {
    const [year, mm] = month.split('-');
    return {
      gstin,
      fp: `${mm}${year}`,
      version: GSTR1_VERSION,
      hash: 'hash',
      b2b: [...this.b2b].map(([ctin, inv]) => ({ ctin, inv })),
      b2cl: [...this.b2cl].map(([pos, inv]) => ({ pos, inv })),
      b2cs: [...this.b2cs.values()]
        .sort((a, b) => a.pos.localeCompare(b.pos) || a.rt - b.rt)
        .map(({ sply_ty, pos, rt, parts }) => ({ sply_ty, pos, typ: 'OE' as const, ...detail(parts, rt) })),
      cdnr: [...this.cdnr].map(([ctin, nt]) => ({ ctin, nt })),
      cdnur: this.cdnur,
      hsn: { hsn_b2b: hsnRows(this.hsnB2b), hsn_b2c: hsnRows(this.hsnB2c) },
      doc_issue: {
        doc_det: [...this.series.values()]
          .sort((a, b) => a.docNum - b.docNum || a.prefix.localeCompare(b.prefix))
          .reduce<Gstr1File['doc_issue']['doc_det']>((det, s) => {
            const seqs = [...s.numbers].sort((a, b) => a - b);
            const from = seqs[0];
            const to = seqs[seqs.length - 1];
            const entry = det.find((d) => d.doc_num === s.docNum) ?? det[det.push({ doc_num: s.docNum, doc_typ: DOC_TYPES[s.docNum], docs: [] }) - 1];
            const totnum = to - from + 1;
            entry.docs.push({
              num: entry.docs.length + 1,
              from: `${s.prefix}${pad(from)}`,
              to: `${s.prefix}${pad(to)}`,
              totnum,
              cancel: totnum - seqs.length,
              net_issue: seqs.length,
            });
            return det;
          }, []),
      },
    };
  }

  private addB2cs(read: Read, rate: RateParts, sign: 1 | -1): void {
    const pos = posOf(read);
    const key = `${read.intra ? 'INTRA' : 'INTER'}|${pos}|${rate.ratePercent}`;
    const found = this.b2cs.get(key) ?? { sply_ty: read.intra ? ('INTRA' as const) : ('INTER' as const), pos, rt: rate.ratePercent, parts: zero() };
    add(found.parts, rate, sign);
    this.b2cs.set(key, found);
  }

  private addHsn(into: Map<string, HsnAcc>, lines: Read['hsn'], sign: 1 | -1): void {
    for (const line of lines) {
      const key = `${line.hsn}|${line.ratePercent}`;
      const found = into.get(key) ?? { hsn: line.hsn, desc: line.desc, service: line.service, rt: line.ratePercent, qty: 0, parts: zero() };
      found.qty += sign * line.quantity;
      add(found.parts, line.parts, sign);
      into.set(key, found);
    }
  }

  /** A document number into its series' numbers ("GC/26-27/" and 42). */
  countOnly(number: string, docNum: 1 | 5): void {
    const match = /^(.*\/)(\d+)$/.exec(number);
    if (!match) return;
    const key = `${docNum}|${match[1]}`;
    const found = this.series.get(key) ?? { docNum, prefix: match[1], numbers: new Set<number>() };
    found.numbers.add(Number(match[2]));
    this.series.set(key, found);
  }
}

const DOC_TYPES: Record<number, string> = { 1: 'Invoices for outward supply', 5: 'Credit Note' };

interface HsnAcc {
  hsn: string;
  desc: string;
  service: boolean;
  rt: number;
  qty: number;
  parts: Parts;
}

function readInvoice({ invoiced, shop }: Gstr1Invoice): Read {
  const tax = invoiceTaxOf(invoiced, shop);
  const pos = gstStateOf(invoiced.address?.state) ?? shop.state;
  const hsn: Read['hsn'] = tax.lines.flatMap((line, i) =>
    line.quantity > 0
      ? [
          {
            hsn: line.hsn ?? invoiced.items[i].hsn ?? '',
            desc: invoiced.items[i].name,
            service: false,
            ratePercent: line.ratePercent ?? 0,
            quantity: line.quantity,
            parts: line,
          },
        ]
      : [],
  );
  if (tax.fee.chargePaise > 0)
    hsn.push({ hsn: DELIVERY_SAC, desc: 'Delivery', service: true, ratePercent: tax.fee.ratePercent ?? 0, quantity: 0, parts: tax.fee });
  return { pos, intra: tax.supply === 'intra', value: tax.totalPaise, byRate: tax.rates, hsn };
}

function readNote({ note, invoice }: Gstr1Note): Read {
  const pos = gstStateOf(invoice.invoiced.address?.state) ?? invoice.shop.state;
  const intra = !pos || !invoice.shop.state || pos.code === invoice.shop.state.code;
  // Split as the invoice was (notes kept before their split followed the place of supply are split again here).
  const split = (parts: TaxParts): TaxParts => (intra || parts.igstPaise > 0 ? parts : { ...parts, cgstPaise: 0, sgstPaise: 0, igstPaise: parts.taxPaise });
  const hsn: Read['hsn'] = note.lines.map((line) => ({
    hsn: line.hsn ?? invoice.invoiced.items[line.line]?.hsn ?? '',
    desc: invoice.invoiced.items[line.line]?.name ?? '',
    service: false,
    ratePercent: line.ratePercent ?? 0,
    quantity: line.quantity,
    parts: split(line),
  }));
  if (note.fee && note.fee.chargePaise > 0)
    hsn.push({ hsn: DELIVERY_SAC, desc: 'Delivery', service: true, ratePercent: note.fee.ratePercent ?? 0, quantity: 0, parts: split(note.fee) });
  return { pos, intra, value: note.totalPaise, byRate: note.rates.map((rate) => ({ ...split(rate), ratePercent: rate.ratePercent })), hsn };
}

function isLarge(read: Read): boolean {
  return !read.intra && read.value > B2CL_LIMIT_PAISE;
}

function posOf(read: Read): string {
  return read.pos?.code ?? '';
}

function items(byRate: readonly RateParts[]): { num: number; itm_det: ItemDetail }[] {
  // The offline tool numbers a document's items by rate: rate × 100 + 1.
  return byRate.map((rate) => ({ num: Math.round(rate.ratePercent * 100) + 1, itm_det: detail(rate, rate.ratePercent) }));
}

function detail(parts: Parts, rt: number): ItemDetail {
  return { txval: rupees(parts.taxablePaise), rt, iamt: rupees(parts.igstPaise), camt: rupees(parts.cgstPaise), samt: rupees(parts.sgstPaise), csamt: 0 };
}

function hsnRows(map: Map<string, HsnAcc>): HsnRow[] {
  return [...map.values()]
    .sort((a, b) => a.hsn.localeCompare(b.hsn) || a.rt - b.rt)
    .map((row, i) => ({ num: i + 1, hsn_sc: row.hsn, desc: row.desc, uqc: row.service ? 'NA' : 'NOS', qty: row.qty, ...detail(row.parts, row.rt) }));
}

function zero(): Parts {
  return { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
}

function add(into: Parts, parts: Parts, sign: 1 | -1): void {
  into.taxablePaise += sign * parts.taxablePaise;
  into.cgstPaise += sign * parts.cgstPaise;
  into.sgstPaise += sign * parts.sgstPaise;
  into.igstPaise += sign * parts.igstPaise;
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Paise as the portal's rupees: a number with at most two decimals. */
export function rupees(paise: number): number {
  return Math.round(paise) / 100;
}

function pad(seq: number): string {
  return String(seq).padStart(6, '0');
}

/** The portal's date: "05-11-2026", in the shop's time zone. */
export function portalDate(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('day')}-${get('month')}-${get('year')}`;
}
