import { gstStateOf, type CreditNote, type GstState, type TaxParts } from '@greencart/domain';
import type { Change, Delta } from '../rollups';
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

/** An issued invoice as GSTR-1 reads it; one numbered before snapshots were kept counts in its series only (as flat). */
export function gstr1Invoice(issued: { number: string; issuedAt: Date; shop: InvoiceShop; invoiced?: InvoicedOrder }): Gstr1Invoice {
  return {
    number: issued.number,
    issuedAt: issued.issuedAt,
    invoiced: issued.invoiced ?? { items: [], subtotalPaise: 0, taxPaise: 0, amountPaise: 0 },
    shop: issued.shop,
  };
}

export interface Gstr1Note {
  number: string;
  at: Date;
  note: CreditNote;
  /** The invoice it is against (as issued). */
  invoice: Gstr1Invoice;
}

export interface ItemDetail {
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

/** The month's roll-up document of GSTR-1 (`gst:<YYYY-MM>` in the figures' roll-ups), paise throughout. */
export interface Gstr1Month {
  _id: string;
  gstInvoices?: number;
  otherModes?: number;
  gstin?: string;
  b2cs?: Record<string, Sums>;
  hsnB2b?: Record<string, HsnSums>;
  hsnB2c?: Record<string, HsnSums>;
  b2b?: Record<string, { ctin: string; inv: Gstr1File['b2b'][number]['inv'][number] }>;
  b2cl?: Record<string, { pos: string; inv: Gstr1File['b2cl'][number]['inv'][number] }>;
  cdnr?: Record<string, { ctin: string; nt: Gstr1File['cdnr'][number]['nt'][number] }>;
  cdnur?: Record<string, Gstr1File['cdnur'][number]>;
  /** Per series: its prefix, its kind (1 invoices, 5 credit notes), how many, the first and last number. */
  docs?: Record<string, { p: string; k: 1 | 5; n: number; from: number; to: number }>;
}

interface Sums {
  t: number;
  c: number;
  s: number;
  i: number;
}

interface HsnSums extends Sums {
  h: string;
  d: string;
  /** 1: a service (the delivery fee). */
  v: number;
  r: number;
  q: number;
}

export const gstMonthId = (month: string) => `gst:${month}`;

/** A document's month in the shop's time zone ("2026-11"). */
export function monthOf(at: Date, timeZone: string): string {
  return formatter(`month:${timeZone}`, () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' })).format(at);
}

/** Formatters are costly to make (a rebuild dates tens of thousands of documents): one per time zone and use. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let found = formatters.get(key);
  if (!found) formatters.set(key, (found = make()));
  return found;
}

/** Field names the roll-ups may hold: "GC/26-27/000042" → "GC_26-27_000042". */
const fieldKey = (text: string) => (text ? text.replace(/[^A-Za-z0-9-]/g, '_') : '_');
const rateKey = (rate: number) => String(Math.round(rate * 100));

/**
 * What one document adds to its month's roll-up: a `gst` invoice's lines and fee per table, a credit
 * note's taken off (or listed, for B2B and B2C large), and its number in the series. Applied once per
 * document (its marker), so the month's file is one read however many documents it holds.
 */
export function gstr1Change(doc: { kind: 'invoice'; invoice: Gstr1Invoice } | { kind: 'note'; note: Gstr1Note }, timeZone: string): Change {
  const issuedAt = doc.kind === 'invoice' ? doc.invoice.issuedAt : doc.note.at;
  const id = gstMonthId(monthOf(issuedAt, timeZone));
  const d: Delta = { inc: {}, set: {}, min: {}, max: {} };
  const number = doc.kind === 'invoice' ? doc.invoice.number : doc.note.number;
  const series = /^(.*\/)(\d+)$/.exec(number);
  if (series) {
    const key = `docs.${fieldKey(series[1])}`;
    d.set[`${key}.p`] = series[1];
    d.set[`${key}.k`] = doc.kind === 'invoice' ? 1 : 5;
    d.inc[`${key}.n`] = 1;
    d.min![`${key}.from`] = Number(series[2]);
    d.max![`${key}.to`] = Number(series[2]);
  }
  const invoice = doc.kind === 'invoice' ? doc.invoice : doc.note.invoice;
  if ((invoice.invoiced.taxMode ?? 'flat') !== 'gst') {
    if (doc.kind === 'invoice') d.inc.otherModes = 1;
    return { [id]: d };
  }
  const date = portalDate(issuedAt, timeZone);
  const ctin = invoice.invoiced.buyerGstin;
  const docKey = fieldKey(number);
  if (doc.kind === 'invoice') {
    d.inc.gstInvoices = 1;
    if (invoice.shop.gstin) d.set.gstin = invoice.shop.gstin;
    const read = readInvoice(invoice);
    const itms = items(read.byRate);
    if (ctin) d.set[`b2b.${docKey}`] = { ctin, inv: { inum: number, idt: date, val: rupees(read.value), pos: posOf(read), rchrg: 'N', inv_typ: 'R', itms } };
    else if (isLarge(read)) d.set[`b2cl.${docKey}`] = { pos: posOf(read), inv: { inum: number, idt: date, val: rupees(read.value), itms } };
    else for (const rate of read.byRate) addSums(d, b2csKey(read, rate), rate, 1);
    addHsn(d, ctin ? 'hsnB2b' : 'hsnB2c', read.hsn, 1);
  } else {
    const read = readNote(doc.note);
    const nt = { ntty: 'C' as const, nt_num: number, nt_dt: date, val: rupees(doc.note.note.totalPaise), pos: posOf(read) };
    if (ctin) d.set[`cdnr.${docKey}`] = { ctin, nt: { ...nt, rchrg: 'N', inv_typ: 'R', itms: items(read.byRate) } };
    else if (isLarge(readInvoice(invoice))) d.set[`cdnur.${docKey}`] = { typ: 'B2CL', ...nt, itms: items(read.byRate) };
    else for (const rate of read.byRate) addSums(d, b2csKey(read, rate), rate, -1);
    addHsn(d, ctin ? 'hsnB2b' : 'hsnB2c', read.hsn, -1);
  }
  return { [id]: d };
}

/** "INTRA_29_500": supply type, place of supply ("00" when unknown) and rate in hundredths. */
function b2csKey(read: Read, rate: RateParts): string {
  return `b2cs.${read.intra ? 'INTRA' : 'INTER'}_${posOf(read) || '00'}_${rateKey(rate.ratePercent)}`;
}

function addSums(d: Delta, key: string, parts: Parts, sign: 1 | -1): void {
  d.inc[`${key}.t`] = (d.inc[`${key}.t`] ?? 0) + sign * parts.taxablePaise;
  d.inc[`${key}.c`] = (d.inc[`${key}.c`] ?? 0) + sign * parts.cgstPaise;
  d.inc[`${key}.s`] = (d.inc[`${key}.s`] ?? 0) + sign * parts.sgstPaise;
  d.inc[`${key}.i`] = (d.inc[`${key}.i`] ?? 0) + sign * parts.igstPaise;
}

function addHsn(d: Delta, table: 'hsnB2b' | 'hsnB2c', lines: Read['hsn'], sign: 1 | -1): void {
  for (const line of lines) {
    const key = `${table}.${fieldKey(line.hsn)}_${rateKey(line.ratePercent)}`;
    d.set[`${key}.h`] = line.hsn;
    d.set[`${key}.d`] = line.desc;
    d.set[`${key}.v`] = line.service ? 1 : 0;
    d.set[`${key}.r`] = line.ratePercent;
    d.inc[`${key}.q`] = (d.inc[`${key}.q`] ?? 0) + sign * line.quantity;
    addSums(d, key, line.parts, sign);
  }
}

/** The month's file from its roll-up (null: no document that month). */
export function gstr1File(month: Gstr1Month | null, gstin: string, yyyyMm: string): Gstr1File {
  const [year, mm] = yyyyMm.split('-');
  const m = month ?? { _id: gstMonthId(yyyyMm) };
  const byNumber = <T extends { inum?: string; nt_num?: string }>(a: T, b: T) => (a.inum ?? a.nt_num ?? '').localeCompare(b.inum ?? b.nt_num ?? '');
  const grouped = <T>(entries: [string, T][]) => {
    const map = new Map<string, T[]>();
    for (const [key, value] of entries) map.set(key, [...(map.get(key) ?? []), value]);
    return [...map];
  };
  const b2b = grouped(Object.values(m.b2b ?? {}).map((e) => [e.ctin, e.inv] as [string, Gstr1File['b2b'][number]['inv'][number]]));
  const b2cl = grouped(Object.values(m.b2cl ?? {}).map((e) => [e.pos, e.inv] as [string, Gstr1File['b2cl'][number]['inv'][number]]));
  const cdnr = grouped(Object.values(m.cdnr ?? {}).map((e) => [e.ctin, e.nt] as [string, Gstr1File['cdnr'][number]['nt'][number]]));
  const docDet: Gstr1File['doc_issue']['doc_det'] = [];
  for (const s of Object.values(m.docs ?? {}).sort((a, b) => a.k - b.k || a.p.localeCompare(b.p))) {
    const entry = docDet.find((x) => x.doc_num === s.k) ?? docDet[docDet.push({ doc_num: s.k, doc_typ: DOC_TYPES[s.k], docs: [] }) - 1];
    const totnum = s.to - s.from + 1;
    entry.docs.push({ num: entry.docs.length + 1, from: `${s.p}${pad(s.from)}`, to: `${s.p}${pad(s.to)}`, totnum, cancel: totnum - s.n, net_issue: s.n });
  }
  return {
    gstin: m.gstin ?? gstin,
    fp: `${mm}${year}`,
    version: GSTR1_VERSION,
    hash: 'hash',
    b2b: b2b.map(([ctin, inv]) => ({ ctin, inv: inv.sort(byNumber) })),
    b2cl: b2cl.map(([pos, inv]) => ({ pos, inv: inv.sort(byNumber) })),
    b2cs: Object.entries(m.b2cs ?? {})
      .map(([key, sums]) => {
        const [supply, pos, rate] = key.split('_');
        return { sply_ty: supply as 'INTRA' | 'INTER', pos: pos === '00' ? '' : pos, typ: 'OE' as const, ...detail(partsOf(sums), Number(rate) / 100) };
      })
      .filter((row) => row.txval !== 0 || row.iamt !== 0 || row.camt !== 0 || row.samt !== 0)
      .sort((a, b) => a.pos.localeCompare(b.pos) || a.sply_ty.localeCompare(b.sply_ty) || a.rt - b.rt),
    cdnr: cdnr.map(([ctin, nt]) => ({ ctin, nt: nt.sort(byNumber) })),
    cdnur: Object.values(m.cdnur ?? {}).sort(byNumber),
    hsn: { hsn_b2b: hsnRows(m.hsnB2b), hsn_b2c: hsnRows(m.hsnB2c) },
    doc_issue: { doc_det: docDet },
  };
}

const DOC_TYPES: Record<number, string> = { 1: 'Invoices for outward supply', 5: 'Credit Note' };

function partsOf(sums: Sums): Parts {
  return { taxablePaise: sums.t, cgstPaise: sums.c, sgstPaise: sums.s, igstPaise: sums.i };
}

function hsnRows(table: Record<string, HsnSums> | undefined): HsnRow[] {
  return Object.values(table ?? {})
    .sort((a, b) => a.h.localeCompare(b.h) || a.r - b.r)
    .map((row, i) => ({ num: i + 1, hsn_sc: row.h, desc: row.d, uqc: row.v ? ('NA' as const) : ('NOS' as const), qty: row.q, ...detail(partsOf(row), row.r) }));
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

/** Paise as the portal's rupees: a number with at most two decimals. */
export function rupees(paise: number): number {
  return Math.round(paise) / 100;
}

function pad(seq: number): string {
  return String(seq).padStart(6, '0');
}

/** The portal's date: "05-11-2026", in the shop's time zone. */
export function portalDate(at: Date, timeZone: string): string {
  const parts = formatter(
    `day:${timeZone}`,
    () => new Intl.DateTimeFormat('en-GB', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }),
  ).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('day')}-${get('month')}-${get('year')}`;
}
