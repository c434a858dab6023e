import { priceCart, TAX_PERCENT } from './pricing';
import { issueRefundCapPaise, repriceAdjusted } from './packing';
import { priceOrderTax } from './tax';
import { priceCartIn } from './tax-cart';
import { taxNote } from './tax-rates';

const FEE = { feePaise: 3000, freeAbovePaise: null };
const LINES = [
  { offerPrice: 60, quantity: 2, gstRate: 5 },
  { offerPrice: 40, quantity: 1, gstRate: 40 },
  { offerPrice: 35, quantity: 3, gstRate: 0 },
];
const COUPON = { kind: 'percent' as const, value: 10 };

describe('priceCartIn: the cart in the shop’s tax mode (issue 54)', () => {
  it('flat is priceCart to the paisa: 2% added', () => {
    const flat = priceCartIn({ taxMode: 'flat', deliveryGstRate: 18 }, LINES, FEE, COUPON);
    expect(flat).toEqual({ ...priceCart(LINES, FEE, COUPON), mode: 'flat', taxInsidePaise: 0 });
    expect(flat.taxPaise).toBeGreaterThan(0);
  });

  it('gst charges the MRPs: nothing added, the GST inside is the invoice’s', () => {
    const gst = priceCartIn({ taxMode: 'gst', deliveryGstRate: 18 }, LINES, FEE, COUPON);
    // 120 + 40 + 105 = 265; 10% off = 26.50; + 30 fee.
    expect(gst).toMatchObject({ subtotalPaise: 26500, discountPaise: 2650, taxPaise: 0, shippingPaise: 3000, totalPaise: 26850, mode: 'gst' });
    const invoice = priceOrderTax({
      mode: 'gst',
      lines: LINES.map(({ offerPrice, quantity, gstRate }) => ({ offerPrice, quantity, gstRate })),
      discountPaise: 2650,
      deliveryFeePaise: 3000,
      deliveryGstRate: 18,
    });
    expect(invoice.totalPaise).toBe(gst.totalPaise);
    expect(gst.taxInsidePaise).toBe(invoice.totals.taxPaise);
    expect(gst.taxInsidePaise).toBeGreaterThan(0);
  });

  it('composition and unregistered shops add nothing and show no tax', () => {
    for (const taxMode of ['composition', 'unregistered'] as const) {
      expect(priceCartIn({ taxMode, deliveryGstRate: 18 }, LINES, FEE, COUPON)).toMatchObject({ totalPaise: 26850, taxPaise: 0, taxInsidePaise: 0 });
      expect(taxNote(taxMode)).toBe('');
    }
    expect(taxNote('flat')).toBe('+2% tax');
    expect(taxNote('gst')).toBe('incl. GST');
  });

  it('an empty cart costs nothing in any mode, the fee included', () => {
    for (const taxMode of ['flat', 'gst', 'composition'] as const) expect(priceCartIn({ taxMode, deliveryGstRate: 18 }, [], FEE).totalPaise).toBe(0);
  });
});

describe('packing changes and problem reports outside flat mode', () => {
  const lines = [{ unitPaise: 6000, quantity: 2, packed: 1 }];
  it('a gst order packed short charges the MRP of what was packed, nothing added', () => {
    const price = repriceAdjusted({ lines, discountPaise: 0, shippingPaise: 0, totalBeforePaise: 12000, taxMode: 'gst' });
    expect(price).toMatchObject({ subtotalPaise: 6000, taxPaise: 0, totalPaise: 6000, differencePaise: 6000 });
    expect(repriceAdjusted({ lines, discountPaise: 0, shippingPaise: 0, totalBeforePaise: 12240 })).toMatchObject({ taxPaise: 120, totalPaise: 6120 });
  });
  it('a report refunds the units’ value: with 2% in flat mode, as it is where the tax was inside', () => {
    expect(issueRefundCapPaise([{ unitPaise: 6000, quantity: 1 }])).toBe(6120);
    expect(issueRefundCapPaise([{ unitPaise: 6000, quantity: 1 }], 'gst')).toBe(6000);
  });
});

describe('taxNote and TAX_PERCENT agree', () => {
  it('says the flat rule’s own percent', () => expect(taxNote('flat')).toBe(`+${TAX_PERCENT}% tax`));
});
