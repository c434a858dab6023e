import fc from 'fast-check';
import { deliveryFeeFor, formatRupees, freeDeliveryGapPaise, fromPaise, priceCart, toPaise } from './pricing';

describe('toPaise', () => {
  it('reads rupees with two decimals exactly, despite float noise (4.35 × 100 is 434.99999999999994 in floats)', () => {
    expect(4.35 * 100).not.toBe(435);
    expect(toPaise(4.35)).toBe(435);
    expect(toPaise(1.15)).toBe(115);
    expect(toPaise(0.07)).toBe(7);
    expect(toPaise(33.33)).toBe(3333);
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toPaise(19.99)).toBe(1999);
    expect(toPaise(0)).toBe(0);
  });

  it('refuses what is not a finite number', () => {
    for (const bad of [Number.NaN, Infinity, -Infinity]) expect(() => toPaise(bad)).toThrow(RangeError);
  });

  it('fromPaise gives rupees back', () => {
    expect(fromPaise(3333)).toBe(33.33);
    expect(fromPaise(toPaise(123.45))).toBe(123.45);
  });
});

describe('priceCart', () => {
  it('prices 3 × ₹33.33 to the paisa: subtotal 99.99, tax 2% rounded down (199.98 → 199 paise)', () => {
    expect(priceCart([{ offerPrice: 33.33, quantity: 3 }])).toEqual({
      subtotalPaise: 9999,
      discountPaise: 0,
      taxPaise: 199,
      shippingPaise: 0,
      totalPaise: 10198,
    });
  });

  it('rounds the tax down, never up (2% of ₹0.49 is 0.98 paise: none)', () => {
    expect(priceCart([{ offerPrice: 0.49, quantity: 1 }]).taxPaise).toBe(0);
    expect(priceCart([{ offerPrice: 0.5, quantity: 1 }]).taxPaise).toBe(1);
    expect(priceCart([{ offerPrice: 1.99, quantity: 1 }]).taxPaise).toBe(3);
  });

  it('adds the lines: Σ offer price × quantity', () => {
    expect(
      priceCart([
        { offerPrice: 45, quantity: 2 },
        { offerPrice: 19.99, quantity: 1 },
        { offerPrice: 0.01, quantity: 7 },
      ]),
    ).toEqual({ subtotalPaise: 11006, discountPaise: 0, taxPaise: 220, shippingPaise: 0, totalPaise: 11226 });
  });

  it('an empty cart costs nothing, not even a delivery fee', () => {
    expect(priceCart([])).toEqual({ subtotalPaise: 0, discountPaise: 0, taxPaise: 0, shippingPaise: 0, totalPaise: 0 });
    expect(priceCart([{ offerPrice: 50, quantity: 0 }], { feePaise: 3000 })).toEqual({
      subtotalPaise: 0,
      discountPaise: 0,
      taxPaise: 0,
      shippingPaise: 0,
      totalPaise: 0,
    });
  });

  it('refuses a quantity that is negative or not whole, and a price that is not a number', () => {
    expect(() => priceCart([{ offerPrice: 10, quantity: -1 }])).toThrow(RangeError);
    expect(() => priceCart([{ offerPrice: 10, quantity: 1.5 }])).toThrow(RangeError);
    expect(() => priceCart([{ offerPrice: Number.NaN, quantity: 1 }])).toThrow(RangeError);
  });

  it('charges the area fee after tax, and nothing once the subtotal reaches the free-delivery threshold', () => {
    const delivery = { feePaise: 2500, freeAbovePaise: 50000 };
    // ₹499.99: one paisa short of the threshold.
    expect(priceCart([{ offerPrice: 499.99, quantity: 1 }], delivery)).toEqual({
      subtotalPaise: 49999,
      discountPaise: 0,
      taxPaise: 999,
      shippingPaise: 2500,
      totalPaise: 53498,
    });
    // Exactly ₹500: free.
    expect(priceCart([{ offerPrice: 250, quantity: 2 }], delivery)).toEqual({
      subtotalPaise: 50000,
      discountPaise: 0,
      taxPaise: 1000,
      shippingPaise: 0,
      totalPaise: 51000,
    });
    // The tax does not count towards the threshold.
    expect(priceCart([{ offerPrice: 490.2, quantity: 1 }], delivery).shippingPaise).toBe(2500);
  });

  it('property: the total is subtotal + tax + delivery, tax is ⌊2% of subtotal⌋, all whole paise', () => {
    const line = fc.record({ offerPrice: fc.integer({ min: 1, max: 10_000_00 }).map((p) => p / 100), quantity: fc.integer({ min: 0, max: 50 }) });
    const delivery = fc.option(
      fc.record({ feePaise: fc.integer({ min: 0, max: 50_000 }), freeAbovePaise: fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: null }) }),
      { nil: undefined },
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), delivery, (lines, charge) => {
        const priced = priceCart(lines, charge);
        const subtotal = lines.reduce((sum, l) => sum + Math.round(l.offerPrice * 100) * l.quantity, 0);
        expect(priced.subtotalPaise).toBe(subtotal);
        expect(priced.taxPaise).toBe(Math.floor((subtotal * 2) / 100));
        expect(priced.taxPaise * 50).toBeLessThanOrEqual(subtotal);
        expect(priced.totalPaise).toBe(priced.subtotalPaise + priced.taxPaise + priced.shippingPaise);
        for (const value of Object.values(priced)) expect(Number.isSafeInteger(value)).toBe(true);
        expect(priced.shippingPaise).toBe(subtotal > 0 ? deliveryFeeFor(subtotal, charge) : 0);
      }),
    );
  });
});

describe('deliveryFeeFor and freeDeliveryGapPaise', () => {
  it('no charge, or a fee of 0: free, with no gap to close', () => {
    expect(deliveryFeeFor(100)).toBe(0);
    expect(deliveryFeeFor(100, null)).toBe(0);
    expect(deliveryFeeFor(100, { feePaise: 0, freeAbovePaise: 50000 })).toBe(0);
    expect(freeDeliveryGapPaise(100, { feePaise: 0, freeAbovePaise: 50000 })).toBe(0);
  });

  it('a fee without a threshold is always charged and never promised away', () => {
    expect(deliveryFeeFor(10_000_000, { feePaise: 4000 })).toBe(4000);
    expect(deliveryFeeFor(10_000_000, { feePaise: 4000, freeAbovePaise: null })).toBe(4000);
    expect(freeDeliveryGapPaise(100, { feePaise: 4000, freeAbovePaise: null })).toBe(0);
  });

  it('the gap is what the subtotal lacks ("Add ₹40 for free delivery"), 0 from the threshold on', () => {
    const delivery = { feePaise: 4000, freeAbovePaise: 50000 };
    expect(freeDeliveryGapPaise(46000, delivery)).toBe(4000);
    expect(freeDeliveryGapPaise(49999, delivery)).toBe(1);
    expect(freeDeliveryGapPaise(50000, delivery)).toBe(0);
    expect(freeDeliveryGapPaise(90000, delivery)).toBe(0);
    expect(deliveryFeeFor(49999, delivery)).toBe(4000);
    expect(deliveryFeeFor(50000, delivery)).toBe(0);
  });

  it('a threshold of ₹0 makes every order free', () => {
    expect(deliveryFeeFor(1, { feePaise: 4000, freeAbovePaise: 0 })).toBe(0);
  });
});

describe('formatRupees', () => {
  it('writes paise as rupees with the Indian grouping', () => {
    expect(formatRupees(0)).toBe('₹0.00');
    expect(formatRupees(5)).toBe('₹0.05');
    expect(formatRupees(3333)).toBe('₹33.33');
    expect(formatRupees(123450)).toBe('₹1,234.50');
    expect(formatRupees(12500000)).toBe('₹1,25,000.00');
    expect(formatRupees(1234567890)).toBe('₹1,23,45,678.90');
  });

  it('a refund reads negative; minus nothing is no negative', () => {
    expect(formatRupees(-2550)).toBe('₹-25.50');
    expect(formatRupees(-0)).toBe('₹0.00');
  });
});
