import fc from 'fast-check';
import { issueRefundCapPaise, repriceAdjusted, withinIssueWindow } from './packing';
import { priceCart } from './pricing';

describe('repriceAdjusted', () => {
  const order = priceCart([
    { offerPrice: 100, quantity: 3 },
    { offerPrice: 33.33, quantity: 2 },
  ]);

  it('packing 1 of 3 prices by the one rule: subtotal, 2% tax rounded down, the fee kept', () => {
    const after = repriceAdjusted({
      lines: [
        { unitPaise: 10000, quantity: 3, packed: 1 },
        { unitPaise: 3333, quantity: 2, packed: 2 },
      ],
      discountPaise: 0,
      shippingPaise: 2500,
      totalBeforePaise: order.totalPaise + 2500,
    });
    const expected = priceCart([
      { offerPrice: 100, quantity: 1 },
      { offerPrice: 33.33, quantity: 2 },
    ]);
    expect(after).toMatchObject({ subtotalPaise: expected.subtotalPaise, taxPaise: expected.taxPaise, shippingPaise: 2500, cancels: false });
    expect(after.totalPaise).toBe(expected.totalPaise + 2500);
    expect(after.differencePaise).toBe(order.totalPaise - expected.totalPaise);
  });

  it('a substitute within the replaced value costs its own price; one over it is capped (per unit, rounded down)', () => {
    const lines = [{ unitPaise: 10000, quantity: 3, packed: 1 }];
    const within = repriceAdjusted({
      lines,
      substitutes: [{ forLine: 0, unitPaise: 9000, quantity: 2 }],
      discountPaise: 0,
      shippingPaise: 0,
      totalBeforePaise: 30600,
    });
    expect(within.substituteUnitPaise).toEqual([9000]);
    expect(within.subtotalPaise).toBe(10000 + 18000);
    const over = repriceAdjusted({
      lines,
      substitutes: [{ forLine: 0, unitPaise: 7001, quantity: 3 }],
      discountPaise: 0,
      shippingPaise: 0,
      totalBeforePaise: 30600,
    });
    expect(over.substituteUnitPaise).toEqual([6666]);
    expect(over.subtotalPaise).toBe(10000 + 19998);
  });

  it('packing nothing is a cancel: no fee, nothing to pay, everything back', () => {
    const after = repriceAdjusted({ lines: [{ unitPaise: 500, quantity: 2, packed: 0 }], discountPaise: 100, shippingPaise: 2000, totalBeforePaise: 2918 });
    expect(after).toMatchObject({ totalPaise: 0, cancels: true, differencePaise: 2918, discountPaise: 0 });
  });

  it('keeps a coupon discount, capped by the new subtotal', () => {
    const after = repriceAdjusted({ lines: [{ unitPaise: 5000, quantity: 4, packed: 1 }], discountPaise: 8000, shippingPaise: 0, totalBeforePaise: 12240 });
    expect(after).toMatchObject({ subtotalPaise: 5000, discountPaise: 5000, taxPaise: 0, totalPaise: 0, cancels: false });
  });

  it('refuses packed counts outside 0..quantity and substitutes for a full line', () => {
    const base = { discountPaise: 0, shippingPaise: 0, totalBeforePaise: 1000 };
    expect(() => repriceAdjusted({ ...base, lines: [{ unitPaise: 500, quantity: 2, packed: 3 }] })).toThrow(/0 to 2/);
    expect(() =>
      repriceAdjusted({ ...base, lines: [{ unitPaise: 500, quantity: 2, packed: 2 }], substitutes: [{ forLine: 0, unitPaise: 1, quantity: 1 }] }),
    ).toThrow(/packed in full/);
    expect(() =>
      repriceAdjusted({ ...base, lines: [{ unitPaise: 500, quantity: 2, packed: 1 }], substitutes: [{ forLine: 4, unitPaise: 1, quantity: 1 }] }),
    ).toThrow(/line 4/);
  });

  it('never costs more than before, whatever is packed or substituted', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ unitPaise: fc.integer({ min: 1, max: 100_000 }), quantity: fc.integer({ min: 1, max: 20 }), cut: fc.integer({ min: 0, max: 20 }) }),
          {
            minLength: 1,
            maxLength: 5,
          },
        ),
        fc.array(fc.record({ unitPaise: fc.integer({ min: 1, max: 200_000 }), quantity: fc.integer({ min: 1, max: 5 }) }), { maxLength: 3 }),
        fc.integer({ min: 0, max: 50_000 }),
        (raw, subs, fee) => {
          const lines = raw.map((l) => ({ unitPaise: l.unitPaise, quantity: l.quantity, packed: Math.max(0, l.quantity - l.cut) }));
          const before = priceCart(lines.map((l) => ({ offerPrice: l.unitPaise / 100, quantity: l.quantity })));
          const open = lines.findIndex((l) => l.packed < l.quantity);
          const substitutes = open < 0 ? [] : subs.slice(0, 1).map((s) => ({ ...s, forLine: open }));
          const after = repriceAdjusted({ lines, substitutes, discountPaise: 0, shippingPaise: fee, totalBeforePaise: before.totalPaise + fee });
          expect(after.totalPaise).toBeLessThanOrEqual(before.totalPaise + fee);
          expect(after.totalPaise + after.differencePaise).toBe(before.totalPaise + fee);
        },
      ),
    );
  });
});

describe('problem reports', () => {
  it('open for 24 hours after delivery', () => {
    const delivered = new Date('2026-01-01T10:00:00Z');
    expect(withinIssueWindow(delivered, new Date('2026-01-02T09:59:59Z'))).toBe(true);
    expect(withinIssueWindow(delivered, new Date('2026-01-02T10:00:01Z'))).toBe(false);
  });

  it('refund at most the reported value with its tax', () => {
    expect(issueRefundCapPaise([{ unitPaise: 3333, quantity: 3 }])).toBe(9999 + 199);
  });
});
