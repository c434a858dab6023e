import { creditNoteFor, gstStateByCode } from '@greencart/domain';
import fc from 'fast-check';
import { invoiceTaxOf } from './credit-notes';
import { documentsOf, mergeChange, type Change } from '../rollups';
import {
  B2CL_LIMIT_PAISE,
  DELIVERY_SAC,
  gstMonthId,
  gstr1Change,
  gstr1File,
  portalDate,
  type Gstr1File,
  type Gstr1Invoice,
  type Gstr1Month,
  type Gstr1Note,
} from './gstr1';
import type { InvoicedOrder, InvoiceShop } from './invoice-lines';

const shop: InvoiceShop = { legalName: 'Sai Kirana Stores', gstin: '29AAACG1234A1ZA', address: '12 MG Road, Bengaluru', state: gstStateByCode('29')! };
const TZ = 'Asia/Kolkata';
const paise = (rupees: number) => Math.round(rupees * 100);
const detailTotal = (d: { txval: number; iamt: number; camt: number; samt: number }) => paise(d.txval) + paise(d.iamt) + paise(d.camt) + paise(d.samt);

const invoiceArb = fc.record({
  items: fc.array(
    fc.record({
      offerPricePaise: fc.integer({ min: 100, max: 60_000 }),
      quantity: fc.integer({ min: 0, max: 6 }),
      gstRate: fc.constantFrom(0, 0.25, 3, 5, 18, 40),
      hsn: fc.constantFrom('0701', '1101', '3305', '2202'),
    }),
    { minLength: 1, maxLength: 5 },
  ),
  couponPercent: fc.constantFrom(0, 0, 10, 25),
  fee: fc.constantFrom(0, 2_000, 3_000),
  state: fc.constantFrom('Karnataka', 'Karnataka', 'Kerala'),
  b2b: fc.boolean(),
  credit: fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined }),
});

type InvoiceInput = typeof invoiceArb extends fc.Arbitrary<infer T> ? T : never;

function invoiced(arb: InvoiceInput): InvoicedOrder {
  const items = arb.items.map((item, i) => ({ ...item, name: `Item ${i}`, quantity: i === 0 ? Math.max(1, item.quantity) : item.quantity }));
  const subtotalPaise = items.reduce((s, item) => s + item.offerPricePaise * item.quantity, 0);
  const discountPaise = Math.floor((subtotalPaise * arb.couponPercent) / 100);
  return {
    items,
    subtotalPaise,
    discountPaise,
    taxPaise: 0,
    deliveryFeePaise: arb.fee,
    amountPaise: subtotalPaise - discountPaise + arb.fee,
    address: { state: arb.state },
    taxMode: 'gst',
    deliveryGstRate: 18,
    ...(arb.b2b ? { buyerGstin: '29AABCT1332L1ZZ' } : {}),
  };
}

type Doc = { kind: 'invoice'; invoice: Gstr1Invoice } | { kind: 'note'; note: Gstr1Note };

/** The documents counted into their months' roll-ups as the shop does (once each), then a month's roll-up and file. */
class Month {
  private readonly change: Change = {};
  addInvoice(invoice: Gstr1Invoice) {
    this.add({ kind: 'invoice', invoice });
  }
  addNote(note: Gstr1Note) {
    this.add({ kind: 'note', note });
  }
  private add(doc: Doc) {
    mergeChange(this.change, gstr1Change(doc, TZ));
  }
  doc(month: string): Gstr1Month | null {
    return (documentsOf(this.change)[gstMonthId(month)] as unknown as Gstr1Month | undefined) ?? null;
  }
  file(month: string): Gstr1File {
    return gstr1File(this.doc(month), shop.gstin!, month);
  }
}

describe('GSTR-1 from the month’s documents', () => {
  it('adds up: every table together is the invoices less their credit notes, to the paisa; the HSN summary is every line and fee', () => {
    fc.assert(
      fc.property(fc.array(invoiceArb, { minLength: 1, maxLength: 12 }), (arbs) => {
        const builder = new Month();
        let invoicesPaise = 0;
        let notesPaise = 0;
        let taxablePaise = 0;
        arbs.forEach((arb, i) => {
          const invoice: Gstr1Invoice = {
            number: `GC/26-27/${String(i + 1).padStart(6, '0')}`,
            issuedAt: new Date(Date.UTC(2026, 10, 1 + i)),
            invoiced: invoiced(arb),
            shop,
          };
          builder.addInvoice(invoice);
          const tax = invoiceTaxOf(invoice.invoiced, shop);
          invoicesPaise += tax.totalPaise;
          taxablePaise += tax.totals.taxablePaise;
          if (arb.credit !== undefined) {
            // A refund of money comes off the lines (the fee goes back only with a cancel).
            const note = creditNoteFor(tax, { amountPaise: Math.max(1, Math.floor(((tax.totalPaise - tax.fee.chargePaise) * arb.credit) / 100)) });
            builder.addNote({ number: `CN/26-27/${String(i + 1).padStart(6, '0')}`, at: invoice.issuedAt, note, invoice });
            notesPaise += note.totalPaise;
            taxablePaise -= note.totals.taxablePaise;
          }
        });
        const file: Gstr1File = builder.file('2026-11');
        const b2b = file.b2b.flatMap((b) => b.inv.flatMap((inv) => inv.itms.map((it) => detailTotal(it.itm_det))));
        const b2cl = file.b2cl.flatMap((b) => b.inv.flatMap((inv) => inv.itms.map((it) => detailTotal(it.itm_det))));
        const b2cs = file.b2cs.map(detailTotal);
        const cdnr = file.cdnr.flatMap((b) => b.nt.flatMap((nt) => nt.itms.map((it) => detailTotal(it.itm_det))));
        const cdnur = file.cdnur.flatMap((nt) => nt.itms.map((it) => detailTotal(it.itm_det)));
        const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
        // Invoices at their value, B2C notes netted in b2cs, B2B and B2CL notes on their own.
        expect(sum(b2b) + sum(b2cl) + sum(b2cs) - sum(cdnr) - sum(cdnur)).toBe(invoicesPaise - notesPaise);
        const hsn = [...file.hsn.hsn_b2b, ...file.hsn.hsn_b2c];
        expect(sum(hsn.map((row) => paise(row.txval)))).toBe(taxablePaise);
        // Within the state no IGST; to Kerala no CGST or SGST.
        for (const row of file.b2cs) expect(row.sply_ty === 'INTRA' ? row.iamt : row.camt + row.samt).toBe(0);
        for (const row of hsn) expect(row.uqc).toBe(row.hsn_sc === DELIVERY_SAC ? 'NA' : 'NOS');
      }),
      { numRuns: 150 },
    );
  });

  it('an inter-state invoice to an unregistered buyer above ₹1,00,000 is B2C large, and its note is in cdnur', () => {
    const builder = new Month();
    const big: InvoicedOrder = {
      items: [{ name: 'Gold-leaf sweets', quantity: 1, offerPricePaise: B2CL_LIMIT_PAISE + 1, gstRate: 5, hsn: '1704' }],
      subtotalPaise: B2CL_LIMIT_PAISE + 1,
      taxPaise: 0,
      amountPaise: B2CL_LIMIT_PAISE + 1,
      address: { state: 'Kerala' },
      taxMode: 'gst',
    };
    const invoice = { number: 'GC/26-27/000001', issuedAt: new Date('2026-11-05T10:00:00+05:30'), invoiced: big, shop };
    builder.addInvoice(invoice);
    builder.addNote({
      number: 'CN/26-27/000001',
      at: new Date('2026-11-06T10:00:00+05:30'),
      note: creditNoteFor(invoiceTaxOf(big, shop), { amountPaise: 10_000 }),
      invoice,
    });
    const file = builder.file('2026-11');
    expect(file.b2cs).toEqual([]);
    expect(file.b2cl).toEqual([{ pos: '32', inv: [expect.objectContaining({ inum: 'GC/26-27/000001', idt: '05-11-2026', val: 100000.01 })] }]);
    expect(file.cdnur).toEqual([expect.objectContaining({ typ: 'B2CL', nt_num: 'CN/26-27/000001', nt_dt: '06-11-2026', val: 100, pos: '32' })]);
    expect(file.cdnur[0].itms[0]).toEqual({ num: 501, itm_det: { txval: 95.24, rt: 5, iamt: 4.76, camt: 0, samt: 0, csamt: 0 } });
  });

  it('the document series: first to last number of the month, numbers no document holds counted as cancelled; other modes only counted', () => {
    const builder = new Month();
    const flat: InvoicedOrder = { items: [{ name: 'Rice', quantity: 1, offerPricePaise: 10_000 }], subtotalPaise: 10_000, taxPaise: 200, amountPaise: 10_200 };
    const april = new Date('2026-04-10T10:00:00+05:30');
    const invoices = [7, 8, 10].map((seq) => ({ number: `GC/26-27/${String(seq).padStart(6, '0')}`, issuedAt: april, invoiced: flat, shop }));
    for (const invoice of invoices) builder.addInvoice(invoice);
    builder.addNote({ number: 'CN/26-27/000003', at: april, note: creditNoteFor(invoiceTaxOf(flat, shop), { amountPaise: 100 }), invoice: invoices[0] });
    expect(builder.doc('2026-04')).toMatchObject({ otherModes: 3 });
    expect(builder.doc('2026-04')?.gstInvoices).toBeUndefined();
    const file = builder.file('2026-04');
    expect(file.fp).toBe('042026');
    expect(file.b2cs).toEqual([]);
    expect(file.doc_issue.doc_det).toEqual([
      {
        doc_num: 1,
        doc_typ: 'Invoices for outward supply',
        docs: [{ num: 1, from: 'GC/26-27/000007', to: 'GC/26-27/000010', totnum: 4, cancel: 1, net_issue: 3 }],
      },
      { doc_num: 5, doc_typ: 'Credit Note', docs: [{ num: 1, from: 'CN/26-27/000003', to: 'CN/26-27/000003', totnum: 1, cancel: 0, net_issue: 1 }] },
    ]);
  });

  it('dates are the shop’s day: late evening in India is the next day in UTC terms', () => {
    expect(portalDate(new Date('2026-11-30T20:00:00Z'), TZ)).toBe('01-12-2026');
  });
});
