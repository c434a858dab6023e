import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { formatRupees } from '@greencart/domain';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { rupeesInWords } from './amount-in-words';
import type { InvoiceAmounts, InvoiceShop } from './invoice-lines';

export interface InvoiceData {
  /** The legal details the invoice was issued with, and the shop's trading name and contact. */
  shop: InvoiceShop & { name: string; email: string; phone: string };
  number: string;
  /** Days and times as the shop reads them (its time zone). */
  issuedOn: string;
  orderNumber: string;
  orderDate: string;
  orderTime: string;
  payment: string;
  /** The delivery slot chosen (issue 41), as said ("Sun 29 Nov, 07:00–09:00"). */
  deliverySlot?: string;
  /** A note under the totals (a cancelled or refunded order), if any. */
  note?: string;
  billTo?: { name: string; lines: string[]; phone?: string };
  amounts: InvoiceAmounts;
  /** A credit note (issue 54) rather than the invoice: its title, and the invoice it is against ("GC/26-27/000001 of 3 Dec 2026"). */
  document?: { title: 'Credit note'; against: string };
}

/**
 * Noto Sans from @fontsource/noto-sans, embedded (subset) in each invoice: pdfkit's standard fonts have
 * no ₹ and no Indian scripts. Fontsource splits the family by script; each piece of text is drawn with
 * the first of latin, latin-ext (₹) and devanagari that has its characters.
 */
const SUBSETS = ['latin', 'latin-ext', 'devanagari'] as const;
const FILES = dirname(require.resolve('@fontsource/noto-sans/package.json'));
type Weight = 'regular' | 'bold';

interface Face {
  name: string;
  data: Buffer;
  covers: (codePoint: number) => boolean;
}

let faces: Record<Weight, Face[]> | undefined;

function loadFaces(): Record<Weight, Face[]> {
  const load = (weight: Weight) =>
    SUBSETS.map((subset, i) => {
      const data = readFileSync(join(FILES, 'files', `noto-sans-${subset}-${weight === 'bold' ? 700 : 400}-normal.woff`));
      const font = fontkit.create(data) as fontkit.Font;
      const known = new Map<number, boolean>();
      const covers = (cp: number) => {
        let has = known.get(cp);
        if (has === undefined) known.set(cp, (has = font.hasGlyphForCodePoint(cp)));
        return has;
      };
      return { name: `${weight}-${i}`, data, covers };
    });
  return { regular: load('regular'), bold: load('bold') };
}

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const CONTENT = PAGE.width - 2 * PAGE.margin;
const GREEN = '#237a52';
const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#d1d5db';

interface TextOptions {
  size?: number;
  bold?: boolean;
  color?: string;
  width?: number;
  align?: 'left' | 'right' | 'center';
}

class InvoiceWriter {
  readonly doc: PDFKit.PDFDocument;
  private readonly faces = (faces ??= loadFaces());

  constructor(info: PDFKit.DocumentInfo) {
    this.doc = new PDFDocument({
      size: 'A4',
      margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: 10 },
      info,
      pdfVersion: '1.7',
      lang: 'en-IN',
      displayTitle: true,
    });
    for (const face of [...this.faces.regular, ...this.faces.bold]) this.doc.registerFont(face.name, face.data);
  }

  /** The text cut into pieces each drawn with one font that has all of its characters. */
  private runs(text: string, bold: boolean): { font: string; text: string }[] {
    const list = this.faces[bold ? 'bold' : 'regular'];
    const runs: { font: string; text: string }[] = [];
    for (const char of text) {
      const cp = char.codePointAt(0)!;
      // Spaces and joiners stay with the run they are in.
      const face = cp <= 0x20 || cp === 0x200c || cp === 0x200d ? undefined : (list.find((f) => f.covers(cp)) ?? list[0]);
      const last = runs[runs.length - 1];
      if (last && (!face || last.font === face.name)) last.text += char;
      else runs.push({ font: (face ?? list[0]).name, text: char });
    }
    return runs;
  }

  width(text: string, { size = 10, bold = false }: TextOptions = {}): number {
    return this.runs(text, bold).reduce((sum, run) => sum + this.doc.font(run.font).fontSize(size).widthOfString(run.text), 0);
  }

  /** One line of text at (x, y), aligned within `width`. */
  text(value: string, x: number, y: number, options: TextOptions = {}): void {
    const { size = 10, bold = false, color = INK, width = CONTENT, align = 'left' } = options;
    const total = this.width(value, options);
    let at = align === 'right' ? x + width - total : align === 'center' ? x + (width - total) / 2 : x;
    for (const run of this.runs(value, bold)) {
      this.doc.font(run.font).fontSize(size).fillColor(color).text(run.text, at, y, { lineBreak: false });
      at += this.doc.widthOfString(run.text);
    }
  }

  /** The text broken into lines no wider than `width` (at spaces; a longer word is cut). */
  wrap(value: string, width: number, options: TextOptions = {}): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of value.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (this.width(candidate, options) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (this.width(line, options) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && this.width(line.slice(0, cut), options) > width) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    if (line || !lines.length) lines.push(line);
    return lines;
  }

  rule(y: number, color = RULE): void {
    this.doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.width - PAGE.margin, y)
      .lineWidth(0.7)
      .strokeColor(color)
      .stroke();
  }

  box(x: number, y: number, w: number, h: number, fill: string): void {
    this.doc.rect(x, y, w, h).fillColor(fill).fill();
  }

  finish(): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      this.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
      this.doc.end();
    });
  }
}

/** Columns of the lines table: x and width. */
const COLUMNS = {
  index: { x: PAGE.margin, w: 24 },
  item: { x: PAGE.margin + 28, w: 200 },
  hsn: { x: PAGE.margin + 234, w: 56 },
  quantity: { x: PAGE.margin + 290, w: 44 },
  rate: { x: PAGE.margin + 338, w: 86 },
  amount: { x: PAGE.margin + 428, w: CONTENT - 428 },
};

/** "1%", "2.5%". */
const percent = (value: number) => `${Number(value.toFixed(2))}%`;

/**
 * An order's tax invoice as a PDF (A4); a bill of supply when the shop has no GSTIN. Its lines and
 * amounts come whole from invoiceAmounts: this only draws them.
 */
export async function renderInvoicePdf(data: InvoiceData): Promise<Buffer> {
  const { amounts } = data;
  const taxInvoice = amounts.kind === 'tax-invoice';
  const discounted = amounts.discountPaise > 0;
  // Issue 54: `gst` prices hold their tax (shown per line and per rate); composition and unregistered shops show none.
  const inclusive = amounts.mode !== 'flat';
  const gstInside = amounts.mode === 'gst';
  const kind = data.document?.title ?? (taxInvoice ? 'Tax invoice' : 'Bill of supply');
  const w = new InvoiceWriter({ Title: `${kind} ${data.number}`, Author: data.shop.legalName, Subject: `Order ${data.orderNumber}`, Creator: 'GreenCart' });
  const left = PAGE.margin;
  let y = PAGE.margin;

  // The shop, and what this document is.
  for (const part of w.wrap(data.shop.legalName, CONTENT - 160, { size: 18, bold: true })) {
    w.text(part, left, y, { size: 18, bold: true, color: GREEN, width: CONTENT - 160 });
    y += 24;
  }
  w.text(kind.toUpperCase(), left, PAGE.margin + 4, { size: 14, bold: true, align: 'right' });
  y += 4;
  const state = data.shop.state;
  const shopLines = [
    ...(data.shop.legalName !== data.shop.name ? [`Trading as ${data.shop.name}`] : []),
    ...data.shop.address
      .split(/\n|\\n|,(?=\s*\S)/)
      .map((part) => part.trim())
      .filter(Boolean),
    ...(state ? [`State: ${state.name} (code ${state.code})`] : []),
    data.shop.gstin ? `GSTIN: ${data.shop.gstin}` : 'Not registered under GST',
    `${data.shop.email} · ${data.shop.phone}`,
  ];
  for (const line of shopLines) {
    w.text(line, left, y, { size: 9, color: MUTED, width: CONTENT / 2 + 40 });
    y += 13;
  }
  y += 8;
  w.rule(y);
  y += 14;

  // Billed to (left) and the invoice's particulars (right).
  const top = y;
  w.text('BILLED TO', left, y, { size: 8, bold: true, color: MUTED });
  y += 14;
  if (data.billTo) {
    w.text(data.billTo.name, left, y, { size: 11, bold: true, width: 260 });
    y += 16;
    for (const line of [...data.billTo.lines, ...(data.billTo.phone ? [`Phone: ${data.billTo.phone}`] : [])]) {
      for (const part of w.wrap(line, 260, { size: 9.5 })) {
        w.text(part, left, y, { size: 9.5, width: 260 });
        y += 13;
      }
    }
  } else {
    w.text('No delivery address was given with this order', left, y, { size: 9.5, color: MUTED, width: 260 });
    y += 13;
  }
  let right = top;
  const labelX = left + CONTENT - 230;
  for (const [label, value] of [
    ...(data.document
      ? [
          ['Credit note no.', data.number],
          ['Date', data.issuedOn],
          ['Against invoice', data.document.against],
        ]
      : [
          ['Invoice no.', data.number],
          ['Invoice date', data.issuedOn],
        ]),
    ['Order no.', data.orderNumber],
    ['Order date', `${data.orderDate} ${data.orderTime}`],
    ['Payment', data.payment],
    ...(data.deliverySlot ? [['Delivery slot', data.deliverySlot]] : []),
    ...(amounts.placeOfSupply ? [['Place of supply', `${amounts.placeOfSupply.name} (${amounts.placeOfSupply.code})`]] : []),
  ]) {
    w.text(label, labelX, right, { size: 9, color: MUTED, width: 90 });
    w.text(value, labelX + 90, right, { size: 9.5, bold: label === 'Invoice no.' || label === 'Credit note no.', width: 140, align: 'right' });
    right += 15;
  }
  y = Math.max(y, right) + 16;

  // The lines.
  const header = () => {
    w.box(left, y - 5, CONTENT, 20, '#f3f4f6');
    w.text('#', COLUMNS.index.x + 4, y, { size: 8.5, bold: true, color: MUTED, width: COLUMNS.index.w });
    w.text('Item', COLUMNS.item.x, y, { size: 8.5, bold: true, color: MUTED, width: COLUMNS.item.w });
    w.text('HSN', COLUMNS.hsn.x, y, { size: 8.5, bold: true, color: MUTED, width: COLUMNS.hsn.w });
    w.text('Qty', COLUMNS.quantity.x, y, { size: 8.5, bold: true, color: MUTED, width: COLUMNS.quantity.w, align: 'right' });
    w.text('Rate', COLUMNS.rate.x, y, { size: 8.5, bold: true, color: MUTED, width: COLUMNS.rate.w, align: 'right' });
    // With a coupon the lines are before its discount: the taxable value is under the totals.
    const amountHeading = taxInvoice && !discounted && !inclusive ? 'Taxable value' : 'Amount';
    w.text(amountHeading, COLUMNS.amount.x, y, { size: 8.5, bold: true, color: MUTED, width: COLUMNS.amount.w - 4, align: 'right' });
    y += 22;
  };
  header();
  amounts.lines.forEach((line, i) => {
    const nameLines = w.wrap(line.name, COLUMNS.item.w, { size: 10 });
    const sizeLine = line.label ? `Pack size: ${line.label}` : undefined;
    const gstLine = line.gst
      ? `GST ${percent(line.gst.ratePercent)} included: ${formatRupees(line.gst.taxPaise)} (taxable value ${formatRupees(line.gst.taxablePaise)})`
      : undefined;
    const height = nameLines.length * 13 + (sizeLine ? 12 : 0) + (gstLine ? 12 : 0) + 8;
    if (y + height > PAGE.height - PAGE.margin - 150) {
      w.doc.addPage();
      y = PAGE.margin;
      header();
    }
    w.text(String(i + 1), COLUMNS.index.x + 4, y, { size: 10, color: MUTED, width: COLUMNS.index.w });
    nameLines.forEach((part, j) => w.text(part, COLUMNS.item.x, y + j * 13, { size: 10, width: COLUMNS.item.w }));
    if (sizeLine) w.text(sizeLine, COLUMNS.item.x, y + nameLines.length * 13, { size: 8.5, color: MUTED, width: COLUMNS.item.w });
    if (gstLine)
      w.text(gstLine, COLUMNS.item.x, y + nameLines.length * 13 + (sizeLine ? 12 : 0), {
        size: 8.5,
        color: MUTED,
        width: COLUMNS.amount.x + COLUMNS.amount.w - COLUMNS.item.x,
      });
    w.text(line.hsn ?? '—', COLUMNS.hsn.x, y, { size: 10, color: line.hsn ? INK : MUTED, width: COLUMNS.hsn.w });
    w.text(String(line.quantity), COLUMNS.quantity.x, y, { size: 10, width: COLUMNS.quantity.w, align: 'right' });
    w.text(formatRupees(line.ratePaise), COLUMNS.rate.x, y, { size: 10, width: COLUMNS.rate.w, align: 'right' });
    w.text(formatRupees(line.amountPaise), COLUMNS.amount.x, y, { size: 10, width: COLUMNS.amount.w - 4, align: 'right' });
    y += height;
    w.rule(y - 5, '#e5e7eb');
  });

  // Totals, on the next page when they and the words under them do not fit above the footer.
  const words = w.wrap(rupeesInWords(amounts.totalPaise), CONTENT, { size: 10, bold: true });
  const remarks = amounts.legend
    ? [amounts.legend]
    : taxInvoice
      ? [...(gstInside ? ['Prices include GST.'] : []), 'Tax is not payable on reverse charge.']
      : ['Bill of supply: the supplier is not registered under GST, so no GST (CGST, SGST or IGST) is charged or may be claimed on it.'];
  const remarkLines = remarks.flatMap((remark) => w.wrap(remark, CONTENT, { size: 9 }));
  const totalRows = inclusive
    ? (discounted ? 3 : 1) + 1 + (amounts.rates?.length ?? 0) + (gstInside ? 2 : 0)
    : (discounted ? 3 : 1) + (amounts.gst?.kind === 'intra' ? 2 : 1) + 1;
  const totalsHeight = 6 + totalRows * 15 + 10 + 20 + 8 + 13 + words.length * 14 + 6 + remarkLines.length * 12 + (data.note ? 22 : 0);
  const footerY = PAGE.height - PAGE.margin - 24;
  if (y + totalsHeight > footerY - 12) {
    w.doc.addPage();
    y = PAGE.margin;
  }
  y += 6;
  const totalsX = left + CONTENT - 230;
  const total = (label: string, paise: number, strong = false, minus = false) => {
    w.text(label, totalsX, y, { size: strong ? 11 : 9.5, bold: strong, color: strong ? INK : MUTED, width: 150 });
    w.text(`${minus ? '−' : ''}${formatRupees(paise)}`, totalsX + 110, y, { size: strong ? 12 : 10, bold: strong, width: 116, align: 'right' });
    y += strong ? 20 : 15;
  };
  if (inclusive) {
    // Nothing was added to the prices: the lines less the coupon, and the fee, are the total; in `gst` the
    // GST inside them is summed per rate underneath (with the same rule they were charged by).
    total('Subtotal', amounts.subtotalPaise);
    if (discounted) {
      total(amounts.couponCode ? `Coupon ${amounts.couponCode}` : 'Discount', amounts.discountPaise, false, true);
      total('After discount', amounts.subtotalPaise - amounts.discountPaise);
    }
    total(amounts.fee ? `Delivery fee (incl. GST ${percent(amounts.fee.ratePercent)})` : 'Delivery fee', amounts.feePaise);
  } else if (discounted) {
    // A discount shown on the invoice lowers the value tax is charged on (CGST Act s. 15(3)(a)).
    total('Subtotal', amounts.subtotalPaise);
    total(amounts.couponCode ? `Coupon ${amounts.couponCode}` : 'Discount', amounts.discountPaise, false, true);
    total(taxInvoice ? 'Taxable value' : 'After discount', amounts.taxableValuePaise);
  } else total(taxInvoice ? 'Taxable value' : 'Subtotal', amounts.subtotalPaise);
  const gst = amounts.gst;
  if (inclusive) {
    /* the fee was drawn above */
  } else if (gst?.kind === 'intra') {
    total(`CGST @ ${percent(gst.ratePercent / 2)}`, gst.cgstPaise);
    total(`SGST @ ${percent(gst.ratePercent / 2)}`, gst.sgstPaise);
  } else if (gst?.kind === 'inter') total(`IGST @ ${percent(gst.ratePercent)}`, gst.igstPaise);
  else total(`Tax (${percent(amounts.ratePercent)}, not GST)`, amounts.taxPaise);
  if (!inclusive) total('Delivery fee', amounts.feePaise);
  y += 2;
  w.doc
    .moveTo(totalsX, y)
    .lineTo(PAGE.width - PAGE.margin, y)
    .lineWidth(0.7)
    .strokeColor(INK)
    .stroke();
  y += 8;
  total('Total', amounts.totalPaise, true);
  if (gstInside) {
    y += 4;
    w.text('GST INCLUDED, BY RATE', totalsX, y, { size: 8, bold: true, color: MUTED, width: 226 });
    y += 14;
    for (const rate of amounts.rates ?? []) {
      const split =
        rate.igstPaise > 0 || (rate.cgstPaise === 0 && rate.sgstPaise === 0 && rate.taxPaise > 0)
          ? `IGST ${formatRupees(rate.igstPaise)}`
          : `CGST ${formatRupees(rate.cgstPaise)} + SGST ${formatRupees(rate.sgstPaise)}`;
      w.text(`${percent(rate.ratePercent)} on ${formatRupees(rate.taxablePaise)}`, totalsX, y, { size: 9, color: MUTED, width: 110 });
      w.text(split, totalsX + 96, y, { size: 9, width: 130, align: 'right' });
      y += 15;
    }
    total('Total GST included', amounts.taxInsidePaise ?? 0);
  }

  y += 8;
  w.text('Amount in words', left, y, { size: 8, bold: true, color: MUTED });
  y += 13;
  for (const part of words) {
    w.text(part, left, y, { size: 10, bold: true });
    y += 14;
  }
  y += 6;
  for (const part of remarkLines) {
    w.text(part, left, y, { size: 9, color: MUTED });
    y += 12;
  }
  if (data.note) {
    y += 8;
    w.text(data.note, left, y, { size: 10, bold: true, color: '#b91c1c' });
    y += 14;
  }

  w.rule(footerY - 8);
  w.text(`This is a computer-generated ${kind.toLowerCase()} and needs no signature.`, left, footerY, { size: 8.5, color: MUTED, align: 'center' });
  w.text(`Thank you for shopping with ${data.shop.name}.`, left, footerY + 12, { size: 8.5, color: MUTED, align: 'center' });
  return w.finish();
}
