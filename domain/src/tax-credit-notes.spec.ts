import { priceOrderTax, type OrderTaxInput } from './tax';
import { creditLeft, creditNoteFor, CreditRefused } from './tax-credit-notes';

const input: OrderTaxInput = {
  mode: 'gst',
  lines: [
    { offerPrice: 40, quantity: 2, gstRate: 0 },
    { offerPrice: 60, quantity: 1, gstRate: 5 },
    { unitPaise: 9500, quantity: 1, gstRate: 18 },
    { offerPrice: 45, quantity: 2, gstRate: 40, hsn: '2202' },
  ],
  discountPaise: 5000,
  deliveryFeePaise: 3000,
  shopStateCode: '29',
  placeOfSupplyStateCode: '29',
};
const invoice = priceOrderTax(input);

describe('creditNoteFor', () => {
  it('gives back a returned unit at its share of the line, with the tax inside by the invoice’s rule', () => {
    const note = creditNoteFor(invoice, { lines: [{ line: 3, quantity: 1 }] });
    // Cola: 2 units charged 7616 after the coupon; one is 3808, of which 3808 × 40 ÷ 140 = 1088 tax.
    expect(note.lines).toEqual([
      {
        line: 3,
        quantity: 1,
        chargePaise: 3808,
        ratePercent: 40,
        hsn: '2202',
        taxablePaise: 2720,
        taxPaise: 1088,
        cgstPaise: 544,
        sgstPaise: 544,
        igstPaise: 0,
      },
    ]);
    expect(note.rates).toEqual([{ ratePercent: 40, taxablePaise: 2720, taxPaise: 1088, cgstPaise: 544, sgstPaise: 544, igstPaise: 0 }]);
    expect(note.totalPaise).toBe(3808);
    expect(note.fee).toBeNull();
  });

  it('makes the notes of a line add up to the invoiced line exactly when every unit comes back', () => {
    // 3 units of ₹1.00 at 5%: 33 + 33 paise, the last unit takes the 34 left.
    const small = priceOrderTax({ mode: 'gst', lines: [{ unitPaise: 100, quantity: 3, gstRate: 5 }], shopStateCode: '29' });
    const first = creditNoteFor(small, { lines: [{ line: 0, quantity: 1 }] });
    const second = creditNoteFor(small, { lines: [{ line: 0, quantity: 1 }] }, [first]);
    const third = creditNoteFor(small, { lines: [{ line: 0, quantity: 1 }] }, [first, second]);
    expect([first, second, third].map((n) => n.totalPaise)).toEqual([100, 100, 100]);
    const notes = [first, second, third];
    for (const part of ['taxablePaise', 'taxPaise', 'cgstPaise', 'sgstPaise'] as const) {
      expect(notes.reduce((sum, n) => sum + n.lines[0][part], 0)).toBe(small.lines[0][part]);
    }
    const odd = priceOrderTax({ mode: 'gst', lines: [{ unitPaise: 100, quantity: 3, gstRate: 5 }], discountPaise: 1, shopStateCode: '29' });
    const a = creditNoteFor(odd, { lines: [{ line: 0, quantity: 2 }] });
    const b = creditNoteFor(odd, { lines: [{ line: 0, quantity: 1 }] }, [a]);
    expect([a.totalPaise, b.totalPaise]).toEqual([199, 100]);
  });

  it('spreads an amount over what is left of the lines like a coupon', () => {
    const note = creditNoteFor(invoice, { amountPaise: 1000 });
    expect(note.lines.map((l) => [l.line, l.quantity, l.chargePaise])).toEqual([
      [0, 0, 246],
      [1, 0, 184],
      [2, 0, 294],
      [3, 0, 276],
    ]);
    expect(note.totalPaise).toBe(1000);
    expect(note.lines[2]).toMatchObject({ taxPaise: 45, taxablePaise: 249 }); // 294 × 18 ÷ 118 = 44.85
  });

  it('gives back everything on a cancel after invoicing, the fee too: the invoice exactly', () => {
    const packing = creditNoteFor(invoice, { lines: [{ line: 3, quantity: 1 }] });
    const issue = creditNoteFor(invoice, { amountPaise: 777 }, [packing]);
    const left = creditLeft(invoice, [packing, issue]);
    const cancel = creditNoteFor(
      invoice,
      { lines: left.lines.map((line, i) => ({ line: i, quantity: line.quantity })).filter((l) => l.quantity > 0), fee: true },
      [packing, issue],
    );
    const notes = [packing, issue, cancel];
    expect(notes.reduce((sum, n) => sum + n.totalPaise, 0)).toBe(invoice.totalPaise);
    for (const part of ['taxablePaise', 'taxPaise', 'cgstPaise', 'sgstPaise', 'igstPaise'] as const) {
      expect(notes.reduce((sum, n) => sum + n.totals[part], 0)).toBe(invoice.totals[part]);
    }
    expect(cancel.fee).toEqual({ chargePaise: 3000, ratePercent: 18, taxablePaise: 2542, taxPaise: 458, cgstPaise: 229, sgstPaise: 229, igstPaise: 0 });
    expect(creditLeft(invoice, notes).totalPaise).toBe(0);
    expect(() => creditNoteFor(invoice, { amountPaise: 1 }, notes)).toThrow(CreditRefused);
    expect(() => creditNoteFor(invoice, { lines: [], fee: true }, notes)).toThrow('Nothing is left to credit');
  });

  it('gives back flat mode’s 2% with the units', () => {
    const flat = priceOrderTax({ mode: 'flat', lines: [{ offerPrice: 10, quantity: 3 }], shopStateCode: '29' });
    expect(flat.totalPaise).toBe(3060);
    const note = creditNoteFor(flat, { lines: [{ line: 0, quantity: 1 }] });
    expect(note.lines[0]).toMatchObject({ chargePaise: 1020, taxablePaise: 1000, taxPaise: 20, cgstPaise: 10, sgstPaise: 10 });
  });

  it('refuses more units or money than are left, and unknown lines', () => {
    const first = creditNoteFor(invoice, { lines: [{ line: 3, quantity: 1 }] });
    expect(() => creditNoteFor(invoice, { lines: [{ line: 3, quantity: 2 }] }, [first])).toThrow('Line 3: only 1 units are left to credit');
    expect(() =>
      creditNoteFor(
        invoice,
        {
          lines: [
            { line: 3, quantity: 1 },
            { line: 3, quantity: 1 },
          ],
        },
        [first],
      ),
    ).toThrow(CreditRefused);
    expect(() => creditNoteFor(invoice, { lines: [{ line: 9, quantity: 1 }] })).toThrow('The invoice has no line 9');
    expect(() => creditNoteFor(invoice, { lines: [{ line: 0, quantity: 0 }] })).toThrow(CreditRefused);
    expect(() => creditNoteFor(invoice, { amountPaise: 27501 })).toThrow(CreditRefused);
    expect(() => creditNoteFor(invoice, { amountPaise: 0 })).toThrow(CreditRefused);
  });
});
