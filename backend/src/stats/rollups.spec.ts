import {
  adjustedChange,
  issueRefundChange,
  documentsOf,
  mergeChange,
  namesEveryProduct,
  orderChange,
  placedChange,
  productIdOf,
  refundedChange,
  statusChange,
  statusMoves,
  summarise,
  type Change,
  type DayRollup,
  type StatsOrder,
  type WaitingRollup,
} from './rollups';

const KOLKATA = 'Asia/Kolkata';
const MANGO = '665f1c2e9b1d8c0000000001';
const DAL = '665f1c2e9b1d8c0000000002';

const order = (over: Partial<StatsOrder> = {}): StatsOrder => ({
  _id: 'o1',
  // 23:50 on 10 March in India.
  createdAt: new Date('2026-03-10T18:20:00Z'),
  amountPaise: 12698,
  subtotalPaise: 9999,
  taxPaise: 199,
  deliveryFeePaise: 2500,
  paymentType: 'COD',
  status: 'Order Placed',
  items: [{ product: MANGO, name: 'Alphonso Mango', quantity: 3, offerPricePaise: 3333 }],
  ...over,
});

/** Applies changes to nothing, as the rebuild does, and gives the documents. */
const applied = (...changes: Change[]) => documentsOf(changes.reduce((into, c) => mergeChange(into, c), {} as Change));

describe('productIdOf', () => {
  it('reads an id, a reference or an ObjectId-like value; null for a deleted product', () => {
    expect(productIdOf(MANGO)).toBe(MANGO);
    expect(productIdOf({ _id: MANGO })).toBe(MANGO);
    expect(productIdOf({ toString: () => MANGO })).toBe(MANGO);
    expect(productIdOf(null)).toBeNull();
    expect(productIdOf(undefined)).toBeNull();
    expect(productIdOf({ toString: () => 'not an id' })).toBeNull();
    expect(namesEveryProduct(order())).toBe(true);
    expect(namesEveryProduct(order({ items: [{ product: null, name: 'Gone', quantity: 1, offerPricePaise: 100 }] }))).toBe(false);
  });
});

describe('the roll-up changes', () => {
  it('an order placed counts on the day it was placed in the shop’s zone, and waits as Order Placed', () => {
    expect(placedChange(order(), KOLKATA)).toEqual({
      'day:2026-03-10': {
        inc: {
          orders: 1,
          revenuePaise: 12698,
          subtotalPaise: 9999,
          taxPaise: 199,
          feePaise: 2500,
          codOrders: 1,
          codPaise: 12698,
          [`products.p${MANGO}.quantity`]: 3,
          [`products.p${MANGO}.revenuePaise`]: 9999,
          // The 2% of a flat order, on what it was charged on (issue 54).
          'taxes.r200.taxablePaise': 9999,
          'taxes.r200.taxPaise': 199,
        },
        set: { [`products.p${MANGO}.name`]: 'Alphonso Mango' },
      },
      waiting: { inc: { placed: 1 }, set: {} },
    });
  });

  it('the day boundary is the zone’s midnight: 18:30 UTC is the next day in India, the same day in UTC', () => {
    const late = order({ createdAt: '2026-03-10T18:30:00.000Z', paymentType: 'Online' });
    expect(Object.keys(placedChange(late, KOLKATA))).toEqual(['day:2026-03-11', 'waiting']);
    expect(Object.keys(placedChange(late, 'UTC'))).toEqual(['day:2026-03-10', 'waiting']);
    expect(placedChange(late, KOLKATA)['day:2026-03-11'].inc).toMatchObject({ onlineOrders: 1, onlinePaise: 12698 });
  });

  it('an order stored before delivery fees existed counts a fee of 0; a deleted product’s line is left out', () => {
    const old = order({ deliveryFeePaise: undefined, items: [{ product: null, name: 'Gone', quantity: 2, offerPricePaise: 500 }] });
    const day = placedChange(old, KOLKATA)['day:2026-03-10'];
    expect(day.inc.feePaise).toBe(0);
    expect(Object.keys(day.inc).some((key) => key.startsWith('products.'))).toBe(false);
  });

  it('moving along the queue moves the waiting counts only', () => {
    expect(statusChange(order(), 'Order Placed', 'Packing', KOLKATA)).toEqual({ waiting: { inc: { placed: -1, packing: 1 }, set: {} } });
    expect(statusChange(order(), 'Packing', 'Out for delivery', KOLKATA)).toEqual({ waiting: { inc: { packing: -1, outForDelivery: 1 }, set: {} } });
    expect(statusChange(order(), 'Out for delivery', 'Delivered', KOLKATA)).toEqual({ waiting: { inc: { outForDelivery: -1 }, set: {} } });
  });

  it('a cancelled order leaves its day’s figures and is counted as cancelled', () => {
    const placed = placedChange(order(), KOLKATA);
    const cancelled = statusChange(order(), 'Order Placed', 'Cancelled', KOLKATA);
    const [day, waiting] = [applied(placed, cancelled)['day:2026-03-10'], applied(placed, cancelled).waiting];
    expect(day).toMatchObject({ orders: 0, revenuePaise: 0, subtotalPaise: 0, taxPaise: 0, feePaise: 0, codOrders: 0, codPaise: 0 });
    expect(day).toMatchObject({ cancelledOrders: 1, cancelledPaise: 12698 });
    expect((day.products as Record<string, unknown>)[`p${MANGO}`]).toEqual({ quantity: 0, revenuePaise: 0, name: 'Alphonso Mango' });
    expect(waiting).toEqual({ _id: 'waiting', placed: 0 });
  });

  it('a refund is counted on the day the order was placed', () => {
    expect(refundedChange(order({ paymentType: 'Online' }), KOLKATA)).toEqual({
      'day:2026-03-10': { inc: { refundedOrders: 1, refundedPaise: 12698 }, set: {} },
    });
  });

  it('statusMoves reads the history, and an older order without one went straight to its status', () => {
    expect(statusMoves(order())).toEqual([]);
    expect(statusMoves(order({ status: 'Delivered' }))).toEqual([['Order Placed', 'Delivered']]);
    expect(
      statusMoves(
        order({
          status: 'Cancelled',
          statusHistory: [{ status: 'Order Placed' }, { status: 'Packing' }, { status: 'Cancelled' }],
        }),
      ),
    ).toEqual([
      ['Order Placed', 'Packing'],
      ['Packing', 'Cancelled'],
    ]);
    expect(statusMoves(order({ status: 'Packing', statusHistory: [{ status: 'Packing' }] }))).toEqual([['Order Placed', 'Packing']]);
  });

  it('the rebuild of an order equals the live events applied one by one', () => {
    const refunded = order({
      paymentType: 'Online',
      paymentStatus: 'refunded',
      status: 'Cancelled',
      statusHistory: [{ status: 'Order Placed' }, { status: 'Packing' }, { status: 'Cancelled' }],
    });
    const live = applied(
      placedChange(refunded, KOLKATA),
      statusChange(refunded, 'Order Placed', 'Packing', KOLKATA),
      statusChange(refunded, 'Packing', 'Cancelled', KOLKATA),
      refundedChange(refunded, KOLKATA),
    );
    expect(applied(orderChange(refunded, KOLKATA))).toEqual(live);
    expect(live['day:2026-03-10']).toMatchObject({ orders: 0, onlineOrders: 0, cancelledOrders: 1, refundedOrders: 1, refundedPaise: 12698 });
    expect(live.waiting).toEqual({ _id: 'waiting', placed: 0, packing: 0 });
  });
});

describe('summarise', () => {
  const days = ['2026-03-09', '2026-03-10', '2026-03-11'];

  it('adds the days, averages to the paisa and ranks the products by revenue, then quantity, then id', () => {
    const tenth = applied(
      placedChange(order(), KOLKATA),
      placedChange(
        order({
          _id: 'o2',
          paymentType: 'Online',
          amountPaise: 15198,
          subtotalPaise: 14900,
          taxPaise: 298,
          deliveryFeePaise: 0,
          items: [{ product: DAL, name: 'Toor Dal', quantity: 1, offerPricePaise: 14900 }],
        }),
        KOLKATA,
      ),
    )['day:2026-03-10'] as unknown as DayRollup;
    const eleventh: DayRollup = {
      _id: 'day:2026-03-11',
      orders: 1,
      revenuePaise: 1,
      codOrders: 1,
      codPaise: 1,
      products: { [`p${MANGO}`]: { name: 'Mango (new name)', quantity: 0, revenuePaise: 0 } },
    };
    const summary = summarise(days, [null, tenth, eleventh], { _id: 'waiting', placed: 2, packing: -1 } as unknown as WaitingRollup);
    expect(summary.orders).toBe(3);
    expect(summary.revenue).toBe(278.97);
    // 27897 / 3 = 9299 paise exactly.
    expect(summary.averageOrderValue).toBe(92.99);
    expect(summary.byDay).toEqual([
      { date: '2026-03-09', revenue: 0, orders: 0 },
      { date: '2026-03-10', revenue: 278.96, orders: 2 },
      { date: '2026-03-11', revenue: 0.01, orders: 1 },
    ]);
    expect(summary.topProducts).toEqual([
      { productId: DAL, name: 'Toor Dal', quantity: 1, revenue: 149 },
      // The latest day's name.
      { productId: MANGO, name: 'Mango (new name)', quantity: 3, revenue: 99.99 },
    ]);
    expect(summary.byPayment).toEqual({ cod: { orders: 2, revenue: 126.99 }, online: { orders: 1, revenue: 151.98 } });
    // A count that went below zero (a lost event) shows as 0.
    expect(summary.waiting).toEqual({ 'Order Placed': 2, Packing: 0, 'Out for delivery': 0 });
  });

  it('no orders at all: zeros, no division by zero, no products', () => {
    const summary = summarise(days, [null, null, null], null);
    expect(summary).toMatchObject({ revenue: 0, orders: 0, averageOrderValue: 0, topProducts: [] });
    expect(summary.cancelled).toEqual({ orders: 0, amount: 0 });
    expect(summary.refunded).toEqual({ orders: 0, amount: 0 });
    expect(summary.discounts).toEqual({ orders: 0, amount: 0 });
  });

  it('the average rounds to the nearest paisa (₹100 over 3 orders is ₹33.33)', () => {
    const day: DayRollup = { _id: 'day:2026-03-10', orders: 3, revenuePaise: 10000 };
    expect(summarise(['2026-03-10'], [day], null).averageOrderValue).toBe(33.33);
  });

  it('a product whose every sale was cancelled is not a top product', () => {
    const day = applied(placedChange(order(), KOLKATA), statusChange(order(), 'Order Placed', 'Cancelled', KOLKATA))['day:2026-03-10'] as unknown as DayRollup;
    expect(summarise(['2026-03-10'], [day], null).topProducts).toEqual([]);
  });
});

describe('coupon discounts in the figures', () => {
  // FLAT50 on 3 × ₹33.33: tax 2% of ₹49.99 = ₹0.99, fee ₹25.00, amount ₹75.98 (revenue is what the order charges).
  const discounted = (over: Partial<StatsOrder> = {}) =>
    order({ _id: 'c1', subtotalPaise: 9999, discountPaise: 5000, taxPaise: 99, deliveryFeePaise: 2500, amountPaise: 7598, ...over });

  it('an order with a discount counts it and one coupon order on its day; its revenue is its amount, after the discount', () => {
    const day = placedChange(discounted(), KOLKATA)['day:2026-03-10'];
    expect(day.inc).toMatchObject({ orders: 1, revenuePaise: 7598, subtotalPaise: 9999, discountPaise: 5000, couponOrders: 1, taxPaise: 99, codPaise: 7598 });
    expect(day.inc.subtotalPaise - day.inc.discountPaise + day.inc.taxPaise + day.inc.feePaise).toBe(day.inc.revenuePaise);
  });

  it('an order without one (or from before coupons) names no discount field at all', () => {
    for (const none of [order(), order({ discountPaise: 0 }), order({ discountPaise: null })]) {
      const inc = placedChange(none, KOLKATA)['day:2026-03-10'].inc;
      expect(Object.keys(inc).filter((key) => /discount|coupon/i.test(key))).toEqual([]);
    }
  });

  it('a cancelled order takes its discount out with its revenue; the rebuild agrees with the live events', () => {
    const cancelled = discounted({ status: 'Cancelled', statusHistory: [{ status: 'Order Placed' }, { status: 'Cancelled' }] });
    const live = applied(placedChange(cancelled, KOLKATA), statusChange(cancelled, 'Order Placed', 'Cancelled', KOLKATA));
    expect(live['day:2026-03-10']).toMatchObject({ orders: 0, revenuePaise: 0, discountPaise: 0, couponOrders: 0, cancelledOrders: 1, cancelledPaise: 7598 });
    expect(applied(orderChange(cancelled, KOLKATA))).toEqual(live);
    const day = live['day:2026-03-10'] as unknown as DayRollup;
    expect(summarise(['2026-03-10'], [day], null).discounts).toEqual({ orders: 0, amount: 0 });
  });

  it('sums the discounts of the days; a day stored before coupons (no field) and a day with none read as 0', () => {
    const tenth = applied(
      placedChange(discounted(), KOLKATA),
      placedChange(discounted({ _id: 'c2', discountPaise: 1249, subtotalPaise: 12490, taxPaise: 224, deliveryFeePaise: 0, amountPaise: 11465 }), KOLKATA),
      placedChange(order({ _id: 'o3' }), KOLKATA),
    )['day:2026-03-10'] as unknown as DayRollup;
    const older: DayRollup = { _id: 'day:2026-03-09', orders: 2, revenuePaise: 20000, codOrders: 2, codPaise: 20000 };
    const summary = summarise(['2026-03-09', '2026-03-10', '2026-03-11'], [older, tenth, null], null);
    expect(summary.discounts).toEqual({ orders: 2, amount: 62.49 });
    // Revenue is what the orders charge: 200.00 + 75.98 + 114.65 + 126.98.
    expect(summary.revenue).toBe(517.61);
    expect(summarise(['2026-03-09'], [older], null).discounts).toEqual({ orders: 0, amount: 0 });
    expect(summarise(['2026-03-09'], [null], null).discounts).toEqual({ orders: 0, amount: 0 });
  });
});

describe('top products with their pack sizes (issue 37)', () => {
  const ATTA = '665f1c2e9b1d8c0000000003';
  const FIVE = '665f1c2e9b1d8c00000000f5';
  const ONE = '665f1c2e9b1d8c00000000f1';
  const line = (variant: string | undefined, label: string | undefined, quantity: number, offerPricePaise: number) => ({
    product: ATTA,
    name: 'Whole Wheat Atta',
    quantity,
    offerPricePaise,
    ...(variant ? { variant } : {}),
    ...(label ? { label } : {}),
  });
  const sized = (id: string, items: StatsOrder['items']) => order({ _id: id, items });

  it('a line sold in a pack size counts in its product and in the size, under the label it was sold as', () => {
    const change = placedChange(sized('o1', [line(FIVE, '5 kg', 2, 24900)]), KOLKATA)['day:2026-03-10'];
    expect(change.inc).toMatchObject({
      [`products.p${ATTA}.quantity`]: 2,
      [`products.p${ATTA}.revenuePaise`]: 49800,
      [`products.p${ATTA}.sizes.v${FIVE}.quantity`]: 2,
      [`products.p${ATTA}.sizes.v${FIVE}.revenuePaise`]: 49800,
    });
    expect(change.set).toEqual({ [`products.p${ATTA}.name`]: 'Whole Wheat Atta', [`products.p${ATTA}.sizes.v${FIVE}.label`]: '5 kg' });
    // No label (an old order, a single size without one), or a variant that is no id: the product only.
    for (const items of [[line(undefined, undefined, 1, 100)], [line(FIVE, undefined, 1, 100)], [line('a.b', '5 kg', 1, 100)]]) {
      expect(Object.keys(placedChange(sized('o2', items), KOLKATA)['day:2026-03-10'].inc).filter((key) => key.includes('sizes'))).toEqual([]);
    }
  });

  it('ranked by product, with each size’s units and revenue, most revenue first; a cancel takes the size out too', () => {
    const one = sized('o1', [line(FIVE, '5 kg', 2, 24900), line(ONE, '1 kg', 3, 5400)]);
    const two = sized('o2', [line(ONE, '1 kg', 1, 5400), line(undefined, undefined, 1, 25000)]);
    const gone = sized('o3', [line(FIVE, '5 kg', 4, 24900)]);
    const day = applied(
      placedChange(one, KOLKATA),
      placedChange(two, KOLKATA),
      placedChange(gone, KOLKATA),
      statusChange(gone, 'Order Placed', 'Cancelled', KOLKATA),
    )['day:2026-03-10'] as unknown as DayRollup;
    // The same label under another id (a size removed and added again) is one size to the seller, across days.
    const later: DayRollup = {
      _id: 'day:2026-03-11',
      products: {
        [`p${ATTA}`]: {
          name: 'Whole Wheat Atta',
          quantity: 1,
          revenuePaise: 5000,
          sizes: { vffffffffffffffffffffffff: { label: '1 kg', quantity: 1, revenuePaise: 5000 } },
        },
      },
    };
    expect(summarise(['2026-03-10', '2026-03-11'], [day, later], null).topProducts).toEqual([
      {
        productId: ATTA,
        name: 'Whole Wheat Atta',
        quantity: 8,
        revenue: 1014,
        sizes: [
          { label: '5 kg', quantity: 2, revenue: 498 },
          { label: '1 kg', quantity: 5, revenue: 266 },
        ],
      },
    ]);
  });

  it('a product sold only before pack sizes has no sizes', () => {
    const day = applied(placedChange(order(), KOLKATA))['day:2026-03-10'] as unknown as DayRollup;
    expect(summarise(['2026-03-10'], [day], null).topProducts[0]).not.toHaveProperty('sizes');
  });
});

describe('adjustedChange (packing, issue 39)', () => {
  it('counts what the shop finally kept: live (placed, then changed) equals the rebuild of the changed order', () => {
    const before = order();
    // Packed 1 of 3 mangoes: ₹33.33 + tax ₹0.66 + fee ₹25.
    const after = order({
      amountPaise: 5999,
      subtotalPaise: 3333,
      taxPaise: 66,
      items: [{ product: MANGO, name: 'Alphonso Mango', quantity: 1, offerPricePaise: 3333 }],
    });
    const live = applied(placedChange(before, KOLKATA), adjustedChange(before, after, KOLKATA));
    expect(live).toEqual(applied(orderChange(after, KOLKATA)));
    expect(live['day:2026-03-10']).toMatchObject({ orders: 1, revenuePaise: 5999, products: { [`p${MANGO}`]: { quantity: 1, revenuePaise: 3333 } } });
  });
});

describe('issueRefundChange (problem reports, issue 39)', () => {
  it('takes a refunded report off the day’s revenue, live and rebuilt alike', () => {
    const refunded = order({ status: 'Delivered', statusHistory: [{ status: 'Delivered' }], issue: { status: 'refunded', amountPaise: 3399 } });
    const live = applied(
      placedChange(refunded, KOLKATA),
      ...statusMoves(refunded).map(([from, to]) => statusChange(refunded, from, to, KOLKATA)),
      issueRefundChange(refunded, KOLKATA),
    );
    expect(live).toEqual(applied(orderChange(refunded, KOLKATA)));
    expect(live['day:2026-03-10']).toMatchObject({ revenuePaise: 12698 - 3399, issueRefundedPaise: 3399 });
    expect(issueRefundChange(order({ issue: { status: 'declined' } }), KOLKATA)).toEqual({});
  });
});
