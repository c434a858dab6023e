import fc from 'fast-check';
import { splitTax } from './gst';
import { deliveryFeeFor, discountFor, priceCart, TAX_PERCENT, type DiscountTerms } from './pricing';
import { priceOrderTax, type OrderTax, type TaxParts } from './tax';
import { creditLeft, creditNoteFor, type CreditNote, type CreditRequest } from './tax-credit-notes';
import { DEFAULT_GST_RATES, PAST_GST_RATES, TAX_MODES } from './tax-rates';

const RATES = [...DEFAULT_GST_RATES, ...PAST_GST_RATES];
const PARTS = ['taxablePaise', 'taxPaise', 'cgstPaise', 'sgstPaise', 'igstPaise'] as const;

const line = fc.record({ unitPaise: fc.integer({ min: 0, max: 200_000 }), quantity: fc.integer({ min: 0, max: 30 }), gstRate: fc.constantFrom(...RATES) });
const coupon: fc.Arbitrary<DiscountTerms | null> = fc.oneof(
  fc.constant(null),
  fc.record({ kind: fc.constant('flat' as const), value: fc.integer({ min: 1, max: 5000 }) }),
  fc.record({
    kind: fc.constant('percent' as const),
    value: fc.integer({ min: 1, max: 9000 }).map((h) => h / 100),
    maxDiscount: fc.option(fc.integer({ min: 1, max: 2000 })),
  }),
);
const cart = fc.record({
  mode: fc.constantFrom(...TAX_MODES),
  lines: fc.array(line, { minLength: 1, maxLength: 8 }),
  coupon,
  delivery: fc.option(fc.record({ feePaise: fc.integer({ min: 0, max: 10_000 }), freeAbovePaise: fc.option(fc.integer({ min: 0, max: 500_000 })) })),
  deliveryGstRate: fc.constantFrom(...RATES),
  place: fc.constantFrom('29', '27', null),
});
type Cart = typeof cart extends fc.Arbitrary<infer T> ? T : never;

function price(c: Cart): OrderTax {
  const subtotal = c.lines.reduce((sum, l) => sum + l.unitPaise * l.quantity, 0);
  return priceOrderTax({
    mode: c.mode,
    lines: c.lines,
    discountPaise: discountFor(subtotal, c.coupon),
    deliveryFeePaise: subtotal > 0 ? deliveryFeeFor(subtotal, c.delivery) : 0,
    deliveryGstRate: c.deliveryGstRate,
    shopStateCode: '29',
    placeOfSupplyStateCode: c.place,
  });
}

const sumOf = (items: readonly TaxParts[], part: (typeof PARTS)[number]) => items.reduce((sum, p) => sum + p[part], 0);

describe('priceOrderTax, for any cart, coupon, fee and state', () => {
  it('adds up to the charge to the paisa: lines after discount + fee, parts per line, per rate and in total', () => {
    fc.assert(
      fc.property(cart, (c) => {
        const o = price(c);
        expect(o.lines.reduce((s, l) => s + l.chargePaise, 0) + o.fee.chargePaise).toBe(o.totalPaise);
        expect(o.lines.reduce((s, l) => s + l.discountPaise, 0)).toBe(o.discountPaise);
        for (const l of [...o.lines, o.fee]) {
          expect(l.taxablePaise + l.taxPaise).toBe(l.chargePaise);
          expect(l.cgstPaise + l.sgstPaise + l.igstPaise).toBe(l.taxPaise);
          for (const part of PARTS) expect(l[part]).toBeGreaterThanOrEqual(0);
          if (o.supply === 'inter') expect(l.cgstPaise + l.sgstPaise).toBe(0);
          else expect(l.igstPaise).toBe(0);
        }
        for (const l of o.lines) {
          expect(l.discountPaise).toBeGreaterThanOrEqual(0);
          expect(l.netPaise).toBe(l.amountPaise - l.discountPaise);
          expect(l.netPaise).toBeGreaterThanOrEqual(0);
        }
        const shown = [...o.lines, o.fee].filter((p) => p.ratePercent !== null);
        for (const part of PARTS) {
          expect(o.rates.reduce((s, r) => s + r[part], 0)).toBe(sumOf(shown, part));
          expect(o.totals[part]).toBe(sumOf([...o.lines, o.fee], part));
        }
        for (const r of o.rates) {
          const atRate = shown.filter((p) => p.ratePercent === r.ratePercent);
          for (const part of PARTS) expect(r[part]).toBe(sumOf(atRate, part));
        }
        expect(o.totals.taxablePaise + o.totals.taxPaise).toBe(o.totalPaise);
      }),
      { numRuns: 200 },
    );
  });

  it('gst: charges the MRPs less the coupon plus the fee; each line’s tax is amount × rate ÷ (100 + rate) to the nearest paisa, the odd paisa to SGST', () => {
    fc.assert(
      fc.property(
        cart.map((c) => ({ ...c, mode: 'gst' as const })),
        (c) => {
          const o = price(c);
          expect(o.totalPaise).toBe(o.subtotalPaise - o.discountPaise + o.shippingPaise);
          o.lines.forEach((l, i) => {
            const rate = c.lines[i].gstRate;
            expect(Math.abs(l.taxPaise - (l.netPaise * rate) / (100 + rate))).toBeLessThanOrEqual(0.5 + 1e-9);
            expect(l.ratePercent).toBe(rate);
            if (o.supply === 'intra') expect(l.sgstPaise - l.cgstPaise).toBe(l.taxPaise % 2);
          });
        },
      ),
      { numRuns: 150 },
    );
  });

  it('gst: spreads the coupon in proportion to the lines, the remainder to the largest', () => {
    fc.assert(
      fc.property(
        cart.map((c) => ({ ...c, mode: 'gst' as const })),
        (c) => {
          const o = price(c);
          if (o.subtotalPaise === 0) return;
          const floorShare = (amount: number) => Math.floor((o.discountPaise * amount) / o.subtotalPaise + 1e-9);
          o.lines.forEach((l) => {
            expect(l.discountPaise).toBeLessThanOrEqual(l.amountPaise);
            expect(l.discountPaise).toBeGreaterThanOrEqual(floorShare(l.amountPaise));
            // A line takes some of the remainder only when every larger line is discounted in full already.
            if (l.discountPaise > floorShare(l.amountPaise)) {
              for (const larger of o.lines.filter((other) => other.amountPaise > l.amountPaise)) expect(larger.discountPaise).toBe(larger.amountPaise);
            }
          });
        },
      ),
      { numRuns: 150 },
    );
  });

  it('flat: exactly today’s priceCart and today’s invoice split', () => {
    fc.assert(
      fc.property(
        cart.map((c) => ({ ...c, mode: 'flat' as const })),
        (c) => {
          const o = price(c);
          const today = priceCart(
            c.lines.map((l) => ({ offerPrice: l.unitPaise / 100, quantity: l.quantity })),
            c.delivery,
            c.coupon,
          );
          expect({
            subtotalPaise: o.subtotalPaise,
            discountPaise: o.discountPaise,
            taxPaise: o.addedTaxPaise,
            shippingPaise: o.shippingPaise,
            totalPaise: o.totalPaise,
          }).toEqual(today);
          const split = splitTax(today.taxPaise, TAX_PERCENT, o.supply === 'intra');
          expect(o.rates).toEqual([
            {
              ratePercent: TAX_PERCENT,
              taxablePaise: today.subtotalPaise - today.discountPaise,
              taxPaise: today.taxPaise,
              cgstPaise: split.kind === 'intra' ? split.cgstPaise : 0,
              sgstPaise: split.kind === 'intra' ? split.sgstPaise : 0,
              igstPaise: split.kind === 'inter' ? split.igstPaise : 0,
            },
          ]);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('composition and unregistered: nothing added, no tax shown', () => {
    fc.assert(
      fc.property(
        fc.tuple(cart, fc.constantFrom('composition' as const, 'unregistered' as const)).map(([c, mode]) => ({ ...c, mode })),
        (c) => {
          const o = price(c);
          expect(o.totalPaise).toBe(o.subtotalPaise - o.discountPaise + o.shippingPaise);
          expect(o.rates).toEqual([]);
          expect(o.totals.taxPaise).toBe(0);
          expect(o.document).toBe('bill-of-supply');
        },
      ),
      { numRuns: 100 },
    );
  });
});

// A refund: units of some lines (with the fee sometimes), or an amount as a share (0..1] of what is left.
const refund = fc.oneof(
  fc.record({ lines: fc.array(fc.record({ line: fc.nat(7), quantity: fc.integer({ min: 1, max: 30 }) }), { maxLength: 4 }), fee: fc.boolean() }),
  fc.record({ share: fc.double({ min: 0.0001, max: 1, noNaN: true }) }),
);

/** The refund as a request the invoice can give, or null when nothing of it is left. */
function request(o: OrderTax, earlier: readonly CreditNote[], r: typeof refund extends fc.Arbitrary<infer T> ? T : never): CreditRequest | null {
  const left = creditLeft(o, earlier);
  if ('share' in r) {
    const room = left.lines.reduce((s, l) => s + l.chargePaise, 0);
    const amountPaise = Math.max(1, Math.floor(room * r.share));
    return room > 0 ? { amountPaise } : null;
  }
  const units = left.lines.map((l) => l.quantity);
  const lines = r.lines
    .filter((l) => l.line < o.lines.length)
    .map((l) => {
      const quantity = Math.min(l.quantity, units[l.line]);
      units[l.line] -= quantity;
      return { line: l.line, quantity };
    })
    .filter((l) => l.quantity > 0);
  const fee = r.fee && left.feePaise > 0;
  return lines.length > 0 || fee ? { lines, fee } : null;
}

describe('creditNoteFor, for any invoice and refunds', () => {
  it('never gives back more than the invoice per line and part, and a final full credit leaves exactly nothing', () => {
    fc.assert(
      fc.property(cart, fc.array(refund, { maxLength: 6 }), (c, refunds) => {
        const o = price(c);
        const notes: CreditNote[] = [];
        for (const r of refunds) {
          const asked = request(o, notes, r);
          if (!asked) continue;
          const note = creditNoteFor(o, asked, notes);
          if ('amountPaise' in asked) expect(note.totalPaise).toBe(asked.amountPaise);
          for (const l of [...note.lines, ...(note.fee ? [note.fee] : [])]) {
            expect(l.taxablePaise + l.taxPaise).toBe(l.chargePaise);
            expect(l.cgstPaise + l.sgstPaise + l.igstPaise).toBe(l.taxPaise);
            for (const part of PARTS) expect(l[part]).toBeGreaterThanOrEqual(0);
          }
          for (const part of PARTS) expect(note.totals[part]).toBe(sumOf([...note.lines, ...(note.fee ? [note.fee] : [])], part));
          notes.push(note);
          o.lines.forEach((invoiced, i) => {
            const credited = notes.flatMap((n) => n.lines.filter((l) => l.line === i));
            expect(credited.reduce((s, l) => s + l.chargePaise, 0)).toBeLessThanOrEqual(invoiced.chargePaise);
            expect(credited.reduce((s, l) => s + l.quantity, 0)).toBeLessThanOrEqual(invoiced.quantity);
            for (const part of PARTS) expect(sumOf(credited, part)).toBeLessThanOrEqual(invoiced[part]);
          });
        }
        const left = creditLeft(o, notes);
        const rest = left.lines.map((l, line) => ({ line, quantity: l.quantity })).filter((l) => l.quantity > 0);
        if (rest.length > 0 || left.feePaise > 0) notes.push(creditNoteFor(o, { lines: rest, fee: true }, notes));
        expect(creditLeft(o, notes).totalPaise).toBe(0);
        expect(notes.reduce((s, n) => s + n.totalPaise, 0)).toBe(o.totalPaise);
        for (const part of PARTS) expect(notes.reduce((s, n) => s + n.totals[part], 0)).toBe(o.totals[part]);
      }),
      { numRuns: 150 },
    );
  });
});
