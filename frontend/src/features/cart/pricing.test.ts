import { formatRupees, priceCart } from '@greencart/domain';
import { describe, expect, it } from 'vitest';
import { cartProductIds, orderItemOf, pricedLinesOf, summarizeCart } from './cart-summary';

describe('cart pricing through the shared pricing function', () => {
  it('3 × ₹33.33: subtotal ₹99.99, tax ₹1.99 (rounded down), total ₹101.98', () => {
    const price = priceCart([{ offerPrice: 33.33, quantity: 3 }]);
    expect(price).toEqual({ subtotalPaise: 9999, discountPaise: 0, taxPaise: 199, shippingPaise: 0, totalPaise: 10198 });
    expect(formatRupees(price.subtotalPaise)).toBe('₹99.99');
    expect(formatRupees(price.taxPaise)).toBe('₹1.99');
    expect(formatRupees(price.totalPaise)).toBe('₹101.98');
  });

  it('does not fall into float traps like 0.1 + 0.2', () => {
    const price = priceCart([
      { offerPrice: 0.1, quantity: 1 },
      { offerPrice: 0.2, quantity: 1 },
    ]);
    expect(price.subtotalPaise).toBe(30);
    expect(formatRupees(price.subtotalPaise)).toBe('₹0.30');
    expect(priceCart([{ offerPrice: 1.15, quantity: 100 }]).subtotalPaise).toBe(11500);
    expect(priceCart([{ offerPrice: 19.99, quantity: 3 }]).subtotalPaise).toBe(5997);
  });

  it('an empty cart costs nothing', () => {
    const price = priceCart([]);
    expect(price.totalPaise).toBe(0);
    expect(formatRupees(price.totalPaise)).toBe('₹0.00');
  });

  it('groups thousands the Indian way', () => {
    expect(formatRupees(priceCart([{ offerPrice: 1250, quantity: 100 }]).subtotalPaise)).toBe('₹1,25,000.00');
  });

  it('writes every amount as the en-IN number format does', () => {
    const intl = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const amounts = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 99_999, 100_000, 1_234_567, 12_345_678, 123_456_789, 9_999_999_999, -5, -123_456];
    for (const paise of amounts) expect(formatRupees(paise)).toBe(`₹${intl.format(paise / 100)}`);
  });
});

describe('summarizeCart', () => {
  const products = [
    { _id: 'a', offerPrice: 33.33, inStock: true },
    { _id: 'b', offerPrice: 10, inStock: false },
  ];

  it('prices the in-stock lines of the cart', () => {
    const summary = summarizeCart({ a: 3, b: 2, gone: 1 }, products);
    expect(summary.lines.map((line) => line.product._id)).toEqual(['a', 'b']);
    expect(summary.price.totalPaise).toBe(10198);
    expect(summary.unavailableKeys).toEqual(['gone']);
    expect(summary.outOfStockKeys).toEqual(['b']);
    expect(summary.shortKeys).toEqual([]);
  });

  it('is empty for an empty cart', () => {
    const summary = summarizeCart({}, products);
    expect(summary.lines).toEqual([]);
    expect(summary.price.totalPaise).toBe(0);
  });
});

describe('summarizeCart with counted stock', () => {
  it('leaves a line asking for more than is left out of the total until it is lowered', () => {
    const products = [
      { _id: 'a', offerPrice: 10, inStock: true, stock: 2 },
      { _id: 'b', offerPrice: 5, inStock: true, stock: null },
      { _id: 'c', offerPrice: 7, inStock: false, stock: 0 },
    ];
    const summary = summarizeCart({ a: 3, b: 1, c: 1 }, products);
    expect(summary.shortKeys).toEqual(['a']);
    expect(summary.outOfStockKeys).toEqual(['c']);
    expect(summary.price.subtotalPaise).toBe(500);
    expect(summarizeCart({ a: 2, b: 1 }, products).price.subtotalPaise).toBe(2500);
  });
});

describe('summarizeCart with pack sizes', () => {
  const atta = {
    _id: '64a000000000000000000001',
    offerPrice: 62,
    inStock: true,
    variants: [
      { _id: '64b000000000000000000001', label: '1 kg', price: 70, offerPrice: 62, stock: null, inStock: true },
      { _id: '64b000000000000000000005', label: '5 kg', price: 300, offerPrice: 265, stock: 2, inStock: true },
      { _id: '64b000000000000000000010', label: '10 kg', price: 560, offerPrice: 499, stock: 0, inStock: false },
    ],
  };
  const cart = {
    '64a000000000000000000001': 1,
    '64a000000000000000000001:64b000000000000000000005': 2,
    '64a000000000000000000001:64b000000000000000000010': 1,
    '64a000000000000000000001:64b0000000000000000000ff': 1,
  };

  it('makes one line per size, each priced by its own offer price; a size that no longer exists is unavailable', () => {
    const summary = summarizeCart(cart, [atta]);
    expect(summary.lines.map((line) => [line.size.label, line.subtotalPaise])).toEqual([
      ['1 kg', 6200],
      ['5 kg', 53000],
      ['10 kg', 49900],
    ]);
    expect(summary.unavailableKeys).toEqual(['64a000000000000000000001:64b0000000000000000000ff']);
    expect(summary.outOfStockKeys).toEqual(['64a000000000000000000001:64b000000000000000000010']);
    expect(summary.price.subtotalPaise).toBe(6200 + 53000);
  });

  it('checks what is left of the size itself', () => {
    const summary = summarizeCart({ '64a000000000000000000001:64b000000000000000000005': 3 }, [atta]);
    expect(summary.shortKeys).toEqual(['64a000000000000000000001:64b000000000000000000005']);
  });

  it('loads each product once, and orders sizes other than the default with their variant', () => {
    expect(cartProductIds(cart)).toEqual(['64a000000000000000000001']);
    const lines = summarizeCart(cart, [atta]).lines.map(orderItemOf);
    expect(lines).toEqual([
      { product: '64a000000000000000000001', quantity: 1 },
      { product: '64a000000000000000000001', variant: '64b000000000000000000005', quantity: 2 },
      { product: '64a000000000000000000001', variant: '64b000000000000000000010', quantity: 1 },
    ]);
  });

  it('sends the size a key names even when it is the default (a line put back by Buy again)', () => {
    const [line] = summarizeCart({ '64a000000000000000000001:64b000000000000000000001': 2 }, [atta]).lines;
    expect(line!.size.label).toBe('1 kg');
    expect(orderItemOf(line!)).toEqual({ product: '64a000000000000000000001', variant: '64b000000000000000000001', quantity: 2 });
  });
});

describe('summarizeCart in the shop’s tax mode (issue 54)', () => {
  const products = [
    { _id: 'dal', offerPrice: 37.25, inStock: true, gstRate: 5 },
    { _id: 'chocolate', offerPrice: 120, inStock: true, gstRate: 18 },
  ];

  it('adds 2% in flat mode (the default), nothing in the others; gst says the GST inside the total', () => {
    const cart = { dal: 2, chocolate: 1 };
    expect(summarizeCart(cart, products).price).toMatchObject({ mode: 'flat', subtotalPaise: 19_450, taxPaise: 389, totalPaise: 19_839, taxInsidePaise: 0 });
    expect(summarizeCart(cart, products, { taxMode: 'gst', deliveryGstRate: 18 }).price).toMatchObject({
      mode: 'gst',
      taxPaise: 0,
      totalPaise: 19_450,
      // 5% inside ₹74.50 (₹3.55) and 18% inside ₹120 (₹18.31).
      taxInsidePaise: 355 + 1831,
    });
    for (const taxMode of ['composition', 'unregistered'] as const) {
      expect(summarizeCart(cart, products, { taxMode, deliveryGstRate: 18 }).price).toMatchObject({ taxPaise: 0, totalPaise: 19_450, taxInsidePaise: 0 });
    }
  });

  it('prices each line by its product’s own rate', () => {
    const [dal] = summarizeCart({ dal: 2 }, products, { taxMode: 'gst', deliveryGstRate: 18 }).lines;
    expect(pricedLinesOf([dal!])).toEqual([{ offerPrice: 37.25, quantity: 2, gstRate: 5 }]);
  });
});
