import { randomBytes, randomUUID } from 'node:crypto';
import type { EventEmitter2 } from '@nestjs/event-emitter';
import { Types } from 'mongoose';
import request from 'supertest';
import { priceCart } from '@greencart/domain';
import { ORDER_PLACED, ORDER_REFUNDED, ORDER_STATUS_CHANGED } from '../src/orders/order.events';
import { AUTH_ENV, insertProducts, seller, shopper, VALID_ADDRESS, type Agent } from './support/actors';
import { FakeRazorpay } from './support/fake-razorpay';
import { createTestApp, type TestApp } from './support/test-app';
import { twoInstances } from './support/two-instances';
import { eventually } from './support/waiting';

const TZ = 'Asia/Kolkata';
const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' });
const istDay = (at: Date) => dayFormat.format(at);
const today = () => istDay(new Date());

interface StoredOrder {
  _id: Types.ObjectId;
  createdAt: Date;
  amountPaise: number;
  /** Absent on orders without a coupon. */
  discountPaise?: number;
  paymentType: 'COD' | 'Online';
  status: string;
  paymentStatus: string;
  items: { product: Types.ObjectId; name: string; quantity: number; offerPricePaise: number }[];
}

/** The stats as computed straight from the stored orders (independently of the roll-ups). */
async function fromOrders(t: TestApp, from: string, to: string) {
  const orders = (await t.connection.collection('orders').find({}).toArray()) as unknown as StoredOrder[];
  const inRange = orders.filter((o) => istDay(o.createdAt) >= from && istDay(o.createdAt) <= to);
  const counted = inRange.filter((o) => o.status !== 'Cancelled');
  const paise = (list: StoredOrder[]) => list.reduce((sum, o) => sum + o.amountPaise, 0);
  const products = new Map<string, { name: string; quantity: number; revenuePaise: number }>();
  for (const o of counted)
    for (const item of o.items) {
      const p = products.get(String(item.product)) ?? { name: item.name, quantity: 0, revenuePaise: 0 };
      p.quantity += item.quantity;
      p.revenuePaise += item.quantity * item.offerPricePaise;
      products.set(String(item.product), p);
    }
  const cod = counted.filter((o) => o.paymentType === 'COD');
  const online = counted.filter((o) => o.paymentType === 'Online');
  const cancelled = inRange.filter((o) => o.status === 'Cancelled');
  const refunded = inRange.filter((o) => o.paymentStatus === 'refunded');
  const discounted = counted.filter((o) => (o.discountPaise ?? 0) > 0);
  const waiting = (status: string) => orders.filter((o) => o.status === status).length;
  return {
    revenue: paise(counted) / 100,
    orders: counted.length,
    averageOrderValue: counted.length ? Math.round(paise(counted) / counted.length) / 100 : 0,
    topProducts: [...products.entries()]
      .sort(([, a], [, b]) => b.revenuePaise - a.revenuePaise || b.quantity - a.quantity)
      .slice(0, 10)
      .map(([productId, p]) => ({ productId, name: p.name, quantity: p.quantity, revenue: p.revenuePaise / 100 })),
    byPayment: { cod: { orders: cod.length, revenue: paise(cod) / 100 }, online: { orders: online.length, revenue: paise(online) / 100 } },
    discounts: { orders: discounted.length, amount: discounted.reduce((sum, o) => sum + o.discountPaise!, 0) / 100 },
    cancelled: { orders: cancelled.length, amount: paise(cancelled) / 100 },
    refunded: { orders: refunded.length, amount: paise(refunded) / 100 },
    waiting: { 'Order Placed': waiting('Order Placed'), Packing: waiting('Packing'), 'Out for delivery': waiting('Out for delivery') },
  };
}

async function statsOf(agent: Agent, from: string, to: string) {
  const res = await agent.get(`/api/seller/stats?from=${from}&to=${to}`).expect(200);
  return res.body;
}

function expectMatch(stats: Record<string, unknown>, expected: Awaited<ReturnType<typeof fromOrders>>) {
  expect(stats).toMatchObject(expected);
  expect((stats.topProducts as unknown[]).length).toBe(expected.topProducts.length);
}

describe('the seller’s figures: kept by the order events, read by day', () => {
  let t: TestApp;
  let rzp: FakeRazorpay;
  let a: Agent;
  let b: Agent;
  let sellerAgent: Agent;
  let addressA: string;
  let addressB: string;
  let apple: string;
  let milk: string;
  let bread: string;
  let events: EventEmitter2;
  const seen: Record<string, object[]> = {};

  beforeAll(async () => {
    rzp = await new FakeRazorpay().start();
    t = await createTestApp({ ...AUTH_ENV, ...rzp.env() });
    a = (await shopper(t, 'Asha')).agent;
    b = (await shopper(t, 'Bala')).agent;
    sellerAgent = await seller(t);
    addressA = (await a.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id;
    addressB = (
      await b
        .post('/api/Address/add')
        .send({ adress: { ...VALID_ADDRESS, firstName: '=HYPERLINK("http://evil.example","Click")', lastName: '+Rao', pincode: '400001' } })
        .expect(201)
    ).body.address._id;
    [apple, milk, bread] = await insertProducts(t, [
      { name: 'Apple', offerPrice: 33.33, price: 40 },
      { name: 'Milk', offerPrice: 30, category: 'Dairy' },
      { name: 'Bread, "brown"', offerPrice: 45.5, category: 'Bakery' },
    ]);
    events = t.app.get((await import('@nestjs/event-emitter')).EventEmitter2);
    for (const name of [ORDER_PLACED, ORDER_STATUS_CHANGED, ORDER_REFUNDED]) {
      seen[name] = [];
      events.on(name, (event: object) => void seen[name].push(event));
    }
  });
  afterAll(async () => {
    await t.close();
    await rzp.stop();
  });

  const place = (agent: Agent, address: string, items: { product: string; quantity: number }[]) =>
    agent.post('/api/placeorders').set('Idempotency-Key', randomUUID()).send({ address, items }).expect(201);

  const payOnline = async (agent: Agent, address: string, items: { product: string; quantity: number }[]) => {
    const order = (await agent.post('/api/paymentonline').send({ address, items }).expect(201)).body.order as { id: string };
    const { success } = rzp.pay(order.id);
    return (await agent.post('/api/payment-success').send(success).expect(201)).body.order as { _id: string };
  };

  it('starts at zero, with every day of the range listed', async () => {
    const stats = await statsOf(sellerAgent, today(), today());
    expect(stats).toMatchObject({
      success: true,
      from: today(),
      to: today(),
      timezone: TZ,
      today: today(),
      revenue: 0,
      orders: 0,
      averageOrderValue: 0,
      byDay: [{ date: today(), revenue: 0, orders: 0 }],
      topProducts: [],
      waiting: { 'Order Placed': 0, Packing: 0, 'Out for delivery': 0 },
    });
    const month = (await sellerAgent.get('/api/seller/stats').expect(200)).body;
    expect(month.byDay).toHaveLength(30);
    expect(month.to).toBe(today());
    expect((await sellerAgent.get('/api/seller/stats?days=7').expect(200)).body.byDay).toHaveLength(7);
  });

  it('matches the orders after placing, moving, cancelling and refunding them (COD and online)', async () => {
    await place(a, addressA, [
      { product: apple, quantity: 3 },
      { product: milk, quantity: 1 },
    ]);
    await place(b, addressB, [{ product: bread, quantity: 2 }]);
    const packed = (await place(a, addressA, [{ product: milk, quantity: 4 }])).body.order._id;
    const byShop = (await place(b, addressB, [{ product: apple, quantity: 9 }])).body.order._id;
    const byShopper = (await place(a, addressA, [{ product: bread, quantity: 1 }])).body.order._id;
    expectMatch(await statsOf(sellerAgent, today(), today()), await fromOrders(t, today(), today()));

    await sellerAgent.patch(`/api/orders/${packed}/status`).send({ status: 'Packing' }).expect(200);
    await sellerAgent.patch(`/api/orders/${packed}/status`).send({ status: 'Out for delivery' }).expect(200);
    await sellerAgent.patch(`/api/orders/${byShop}/status`).send({ status: 'Cancelled' }).expect(200);
    await a.post(`/api/orders/${byShopper}/cancel`).expect(200);
    const paid = await payOnline(a, addressA, [{ product: milk, quantity: 2 }]);
    const refundedOrder = await payOnline(b, addressB, [{ product: apple, quantity: 1 }]);
    // The seller cancels a paid online order: the shop refunds it through Razorpay (processed at once here).
    await sellerAgent.patch(`/api/orders/${refundedOrder._id}/status`).send({ status: 'Cancelled' }).expect(200);
    const stored = await t.connection.collection('orders').findOne({ _id: new Types.ObjectId(refundedOrder._id) });
    expect(stored).toMatchObject({ status: 'Cancelled', paymentStatus: 'refunded' });

    const stats = await statsOf(sellerAgent, today(), today());
    const expected = await fromOrders(t, today(), today());
    expectMatch(stats, expected);
    expect(expected).toMatchObject({ orders: 4, cancelled: { orders: 3 }, refunded: { orders: 1 }, byPayment: { online: { orders: 1 } } });
    expect(expected.waiting).toEqual({ 'Order Placed': 3, Packing: 0, 'Out for delivery': 1 });
    expect(stats.byDay).toEqual([{ date: today(), revenue: expected.revenue, orders: 4 }]);
    expect(stats.topProducts[0]).toMatchObject({ productId: milk, name: 'Milk', quantity: 7 });
    expect(paid._id).toBeTruthy();
    // The dashboard's "today": the day's cancellations and refunds, with their amounts.
    const day = (await sellerAgent.get('/api/seller/stats?days=1').expect(200)).body;
    expect({ cancelled: day.cancelled, refunded: day.refunded }).toEqual({ cancelled: expected.cancelled, refunded: expected.refunded });
    expect(day.cancelled.amount).toBeGreaterThan(0);
  });

  it('counts a retried or replayed event once', async () => {
    const before = await statsOf(sellerAgent, today(), today());
    for (const name of [ORDER_PLACED, ORDER_STATUS_CHANGED, ORDER_REFUNDED]) {
      expect(seen[name].length).toBeGreaterThan(0);
      // Every event again, twice, some of them at the same time.
      for (const event of [...seen[name]]) await Promise.all([events.emitAsync(name, event), events.emitAsync(name, event)]);
    }
    expect(await statsOf(sellerAgent, today(), today())).toEqual(before);
    expectMatch(before, await fromOrders(t, today(), today()));
  });

  it('recomputes the same figures from the orders (npm run stats:rebuild)', async () => {
    const before = await statsOf(sellerAgent, today(), today());
    await t.connection.collection('stats_rollups').deleteMany({});
    const stats = t.app.get((await import('../src/stats/stats.service')).StatsService);
    const result = await stats.rebuild();
    expect(result).toMatchObject({ orders: 7 });
    expect(await statsOf(sellerAgent, today(), today())).toEqual(before);
    // Its markers: an event replayed after the rebuild changes nothing either.
    for (const event of [...seen[ORDER_PLACED]]) await events.emitAsync(ORDER_PLACED, event);
    expect(await statsOf(sellerAgent, today(), today())).toEqual(before);
  });

  it('splits days at midnight in Asia/Kolkata (18:30 UTC), live and in the rebuild', async () => {
    const orders = t.connection.collection('orders');
    const product = new Types.ObjectId(apple);
    const at = (iso: string, amountPaise: number, status = 'Order Placed') => ({
      _id: new Types.ObjectId(),
      user: new Types.ObjectId(),
      items: [{ product, quantity: 1, name: 'Apple', category: 'Fruits', image: '', offerPrice: amountPaise / 100, offerPricePaise: amountPaise }],
      address: { _id: new Types.ObjectId(), ...VALID_ADDRESS },
      amount: amountPaise / 100,
      amountPaise,
      subtotalPaise: amountPaise,
      taxPaise: 0,
      paymentType: 'COD',
      paymentStatus: 'pending',
      isPaid: false,
      status,
      statusHistory: [{ status: 'Order Placed', at: new Date(iso) }],
      idempotencyKey: randomUUID(),
      requestHash: 'test',
      orderNumber: `GC-${Math.floor(Math.random() * 1e6)}`,
      createdAt: new Date(iso),
      updatedAt: new Date(iso),
    });
    const lastOfTenth = at('2026-03-10T18:29:59.999Z', 10_000); // 23:59:59.999 IST on the 10th
    const firstOfEleventh = at('2026-03-10T18:30:00.000Z', 20_000); // 00:00 IST on the 11th
    const firstOfTenth = at('2026-03-09T18:30:00.000Z', 40_000); // 00:00 IST on the 10th
    await orders.insertMany([lastOfTenth, firstOfEleventh, firstOfTenth]);
    // Live: the events of orders written around the app.
    for (const order of [lastOfTenth, firstOfEleventh, firstOfTenth]) {
      await events.emitAsync(ORDER_PLACED, { orderId: String(order._id), userId: String(order.user), order, paymentType: 'COD' });
    }
    const days = async () => (await statsOf(sellerAgent, '2026-03-09', '2026-03-11')).byDay;
    const expected = [
      { date: '2026-03-09', revenue: 0, orders: 0 },
      { date: '2026-03-10', revenue: 500, orders: 2 },
      { date: '2026-03-11', revenue: 200, orders: 1 },
    ];
    expect(await days()).toEqual(expected);
    expect(await statsOf(sellerAgent, '2026-03-11', '2026-03-11')).toMatchObject({ revenue: 200, orders: 1, averageOrderValue: 200 });
    await t.app.get((await import('../src/stats/stats.service')).StatsService).rebuild();
    expect(await days()).toEqual(expected);
    expectMatch(await statsOf(sellerAgent, '2026-03-09', '2026-03-11'), await fromOrders(t, '2026-03-09', '2026-03-11'));
  });

  it('top products stay ranked by product, each with the pack sizes sold (units and revenue per label), live and in the rebuild', async () => {
    const day = '2026-03-05';
    const atta = new Types.ObjectId();
    const [fiveKg, oneKg] = [new Types.ObjectId(), new Types.ObjectId()];
    const line = (quantity: number, offerPricePaise: number, size?: { variant: Types.ObjectId; label: string }) => ({
      product: atta,
      quantity,
      name: 'Whole Wheat Atta',
      category: 'Grains',
      image: '',
      offerPrice: offerPricePaise / 100,
      offerPricePaise,
      ...(size ? { variant: String(size.variant), label: size.label } : {}),
    });
    const stored = (items: ReturnType<typeof line>[]) => {
      const subtotalPaise = items.reduce((sum, item) => sum + item.quantity * item.offerPricePaise, 0);
      return {
        _id: new Types.ObjectId(),
        user: new Types.ObjectId(),
        items,
        address: { _id: new Types.ObjectId(), ...VALID_ADDRESS },
        amount: subtotalPaise / 100,
        amountPaise: subtotalPaise,
        subtotalPaise,
        taxPaise: 0,
        paymentType: 'COD',
        paymentStatus: 'pending',
        isPaid: false,
        status: 'Order Placed',
        statusHistory: [{ status: 'Order Placed', at: new Date(`${day}T06:00:00.000Z`) }],
        idempotencyKey: randomUUID(),
        requestHash: 'test',
        orderNumber: `GC-${Math.floor(Math.random() * 1e6)}`,
        createdAt: new Date(`${day}T06:00:00.000Z`),
        updatedAt: new Date(`${day}T06:00:00.000Z`),
      };
    };
    // An order from before pack sizes (no label) counts in the product only.
    const sized = [
      stored([line(2, 24_900, { variant: fiveKg, label: '5 kg' }), line(3, 5_400, { variant: oneKg, label: '1 kg' })]),
      stored([line(1, 5_400, { variant: oneKg, label: '1 kg' }), line(1, 25_000)]),
    ];
    await t.connection.collection('orders').insertMany(sized);
    for (const order of sized) {
      await events.emitAsync(ORDER_PLACED, { orderId: String(order._id), userId: String(order.user), order, paymentType: 'COD' });
    }
    const expected = [
      {
        productId: String(atta),
        name: 'Whole Wheat Atta',
        quantity: 7,
        revenue: 964,
        sizes: [
          { label: '5 kg', quantity: 2, revenue: 498 },
          { label: '1 kg', quantity: 4, revenue: 216 },
        ],
      },
    ];
    expect((await statsOf(sellerAgent, day, day)).topProducts).toEqual(expected);
    await t.app.get((await import('../src/stats/stats.service')).StatsService).rebuild();
    expect((await statsOf(sellerAgent, day, day)).topProducts).toEqual(expected);
    expectMatch(await statsOf(sellerAgent, day, day), await fromOrders(t, day, day));
  });

  it('counts coupon discounts: revenue is what the orders charge, the discount given is summed, a cancel takes both out; live and in the rebuild', async () => {
    const day = '2026-03-06';
    const product = new Types.ObjectId(apple);
    // As placing with a coupon stores an order (the one money rule): 3 × ₹33.33, FLAT50 or 12.5% off, or none.
    const stored = (coupon?: { code: string; kind: 'flat' | 'percent'; value: number }) => {
      const price = priceCart([{ offerPrice: 33.33, quantity: 3 }], null, coupon ?? null);
      const at = new Date(`${day}T06:00:00.000Z`);
      return {
        _id: new Types.ObjectId(),
        user: new Types.ObjectId(),
        items: [{ product, quantity: 3, name: 'Apple', category: 'Fruits', image: '', offerPrice: 33.33, offerPricePaise: 3333 }],
        address: { _id: new Types.ObjectId(), ...VALID_ADDRESS },
        amount: price.totalPaise / 100,
        amountPaise: price.totalPaise,
        subtotalPaise: price.subtotalPaise,
        discountPaise: price.discountPaise,
        ...(coupon ? { coupon: { code: coupon.code, couponId: new Types.ObjectId(), discountPaise: price.discountPaise } } : {}),
        taxPaise: price.taxPaise,
        paymentType: 'COD',
        paymentStatus: 'pending',
        isPaid: false,
        status: 'Order Placed',
        statusHistory: [{ status: 'Order Placed', at }],
        idempotencyKey: randomUUID(),
        requestHash: 'test',
        orderNumber: `GC-${Math.floor(Math.random() * 1e6)}`,
        createdAt: at,
        updatedAt: at,
      };
    };
    const flat = stored({ code: 'FLAT50', kind: 'flat', value: 50 });
    const percent = stored({ code: 'SAVE12', kind: 'percent', value: 12.5 });
    const none = stored();
    // ₹99.99 − ₹50.00 + 2% of ₹49.99 (₹0.99) = ₹50.98; ₹99.99 − ₹12.49 + 2% of ₹87.50 (₹1.75) = ₹89.25; ₹99.99 + ₹1.99 = ₹101.98.
    expect([flat, percent, none].map((o) => [o.discountPaise, o.taxPaise, o.amountPaise])).toEqual([
      [5000, 99, 5098],
      [1249, 175, 8925],
      [0, 199, 10198],
    ]);
    await t.connection.collection('orders').insertMany([flat, percent, none]);
    for (const order of [flat, percent, none]) {
      await events.emitAsync(ORDER_PLACED, { orderId: String(order._id), userId: String(order.user), order, paymentType: 'COD' });
    }
    const before = await statsOf(sellerAgent, day, day);
    expect(before).toMatchObject({ orders: 3, revenue: 242.21, discounts: { orders: 2, amount: 62.49 } });
    expectMatch(before, await fromOrders(t, day, day));

    // The seller cancels the FLAT50 order: its discount leaves with its revenue.
    await sellerAgent.patch(`/api/orders/${flat._id}/status`).send({ status: 'Cancelled' }).expect(200);
    const after = await statsOf(sellerAgent, day, day);
    expect(after).toMatchObject({ orders: 2, revenue: 191.23, discounts: { orders: 1, amount: 12.49 }, cancelled: { orders: 1, amount: 50.98 } });
    expectMatch(after, await fromOrders(t, day, day));
    await t.app.get((await import('../src/stats/stats.service')).StatsService).rebuild();
    expect(await statsOf(sellerAgent, day, day)).toEqual(after);

    // (The CSV lists orders through the seller's order list, which orders written around the app are not in: orders-csv.spec covers its coupon columns.)
  });

  it('refuses shoppers and strangers, and bad ranges with a clear 400', async () => {
    await a.get('/api/seller/stats').expect(403);
    await request(t.app.getHttpServer()).get('/api/seller/stats').expect(401);
    await a.get('/api/seller/orders.csv').expect(403);
    const bad = [
      'from=2026-13-01&to=2026-12-31',
      'from=2026-02-30&to=2026-03-01',
      'from=26-1-1&to=2026-01-02',
      'from=2026-03-02&to=2026-03-01',
      'from=2025-01-01&to=2026-01-02',
      'from=2026-01-01',
      'to=2026-01-01',
      'days=0',
      'days=367',
      'days=abc',
      'days=7&from=2026-01-01&to=2026-01-02',
      'from[$gt]=&to=2026-01-01',
      'from=2026-01-01&to=2026-01-01&limit=5',
    ];
    for (const query of bad) {
      const res = await sellerAgent.get(`/api/seller/stats?${query}`);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(res.body).toMatchObject({ success: false, message: expect.any(String) });
      expect((await sellerAgent.get(`/api/seller/orders.csv?${query}`)).status).toBe(400);
    }
    // 366 days is the longest range.
    const year = await sellerAgent.get('/api/seller/stats?from=2025-01-01&to=2026-01-01').expect(200);
    expect(year.body.byDay).toHaveLength(366);
  });

  it('exports the orders of a range as CSV, safe against spreadsheet formulas', async () => {
    const res = await sellerAgent.get(`/api/seller/orders.csv?from=${today()}&to=${today()}`).buffer(true).parse(textParser).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="greencart-orders-${today()}.csv"`);
    const text = res.body as string;
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual([
      'Order number',
      'Date',
      'Time',
      'Shopper',
      'Phone',
      'Pincode',
      'Lines',
      'Subtotal',
      'Discount',
      'Coupon',
      'Tax',
      'Delivery fee',
      'Amount',
      'Payment',
      'Payment status',
      'Status',
      'Refunded',
      'Placed amount',
      'Delivery slot',
      'Tax mode',
      'GST included',
    ]);
    const stored = ((await t.connection.collection('orders').find({}).toArray()) as unknown as (StoredOrder & Record<string, never>)[])
      .filter((o) => istDay(o.createdAt) === today())
      .sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime() || String(x._id).localeCompare(String(y._id)));
    expect(rows.length - 1).toBe(stored.length);
    for (const [i, order] of stored.entries()) {
      const row = rows[i + 1];
      const o = order as unknown as Record<string, unknown> &
        StoredOrder & { address: typeof VALID_ADDRESS; orderNumber: string; subtotalPaise: number; taxPaise: number };
      expect(row[0]).toBe(o.orderNumber);
      expect(row[1]).toBe(today());
      expect(row[2]).toMatch(/^\d\d:\d\d$/);
      expect(row[7]).toBe((o.subtotalPaise / 100).toFixed(2));
      // No coupon on these orders: no discount, no code.
      expect(row.slice(8, 10)).toEqual(['0.00', '']);
      expect(row[10]).toBe((o.taxPaise / 100).toFixed(2));
      expect(row[11]).toBe('0.00');
      expect(row[12]).toBe((o.amountPaise / 100).toFixed(2));
      expect(row[13]).toBe(o.paymentType);
      expect(row[14]).toBe(o.paymentStatus);
      expect(row[15]).toBe(o.status);
      expect(row[6]).toBe(o.items.map((item) => `${item.name} × ${item.quantity} @ ₹${(item.offerPricePaise / 100).toFixed(2)}`).join('; '));
    }
    const asha = rows.find((row) => row[3] === 'Asha Rao')!;
    expect(asha.slice(4, 6)).toEqual(['(+91) 98765 43210', '560001']);
    // The formula a shopper typed as their name stays text: a leading apostrophe, quotes kept.
    const evil = rows.find((row) => row[3].includes('HYPERLINK'))!;
    expect(evil[3]).toBe(`'=HYPERLINK("http://evil.example","Click") +Rao`);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"") +Rao"`);
    expect(rows.some((row) => row[6].includes('Bread, "brown" × 2'))).toBe(true);
    // Without a range: today's orders.
    const todays = await sellerAgent.get('/api/seller/orders.csv').buffer(true).parse(textParser).expect(200);
    expect(todays.body).toBe(text);
    // A day without orders: the header alone.
    const empty = await sellerAgent.get('/api/seller/orders.csv?from=2020-01-01&to=2020-01-01').buffer(true).parse(textParser).expect(200);
    expect(parseCsv((empty.body as string).slice(1))).toHaveLength(1);
  });

  it('issues a tax invoice to the seller and the order’s shopper, numbered in sequence, and to nobody else', async () => {
    const first = (await place(a, addressA, [{ product: apple, quantity: 2 }])).body.order._id;
    const second = (await place(a, addressA, [{ product: milk, quantity: 1 }])).body.order._id;
    const own = await a.get(`/api/orders/${first}/invoice.pdf`).buffer(true).parse(binaryParser).expect(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    const pdf = own.body as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const number = /(?:Tax invoice|Bill of supply) (GC\/\d\d-\d\d\/\d{6})/.exec(pdf.toString('latin1'))?.[1];
    expect(number).toBeDefined();
    expect(own.headers['content-disposition']).toBe(`attachment; filename="invoice-${number!.replace(/\//g, '-')}.pdf"`);
    // ₹ and the text are drawn with the embedded Noto Sans (pdfkit's own fonts have no ₹).
    expect(pdf.toString('latin1')).toMatch(/\/FontName \/[A-Z]{6}\+NotoSans/);

    const bySeller = await sellerAgent.get(`/api/seller/orders/${first}/invoice.pdf`).buffer(true).parse(binaryParser).expect(200);
    // No GSTIN in this suite's settings: a bill of supply (invoices.e2e-spec covers tax invoices).
    expect((bySeller.body as Buffer).toString('latin1')).toContain(`Bill of supply ${number}`);
    const next = await sellerAgent.get(`/api/seller/orders/${second}/invoice.pdf`).buffer(true).parse(binaryParser).expect(200);
    const nextNumber = /(?:Tax invoice|Bill of supply) (GC\/\d\d-\d\d\/\d{6})/.exec((next.body as Buffer).toString('latin1'))![1];
    expect(Number(nextNumber.slice(-6))).toBe(Number(number!.slice(-6)) + 1);

    // Another shopper, a stranger, a shopper on the seller's address, an unknown or malformed id.
    expect((await b.get(`/api/orders/${first}/invoice.pdf`).expect(404)).body).toMatchObject({ success: false, message: 'Order not found' });
    await request(t.app.getHttpServer()).get(`/api/orders/${first}/invoice.pdf`).expect(401);
    await a.get(`/api/seller/orders/${first}/invoice.pdf`).expect(403);
    await sellerAgent.get(`/api/seller/orders/${new Types.ObjectId().toHexString()}/invoice.pdf`).expect(404);
    await sellerAgent.get('/api/seller/orders/nope/invoice.pdf').expect(404);
    // An order cancelled before anyone asked for its invoice has none.
    const cancelled = (await place(a, addressA, [{ product: apple, quantity: 1 }])).body.order._id;
    await a.post(`/api/orders/${cancelled}/cancel`).expect(200);
    expect((await a.get(`/api/orders/${cancelled}/invoice.pdf`).expect(409)).body.message).toMatch(/cancelled/);
  });
});

(process.env.TEST_REDIS_URL ? describe : describe.skip)('the figures on two instances sharing the database and Redis', () => {
  // Both instances listen for each other's changes before the first order.
  const apps = twoInstances('stats', process.env.TEST_REDIS_URL, {}, { listening: ['stats', 'catalogue', 'orders', 'order-lists'] });
  let one: TestApp;
  let two: TestApp;
  let products: string[];

  beforeAll(async () => {
    ({ one, two } = apps);
    products = await insertProducts(one, [
      { name: 'Apple', offerPrice: 33.33 },
      { name: 'Milk', offerPrice: 30, category: 'Dairy' },
      { name: 'Rice', offerPrice: 72.5, category: 'Grains' },
    ]);
  });

  async function newShopper(i: number) {
    const email = `stats-${i}-${randomBytes(4).toString('hex')}@example.com`;
    const res = await request(one.app.getHttpServer()).post('/api/register').send({ firstName: 'Asha', email, password: 'correct-horse-battery' }).expect(201);
    const cookie = (res.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
    const address = (await request(one.app.getHttpServer()).post('/api/Address/add').set('Cookie', cookie).send({ adress: VALID_ADDRESS }).expect(201)).body
      .address._id as string;
    return { cookie, address };
  }

  it('many orders placed and cancelled at once on both instances add up exactly, and both answer the same', async () => {
    const shoppers = await Promise.all(Array.from({ length: 12 }, (_, i) => newShopper(i)));
    const placed = await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
        const s = shoppers[i % shoppers.length];
        const app = i % 2 ? two : one;
        return request(app.app.getHttpServer())
          .post('/api/placeorders')
          .set('Cookie', s.cookie)
          .set('Idempotency-Key', randomUUID())
          .send({
            address: s.address,
            items: [
              { product: products[i % 3], quantity: 1 + (i % 4) },
              { product: products[(i + 1) % 3], quantity: 1 },
            ],
          })
          .expect(201)
          .then((res) => res.body.order._id as string);
      }),
    );
    const sellerOne = await seller(one);
    const sellerTwo = await seller(two);
    // A third of them cancelled, a third packed, at once, half through each instance.
    await Promise.all(
      placed.map((id, i) => {
        if (i % 3 === 2) return null;
        const agent = i % 2 ? sellerTwo : sellerOne;
        return agent
          .patch(`/api/orders/${id}/status`)
          .send({ status: i % 3 === 0 ? 'Cancelled' : 'Packing' })
          .expect(200);
      }),
    );
    const expected = await fromOrders(one, today(), today());
    expect(expected).toMatchObject({ orders: 40, cancelled: { orders: 20 }, waiting: { 'Order Placed': 20, Packing: 20 } });
    // Each instance counts its own events in the background: both agree within a moment.
    let fromOne: Record<string, unknown> = {};
    let fromTwo: Record<string, unknown> = {};
    await eventually(
      async () => {
        [fromOne, fromTwo] = [await statsOf(sellerOne, today(), today()), await statsOf(sellerTwo, today(), today())];
        return fromOne.orders === expected.orders && JSON.stringify(fromOne) === JSON.stringify(fromTwo) && fromOne.revenue === expected.revenue;
      },
      'both instances’ figures agree with the orders',
      30_000,
      // The assertions below then say how they differ.
    ).catch(() => undefined);
    expectMatch(fromOne, expected);
    expect(fromTwo).toEqual(fromOne);

    // Invoices asked for at once on both instances (twice each): one number per order, none skipped.
    const open = placed.filter((_, i) => i % 3 !== 0).slice(0, 20);
    const numbers = await Promise.all(
      [...open, ...open].map((id, i) =>
        (i % 2 ? sellerTwo : sellerOne)
          .get(`/api/seller/orders/${id}/invoice.pdf`)
          .buffer(true)
          .parse(binaryParser)
          .expect(200)
          .then((res) => ({ id, number: /(?:Tax invoice|Bill of supply) (GC\/\d\d-\d\d\/\d{6})/.exec((res.body as Buffer).toString('latin1'))![1] })),
      ),
    );
    const byOrder = new Map<string, Set<string>>();
    for (const { id, number } of numbers) byOrder.set(id, (byOrder.get(id) ?? new Set()).add(number));
    expect([...byOrder.values()].every((set) => set.size === 1)).toBe(true);
    const seqs = [...byOrder.values()].map((set) => Number([...set][0].slice(-6))).sort((x, y) => x - y);
    expect(seqs).toEqual(Array.from({ length: open.length }, (_, i) => i + 1));
  }, 120_000);
});

function textParser(res: request.Response, done: (error: Error | null, body: string) => void) {
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => (text += chunk));
  res.on('end', () => done(null, text));
}

function binaryParser(res: request.Response, done: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

/** RFC 4180: quoted cells with doubled quotes, CRLF between rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

describe('the seller’s figures when the shop stops', () => {
  it('an order placed just before the shop stops is in its figures when it starts again (what waits to be counted is written on the way out)', async () => {
    const first = await createTestApp(AUTH_ENV);
    const database = first.connection.name;
    let again: TestApp | undefined;
    try {
      const asha = (await shopper(first, 'Asha')).agent;
      const address = (await asha.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id;
      const [dal] = await insertProducts(first, [{ name: 'Toor dal 1 kg', offerPrice: 160, category: 'Grocery' }]);
      await asha
        .post('/api/placeorders')
        .set('Idempotency-Key', randomUUID())
        .send({ address, items: [{ product: dal, quantity: 2 }] })
        .expect(201);
      // Stopped at once, the database kept: the order's figures were still waiting to be written together with others.
      await first.app.close();
      again = await createTestApp(AUTH_ENV, { database });
      const figures = await statsOf(await seller(again), today(), today());
      expect(figures).toMatchObject({ orders: 1, revenue: 326.4 }); // ₹320 and the 2% tax
      expectMatch(figures, await fromOrders(again, today(), today()));
    } finally {
      await (again ?? first).close();
    }
  });
});
