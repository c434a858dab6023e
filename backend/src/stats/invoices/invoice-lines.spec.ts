import { gstinProblem, gstStateByCode, priceCart } from '@greencart/domain';
import { invoiceAmounts, type InvoiceShop } from './invoice-lines';
import { invoiceNumber } from './invoice-numbers';
import { longDay } from './invoices.service';

const karnataka = gstStateByCode('29')!;
const shop: InvoiceShop = { legalName: 'GreenCart Retail Pvt Ltd', gstin: '29AAACG1234A1ZA', address: '12 MG Road, Bengaluru', state: karnataka };
const order = {
  items: [
    { product: 'p1', name: 'Tomatoes', quantity: 2, offerPricePaise: 3333, hsn: '0702' },
    { product: 'p2', name: 'Milk', quantity: 1, offerPricePaise: 3000 },
  ],
  subtotalPaise: 9666,
  taxPaise: 193,
  deliveryFeePaise: 2000,
  amountPaise: 11859,
  address: { state: 'Karnataka' },
};

describe('an invoice’s lines and amounts', () => {
  it('the shop’s GSTIN used in these tests is a real one (check character included)', () => {
    expect(gstinProblem(shop.gstin!, '29')).toBeUndefined();
  });

  it('within the shop’s state: CGST and SGST halves of the tax charged, place of supply the delivery state', () => {
    const amounts = invoiceAmounts(order, shop);
    expect(amounts).toMatchObject({ kind: 'tax-invoice', placeOfSupply: karnataka, subtotalPaise: 9666, taxPaise: 193, feePaise: 2000, totalPaise: 11859 });
    // An order from before coupons: no discount, the taxable value is the subtotal.
    expect(amounts).toMatchObject({ discountPaise: 0, taxableValuePaise: 9666 });
    expect(amounts).not.toHaveProperty('couponCode');
    expect(amounts.gst).toEqual({ kind: 'intra', cgstPaise: 97, sgstPaise: 96, ratePercent: 2 });
    expect(amounts.lines).toEqual([
      { name: 'Tomatoes', hsn: '0702', quantity: 2, ratePaise: 3333, amountPaise: 6666 },
      { name: 'Milk', quantity: 1, ratePaise: 3000, amountPaise: 3000 },
    ]);
  });

  it('to another state: IGST of the whole tax', () => {
    const amounts = invoiceAmounts({ ...order, address: { state: 'kerala' } }, shop);
    expect(amounts.placeOfSupply?.code).toBe('32');
    expect(amounts.gst).toEqual({ kind: 'inter', igstPaise: 193, ratePercent: 2 });
  });

  it('an address state nobody knows is taken as the shop’s own (it delivers locally)', () => {
    expect(invoiceAmounts({ ...order, address: { state: 'Bangalore Urban' } }, shop).gst?.kind).toBe('intra');
  });

  it('a shop without a GSTIN: a bill of supply claiming no GST, the same amounts', () => {
    const amounts = invoiceAmounts(order, { ...shop, gstin: null });
    expect(amounts).toMatchObject({ kind: 'bill-of-supply', gst: null, taxPaise: 193, totalPaise: 11859 });
  });

  it('a line sold in a pack size names it, and carries the label to print under the name', () => {
    const sized = {
      ...order,
      items: [
        { product: 'p3', name: 'Whole Wheat Atta', label: '5 kg', quantity: 1, offerPricePaise: 24900 },
        { product: 'p4', name: 'Toned Milk 1 L', label: '1 L', quantity: 2, offerPricePaise: 5600 },
      ],
    };
    expect(invoiceAmounts(sized, shop).lines).toEqual([
      { name: 'Whole Wheat Atta 5 kg', label: '5 kg', quantity: 1, ratePaise: 24900, amountPaise: 24900 },
      { name: 'Toned Milk 1 L', label: '1 L', quantity: 2, ratePaise: 5600, amountPaise: 11200 },
    ]);
  });

  it('HSN: the one sold with, else the product’s current one', () => {
    const amounts = invoiceAmounts(order, shop, (id) => (id === 'p2' ? '0401' : '9999'));
    expect(amounts.lines.map((line) => line.hsn)).toEqual(['0702', '0401']);
  });
});

describe('an invoice of an order with a coupon', () => {
  // 3 × ₹33.33 and 1 × ₹30.00 with 12.5% off: the discount, the tax and the total as the money rule made them.
  const price = priceCart(
    [
      { offerPrice: 33.33, quantity: 3 },
      { offerPrice: 30, quantity: 1 },
    ],
    { feePaise: 2000, freeAbovePaise: null },
    { kind: 'percent', value: 12.5 },
  );
  const discounted = {
    items: [
      { product: 'p1', name: 'Tomatoes', quantity: 3, offerPricePaise: 3333, hsn: '0702' },
      { product: 'p2', name: 'Milk', quantity: 1, offerPricePaise: 3000 },
    ],
    subtotalPaise: price.subtotalPaise,
    discountPaise: price.discountPaise,
    coupon: { code: 'SAVE12', couponId: 'c1', discountPaise: price.discountPaise },
    taxPaise: price.taxPaise,
    deliveryFeePaise: price.shippingPaise,
    amountPaise: price.totalPaise,
    address: { state: 'Karnataka' },
  };
  /** Taxable value + the tax (as GST, when there is GST) + the fee. */
  const addedUp = (amounts: ReturnType<typeof invoiceAmounts>) => {
    const gst = amounts.gst;
    const tax = gst === null ? amounts.taxPaise : gst.kind === 'intra' ? gst.cgstPaise + gst.sgstPaise : gst.igstPaise;
    return amounts.taxableValuePaise + tax + amounts.feePaise;
  };

  it('the money rule of this order, to the paisa (12.5% of ₹129.99 rounded down; tax on ₹113.75 rounded down)', () => {
    expect(price).toEqual({ subtotalPaise: 12999, discountPaise: 1624, taxPaise: 227, shippingPaise: 2000, totalPaise: 13602 });
  });

  it('a discount line with the code; the taxable value is subtotal − discount; CGST and SGST split the tax as stored; it adds up to the amount', () => {
    const amounts = invoiceAmounts(discounted, shop);
    expect(amounts).toMatchObject({
      kind: 'tax-invoice',
      subtotalPaise: 12999,
      discountPaise: 1624,
      couponCode: 'SAVE12',
      taxableValuePaise: 11375,
      taxPaise: 227,
      feePaise: 2000,
      totalPaise: 13602,
    });
    expect(amounts.gst).toEqual({ kind: 'intra', cgstPaise: 114, sgstPaise: 113, ratePercent: 2 });
    // The lines at their prices: they add up to the subtotal, before the discount.
    expect(amounts.lines.reduce((sum, line) => sum + line.amountPaise, 0)).toBe(12999);
    expect(addedUp(amounts)).toBe(13602);
  });

  it('to another state: IGST of the whole stored tax, adding up the same', () => {
    const amounts = invoiceAmounts({ ...discounted, address: { state: 'Kerala' } }, shop);
    expect(amounts.gst).toEqual({ kind: 'inter', igstPaise: 227, ratePercent: 2 });
    expect(addedUp(amounts)).toBe(13602);
  });

  it('a bill of supply shows the same discount and amounts, with no GST', () => {
    const amounts = invoiceAmounts(discounted, { ...shop, gstin: null });
    expect(amounts).toMatchObject({
      kind: 'bill-of-supply',
      gst: null,
      discountPaise: 1624,
      couponCode: 'SAVE12',
      taxableValuePaise: 11375,
      totalPaise: 13602,
    });
    expect(addedUp(amounts)).toBe(13602);
  });

  it('adds up on awkward amounts: every percent 1–90 of 33.33 × 3 and a flat ₹50, with and without a fee, both GST kinds', () => {
    const terms = [...Array.from({ length: 90 }, (_, i) => ({ kind: 'percent' as const, value: i + 1 })), { kind: 'flat' as const, value: 50 }];
    for (const coupon of terms)
      for (const delivery of [null, { feePaise: 2500, freeAbovePaise: null }])
        for (const state of ['Karnataka', 'Kerala']) {
          const p = priceCart([{ offerPrice: 33.33, quantity: 3 }], delivery, coupon);
          const order = {
            items: [{ product: 'p1', name: 'Tomatoes', quantity: 3, offerPricePaise: 3333 }],
            subtotalPaise: p.subtotalPaise,
            discountPaise: p.discountPaise,
            coupon: { code: 'X1Y' },
            taxPaise: p.taxPaise,
            deliveryFeePaise: p.shippingPaise,
            amountPaise: p.totalPaise,
            address: { state },
          };
          const amounts = invoiceAmounts(order, shop);
          expect({ coupon, state, fee: p.shippingPaise, total: addedUp(amounts) }).toEqual({ coupon, state, fee: p.shippingPaise, total: p.totalPaise });
        }
  });

  it('a zero discount (an order whose coupon took nothing off) shows no coupon', () => {
    const amounts = invoiceAmounts({ ...order, discountPaise: 0, coupon: { code: 'NONE1' } }, shop);
    expect(amounts).toMatchObject({ discountPaise: 0, taxableValuePaise: 9666 });
    expect(amounts).not.toHaveProperty('couponCode');
  });
});

describe('invoice dates and numbers', () => {
  it('dates as "27 Nov 2026"', () => {
    expect(longDay('2026-11-27')).toBe('27 Nov 2026');
    expect(longDay('2027-01-05')).toBe('5 Jan 2027');
  });

  it('numbers of at most 16 characters, per financial year', () => {
    expect(invoiceNumber('2026-27', 42)).toBe('GC/26-27/000042');
    expect(invoiceNumber('2026-27', 42).length).toBeLessThanOrEqual(16);
  });
});
