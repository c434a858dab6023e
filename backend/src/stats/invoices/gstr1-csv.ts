import { gstStateByCode } from '@greencart/domain';
import { zipSync, strToU8 } from 'fflate';
import { csvLine, textCell } from '../../common/csv/csv-cells';
import type { Gstr1File } from './gstr1';

/**
 * The month's GSTR-1 as the offline tool's CSV templates, one file per section in a zip (issue 54):
 * the same figures as the JSON, a row per document and rate (b2b, b2cl, cdnr, cdnur), per supply type,
 * place and rate (b2cs), per HSN and rate (hsn(b2b), hsn(b2c)) and per series (docs).
 */
export function gstr1Zip(file: Gstr1File): Buffer {
  const files: Record<string, Uint8Array> = {};
  for (const [name, rows] of Object.entries(gstr1Tables(file))) files[name] = strToU8(rows.map((row) => csvLine(row)).join(''));
  return Buffer.from(zipSync(files, { level: 6 }));
}

/** Each section's rows, the header first (cells already written as CSV cells). */
export function gstr1Tables(file: Gstr1File): Record<string, string[][]> {
  const text = (value: string) => textCell(value);
  const num = (value: number) => value.toFixed(2);
  const pos = (code: string) => text(code ? `${code}-${gstStateByCode(code)?.name ?? ''}` : '');
  const date = (portal: string) => text(csvDate(portal));
  return {
    'b2b.csv': [
      HEADERS.b2b,
      ...file.b2b.flatMap((buyer) =>
        buyer.inv.flatMap((inv) =>
          inv.itms.map(({ itm_det: d }) => [
            text(buyer.ctin),
            text(''),
            text(inv.inum),
            date(inv.idt),
            num(inv.val),
            pos(inv.pos),
            text('N'),
            text(''),
            text('Regular B2B'),
            text(''),
            num(d.rt),
            num(d.txval),
            num(d.csamt),
          ]),
        ),
      ),
    ],
    'b2cl.csv': [
      HEADERS.b2cl,
      ...file.b2cl.flatMap((place) =>
        place.inv.flatMap((inv) =>
          inv.itms.map(({ itm_det: d }) => [
            text(inv.inum),
            date(inv.idt),
            num(inv.val),
            pos(place.pos),
            text(''),
            num(d.rt),
            num(d.txval),
            num(d.csamt),
            text(''),
          ]),
        ),
      ),
    ],
    'b2cs.csv': [HEADERS.b2cs, ...file.b2cs.map((row) => [text('OE'), pos(row.pos), text(''), num(row.rt), num(row.txval), num(row.csamt), text('')])],
    'cdnr.csv': [
      HEADERS.cdnr,
      ...file.cdnr.flatMap((buyer) =>
        buyer.nt.flatMap((nt) =>
          nt.itms.map(({ itm_det: d }) => [
            text(buyer.ctin),
            text(''),
            text(nt.nt_num),
            date(nt.nt_dt),
            text('C'),
            pos(nt.pos),
            text('N'),
            text('Regular B2B'),
            num(nt.val),
            text(''),
            num(d.rt),
            num(d.txval),
            num(d.csamt),
          ]),
        ),
      ),
    ],
    'cdnur.csv': [
      HEADERS.cdnur,
      ...file.cdnur.flatMap((nt) =>
        nt.itms.map(({ itm_det: d }) => [
          text(nt.typ),
          text(nt.nt_num),
          date(nt.nt_dt),
          text('C'),
          pos(nt.pos),
          num(nt.val),
          text(''),
          num(d.rt),
          num(d.txval),
          num(d.csamt),
        ]),
      ),
    ],
    'hsn(b2b).csv': [HEADERS.hsn, ...file.hsn.hsn_b2b.map(hsnRow)],
    'hsn(b2c).csv': [HEADERS.hsn, ...file.hsn.hsn_b2c.map(hsnRow)],
    'docs.csv': [
      HEADERS.docs,
      ...file.doc_issue.doc_det.flatMap((det) =>
        det.docs.map((doc) => [text(det.doc_typ), text(doc.from), text(doc.to), String(doc.totnum), String(doc.cancel)]),
      ),
    ],
  };

  function hsnRow(row: Gstr1File['hsn']['hsn_b2c'][number]): string[] {
    const total = row.txval + row.iamt + row.camt + row.samt + row.csamt;
    return [
      text(row.hsn_sc),
      text(row.desc),
      text(row.uqc === 'NOS' ? 'NOS-NUMBERS' : 'NA'),
      String(row.qty),
      num(Math.round(total * 100) / 100),
      num(row.rt),
      num(row.txval),
      num(row.iamt),
      num(row.camt),
      num(row.samt),
      num(row.csamt),
    ];
  }
}

const HEADERS: Record<string, string[]> = Object.fromEntries(
  Object.entries({
    b2b: 'GSTIN/UIN of Recipient,Receiver Name,Invoice Number,Invoice date,Invoice Value,Place Of Supply,Reverse Charge,Applicable % of Tax Rate,Invoice Type,E-Commerce GSTIN,Rate,Taxable Value,Cess Amount',
    b2cl: 'Invoice Number,Invoice date,Invoice Value,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
    b2cs: 'Type,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
    cdnr: 'GSTIN/UIN of Recipient,Receiver Name,Note Number,Note Date,Note Type,Place Of Supply,Reverse Charge,Note Supply Type,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount',
    cdnur: 'UR Type,Note Number,Note Date,Note Type,Place Of Supply,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount',
    hsn: 'HSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount',
    docs: 'Nature of Document,Sr. No. From,Sr. No. To,Total Number,Cancelled',
  }).map(([key, header]) => [key, header.split(',').map((cell) => textCell(cell))]),
);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "05-11-2026" (the JSON's) → "05-Nov-2026" (the templates'). */
function csvDate(portal: string): string {
  const [day, month, year] = portal.split('-');
  return `${day}-${MONTHS[Number(month) - 1]}-${year}`;
}
