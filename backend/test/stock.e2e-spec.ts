import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { AUTH_ENV, insertProducts, quickShoppers, seller, shopper, VALID_ADDRESS, type Agent } from './support/actors';
import { FakeRazorpay } from './support/fake-razorpay';
import { createTestApp, type TestApp } from './support/test-app';
import { twoInstances } from './support/two-instances';
import { eventually, past } from './support/waiting';

/** Counted stock (issue 19): taking units is atomic, checkouts hold them, cancels give them back. */

interface Buyer {
  agent: Agent;
  address: string;
}

async function buyer(t: TestApp, name: string): Promise<Buyer> {
  const { agent } = await shopper(t, name);
  return withAddress(agent);
}

async function withAddress(agent: Agent): Promise<Buyer> {
  const address = (await agent.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id as string;
  return { agent, address };
}

/** Many shoppers with an address each, signed in without argon2 (see quickShoppers). */
async function racers(t: TestApp, count: number): Promise<Buyer[]> {
  return Promise.all((await quickShoppers(t, count)).map(({ agent }) => withAddress(agent)));
}

const product = async (t: TestApp, id: string) =>
  (await t.http().get(`/api/products/${id}`).expect(200)).body.product as { stock: number | null; inStock: boolean };
const stored = async (t: TestApp, id: string) => t.connection.collection('products').findOne({ _id: new Types.ObjectId(id) });
const orderCount = (t: TestApp, productId: string) => t.connection.collection('orders').countDocuments({ 'items.product': new Types.ObjectId(productId) });
/** Each call a checkout attempt of its own (the same order again within 10 s without a key would be the first one replayed). */
const place = (b: Buyer, lines: [string, number][]) =>
  b.agent
    .post('/api/placeorders')
    .set('Idempotency-Key', randomUUID())
    .send({ address: b.address, items: lines.map(([product, quantity]) => ({ product, quantity })) });

describe('counted stock on one instance', () => {
  let t: TestApp;
  let sellerAgent: Agent;
  let asha: Buyer;
  let tomatoes: string;
  let onions: string;
  let rice: string;

  beforeAll(async () => {
    t = await createTestApp(AUTH_ENV);
    sellerAgent = await seller(t);
    asha = await buyer(t, 'Asha');
    [tomatoes, onions, rice] = await insertProducts(t, [
      { name: 'Desi Tomatoes', offerPrice: 40, category: 'Vegetables' },
      { name: 'Red Onions', offerPrice: 35, category: 'Vegetables' },
      { name: 'Basmati Rice', offerPrice: 120, category: 'Grains' },
    ]);
    // Written around the app: read them in.
    await t.app.get((await import('../src/products/catalogue')).Catalogue).reload();
  });
  afterAll(() => t.close());

  const setStock = (body: object) => sellerAgent.post('/api/changeStock').send(body);

  it('is off by default: products are not counted (stock null) and order as before', async () => {
    expect(await product(t, rice)).toMatchObject({ stock: null, inStock: true });
    await place(asha, [[rice, 50]]).expect(201);
    expect(await product(t, rice)).toMatchObject({ stock: null, inStock: true });
  });

  it('sets a count with { id, stock } and keeps the spec body { id, inStock } working', async () => {
    const res = await setStock({ id: tomatoes, stock: 12 }).expect(200);
    expect(res.body).toMatchObject({ success: true, message: 'Stock updated', product: { _id: tomatoes, stock: 12, inStock: true } });
    expect(await product(t, tomatoes)).toMatchObject({ stock: 12, inStock: true });
    await setStock({ id: tomatoes, inStock: false }).expect(200);
    expect(await product(t, tomatoes)).toMatchObject({ stock: 12, inStock: false });
    // Unavailable whatever its count.
    expect((await place(asha, [[tomatoes, 1]]).expect(400)).body.message).toBe('Desi Tomatoes is out of stock');
    await setStock({ id: tomatoes, inStock: true }).expect(200);
    const list = (await t.http().get('/api/productList').expect(200)).body.productsdata as { _id: string; stock: number | null }[];
    expect(list.find((p) => p._id === tomatoes)?.stock).toBe(12);
  });

  it.each<[string, object, RegExp]>([
    ['a negative count', { stock: -1 }, /stock must be a whole number from 0 to 100000/],
    ['a fractional count', { stock: 2.5 }, /stock must be a whole number from 0 to 100000/],
    ['a huge count', { stock: 100_001 }, /stock must be a whole number from 0 to 100000/],
    ['a count as text', { stock: '5' }, /stock must be a whole number from 0 to 100000/],
    ['an operator', { stock: { $inc: 5 } }, /stock must be a whole number/],
    ['a negative threshold', { lowStockThreshold: -2 }, /lowStockThreshold must be a whole number/],
  ])('refuses %s with 400 and changes nothing', async (_label, body, message) => {
    const before = await stored(t, tomatoes);
    const res = await setStock({ id: tomatoes, ...body }).expect(400);
    expect(res.body).toMatchObject({ success: false, message: expect.stringMatching(message) });
    const after = await stored(t, tomatoes);
    expect(after?.stock).toBe(before?.stock);
    expect(after?.stockVersion).toBe(before?.stockVersion);
  });

  it('takes the units of a COD order and refuses more than is left with 409 naming the product, storing nothing', async () => {
    await setStock({ id: tomatoes, stock: 3 }).expect(200);
    await place(asha, [[tomatoes, 2]]).expect(201);
    expect(await product(t, tomatoes)).toMatchObject({ stock: 1, inStock: true });
    const before = await orderCount(t, tomatoes);
    const refused = await place(asha, [[tomatoes, 2]]).expect(409);
    expect(refused.body).toEqual({ success: false, message: 'Only 1 Desi Tomatoes left' });
    expect(await orderCount(t, tomatoes)).toBe(before);
    await place(asha, [[tomatoes, 1]]).expect(201);
    expect(await product(t, tomatoes)).toMatchObject({ stock: 0, inStock: false });
    expect((await place(asha, [[tomatoes, 1]]).expect(409)).body.message).toBe('Desi Tomatoes is sold out');
  });

  it('takes all the lines of an order or none', async () => {
    await setStock({ id: tomatoes, stock: 5 }).expect(200);
    await setStock({ id: onions, stock: 1 }).expect(200);
    const before = await t.connection.collection('orders').countDocuments();
    // Onions (the second product in id order or the first: either way) cannot be had: nothing is taken.
    const refused = await place(asha, [
      [tomatoes, 2],
      [onions, 2],
    ]).expect(409);
    expect(refused.body.message).toBe('Only 1 Red Onions left');
    expect(await t.connection.collection('orders').countDocuments()).toBe(before);
    expect(await product(t, tomatoes)).toMatchObject({ stock: 5 });
    expect(await product(t, onions)).toMatchObject({ stock: 1 });
    expect((await stored(t, tomatoes))?.holds).toEqual([]);
    await place(asha, [
      [tomatoes, 2],
      [onions, 1],
    ]).expect(201);
    expect(await product(t, tomatoes)).toMatchObject({ stock: 3 });
    expect(await product(t, onions)).toMatchObject({ stock: 0, inStock: false });
  });

  it('gives the units of a cancelled order back, once, whoever cancels and however often', async () => {
    await setStock({ id: tomatoes, stock: 4 }).expect(200);
    const order = (await place(asha, [[tomatoes, 3]]).expect(201)).body.order as { _id: string };
    expect(await product(t, tomatoes)).toMatchObject({ stock: 1 });
    await asha.agent.post(`/api/orders/${order._id}/cancel`).expect(200);
    expect(await product(t, tomatoes)).toMatchObject({ stock: 4 });
    // Retried: refused (already cancelled), and nothing given back twice.
    await asha.agent.post(`/api/orders/${order._id}/cancel`).expect(409);
    await sellerAgent.patch(`/api/orders/${order._id}/status`).send({ status: 'Cancelled' }).expect(409);
    expect(await product(t, tomatoes)).toMatchObject({ stock: 4 });
    // The seller cancels another one.
    const second = (await place(asha, [[tomatoes, 2]]).expect(201)).body.order as { _id: string };
    await sellerAgent.patch(`/api/orders/${second._id}/status`).send({ status: 'Cancelled' }).expect(200);
    expect(await product(t, tomatoes)).toMatchObject({ stock: 4 });
    // The give-back itself run again (as the sweep would after a stop) changes nothing.
    const stock = t.app.get((await import('../src/products/stock.service')).StockService);
    await stock.giveBack(second._id, [{ productId: tomatoes, quantity: 2 }]);
    expect(await product(t, tomatoes)).toMatchObject({ stock: 4 });
  });

  it('stops counting with stock: null', async () => {
    await setStock({ id: onions, stock: null }).expect(200);
    expect(await product(t, onions)).toMatchObject({ stock: null, inStock: true });
    await place(asha, [[onions, 30]]).expect(201);
  });

  it('accepts stock in productData of add and edit', async () => {
    const form = (data: object) =>
      sellerAgent.post('/api/addproduct').field('productData', JSON.stringify(data)).attach('image', PNG, { filename: 'p.png', contentType: 'image/png' });
    const added = (await form({ name: 'Counted Carrots', category: 'Vegetables', price: 30, offerPrice: 25, stock: 7, lowStockThreshold: 2 }).expect(201)).body
      .product as { _id: string; stock: number };
    expect(added.stock).toBe(7);
    const edited = await sellerAgent
      .patch(`/api/products/${added._id}`)
      .field('productData', JSON.stringify({ stock: 9 }))
      .expect(200);
    expect(edited.body.product).toMatchObject({ stock: 9 });
    await form({ name: 'Bad Count', category: 'Vegetables', price: 30, offerPrice: 25, stock: -3 }).expect(400);
    const stockView = (await sellerAgent.get('/api/seller/stock').expect(200)).body.stock as { productId: string; onHand: number; lowStockThreshold: number }[];
    expect(stockView.find((s) => s.productId === added._id)).toMatchObject({ onHand: 9, held: 0, available: 9, lowStockThreshold: 2, runningLow: false });
    await t.http().get('/api/seller/stock').expect(401);
    await asha.agent.get('/api/seller/stock').expect(403);
  });

  it('puts right a placing that stopped after taking units: given back when no order was stored', async () => {
    await setStock({ id: rice, stock: 10 }).expect(200);
    const ghost = new Types.ObjectId();
    // What a process that died between taking the units and storing the order leaves behind.
    await t.connection
      .collection('products')
      .updateOne(
        { _id: new Types.ObjectId(rice) },
        { $set: { stock: 7, holds: [{ ref: `order:${ghost.toHexString()}`, quantity: 3, taken: true, at: new Date(Date.now() - 120_000) }] } },
      );
    await t.app.get((await import('../src/products/catalogue')).Catalogue).reload();
    const orders = t.app.get((await import('../src/orders/order-status.service')).OrderStatusChanges);
    await orders.sweepStock();
    expect(await product(t, rice)).toMatchObject({ stock: 10 });
    expect((await stored(t, rice))?.holds).toEqual([]);
  });

  it('30 shoppers racing for 10 units: exactly 10 orders, count 0, out of stock', async () => {
    const [potatoes] = await insertProducts(t, [{ name: 'Potatoes', offerPrice: 30, category: 'Vegetables' }]);
    await t.app.get((await import('../src/products/catalogue')).Catalogue).reload();
    await setStock({ id: potatoes, stock: 10 }).expect(200);
    const buyers = await racers(t, 30);
    const answers = await Promise.all(buyers.map((b) => place(b, [[potatoes, 1]])));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(20);
    expect(await orderCount(t, potatoes)).toBe(10);
    expect(await product(t, potatoes)).toMatchObject({ stock: 0, inStock: false });
    expect((await stored(t, potatoes))?.stock).toBe(0);
  }, 90_000);
});

const redisUrl = process.env.TEST_REDIS_URL;
(redisUrl ? describe : describe.skip)('counted stock on two instances sharing the database and Redis', () => {
  // Both catalogues listen for each other's changes before anything changes.
  const apps = twoInstances('stock', redisUrl);
  let one: TestApp;
  let two: TestApp;

  beforeAll(() => {
    ({ one, two } = apps);
  });

  it('30 shoppers on two instances racing for 10 units: exactly 10 orders, count 0, and both instances say sold out', async () => {
    const [potatoes] = await insertProducts(one, [{ name: 'Potatoes', offerPrice: 30, category: 'Vegetables' }]);
    await one.app.get((await import('../src/products/catalogue')).Catalogue).announceReload();
    await (await seller(one)).post('/api/changeStock').send({ id: potatoes, stock: 10 }).expect(200);
    const buyers = [...(await racers(one, 15)), ...(await racers(two, 15))];
    const answers = await Promise.all(buyers.map((b) => place(b, [[potatoes, 1]])));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(10);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(20);
    expect(await orderCount(one, potatoes)).toBe(10);
    expect((await stored(one, potatoes))?.stock).toBe(0);
    // Each instance's catalogue hears of the other's sales within a moment.
    for (const [i, t] of [one, two].entries()) {
      let seen: unknown;
      await eventually(
        async () => {
          seen = await product(t, potatoes);
          return (seen as { stock: number }).stock === 0;
        },
        `instance ${i + 1}'s catalogue says 0 left`,
        30_000,
        () => seen,
      );
      expect(await product(t, potatoes)).toMatchObject({ stock: 0, inStock: false });
    }
  }, 90_000);
});

describe('units held by online checkouts', () => {
  let t: TestApp;
  let rzp: FakeRazorpay;
  let sellerAgent: Agent;
  let asha: Buyer;
  let bala: Buyer;
  let mangoes: string;

  beforeAll(async () => {
    rzp = await new FakeRazorpay().start();
    t = await createTestApp({ ...AUTH_ENV, ...rzp.env(), CHECKOUT_EXPIRY_SECONDS: '2' });
    sellerAgent = await seller(t);
    asha = await buyer(t, 'Asha');
    bala = await buyer(t, 'Bala');
    [mangoes] = await insertProducts(t, [{ name: 'Alphonso Mangoes', offerPrice: 250 }]);
    await t.app.get((await import('../src/products/catalogue')).Catalogue).reload();
  });
  afterAll(async () => {
    await t.close();
    await rzp.stop();
  });

  const checkout = async (b: Buyer, quantity: number) =>
    (
      await b.agent
        .post('/api/paymentonline')
        .send({ address: b.address, items: [{ product: mangoes, quantity }] })
        .expect(201)
    ).body.order as { id: string };
  const stockOf = async () => (await product(t, mangoes)).stock;
  /**
   * Time, not an event: an open checkout's hold lapses at its `until` (CHECKOUT_EXPIRY_SECONDS after it
   * opened: 2 s here, which leaves the other tests time to pay). Waits until that instant, read from the
   * stored hold, has passed; then for the event: the catalogue computing availability again (its timer
   * at the lapse) and showing `available`.
   */
  const holdLapsed = async (available: number) => {
    const open = ((await stored(t, mangoes))?.holds as { taken?: boolean; until?: Date }[]).filter((h) => !h.taken && h.until);
    expect(open.length).toBeGreaterThan(0);
    const until = Math.max(...open.map((h) => new Date(h.until!).getTime()));
    await past(until);
    let shown: number | null = null;
    await eventually(
      async () => (shown = await stockOf()) === available,
      `the catalogue shows ${available} available`,
      30_000,
      () => shown,
    );
  };

  it('holds the units while the checkout is open, and paying turns the hold into the order without counting twice', async () => {
    await sellerAgent.post('/api/changeStock').send({ id: mangoes, stock: 3 }).expect(200);
    const order = await checkout(asha, 2);
    expect(await stockOf()).toBe(1);
    const held = (await sellerAgent.get('/api/seller/stock').expect(200)).body.stock.find((s: { productId: string }) => s.productId === mangoes);
    expect(held).toMatchObject({ onHand: 3, held: 2, available: 1 });
    // Someone else cannot have the held units.
    expect((await place(bala, [[mangoes, 2]]).expect(409)).body.message).toBe('Only 1 Alphonso Mangoes left');
    const { success } = rzp.pay(order.id);
    await asha.agent.post('/api/payment-success').send(success).expect(201);
    expect(await stockOf()).toBe(1);
    expect((await stored(t, mangoes))?.stock).toBe(1);
    // The webhook for the same payment changes nothing.
    const hook = rzp.webhook('payment.captured', rzp.payments.get(success.razorpay_payment_id)!);
    await t.http().post('/api/payments/razorpay/webhook').set(hook.headers).send(hook.body).expect(200);
    expect((await stored(t, mangoes))?.stock).toBe(1);
  });

  it('refuses a checkout for more than is available with 409 and holds nothing', async () => {
    const res = await bala.agent
      .post('/api/paymentonline')
      .send({ address: bala.address, items: [{ product: mangoes, quantity: 5 }] })
      .expect(409);
    expect(res.body).toEqual({ success: false, message: 'Only 1 Alphonso Mangoes left' });
    // Nothing held (a sold order's marker may wait for the product's next write: it holds nothing).
    expect(((await stored(t, mangoes))?.holds as { taken?: boolean }[]).filter((h) => !h.taken)).toEqual([]);
  });

  it('a failed payment stops holding at once', async () => {
    await sellerAgent.post('/api/changeStock').send({ id: mangoes, stock: 2 }).expect(200);
    const order = await checkout(bala, 2);
    expect(await stockOf()).toBe(0);
    const { payment } = rzp.pay(order.id, { status: 'failed' });
    const hook = rzp.webhook('payment.failed', payment);
    await t.http().post('/api/payments/razorpay/webhook').set(hook.headers).send(hook.body).expect(200);
    expect(await stockOf()).toBe(2);
  });

  it('an expired checkout stops holding at its expiry (computed when read); a late capture still becomes an order while units are there', async () => {
    await sellerAgent.post('/api/changeStock').send({ id: mangoes, stock: 2 }).expect(200);
    const order = await checkout(asha, 1);
    expect(await stockOf()).toBe(1);
    await holdLapsed(2);
    expect(await stockOf()).toBe(2);
    const { success } = rzp.pay(order.id);
    await asha.agent.post('/api/payment-success').send(success).expect(201);
    expect(await stockOf()).toBe(1);
  });

  it('a capture after the hold lapsed and the units sold is refunded at once: no order, "sold out" to the shopper, once', async () => {
    await sellerAgent.post('/api/changeStock').send({ id: mangoes, stock: 1 }).expect(200);
    const order = await checkout(asha, 1);
    await holdLapsed(1);
    // Bala buys the last unit meanwhile.
    const bought = await place(bala, [[mangoes, 1]]);
    expect(bought.body).toMatchObject({ success: true, message: 'Order placed' });
    const ordersBefore = await orderCount(t, mangoes);
    const { success, payment } = rzp.pay(order.id);
    const res = await asha.agent.post('/api/payment-success').send(success).expect(409);
    expect(res.body).toEqual({ success: false, message: expect.stringMatching(/Alphonso Mangoes sold out while you were paying.*refunded/) });
    expect(await orderCount(t, mangoes)).toBe(ordersBefore);
    const refunds = [...rzp.refunds.values()].filter((r) => r.payment_id === payment.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0].amount).toBe(payment.amount);
    // The webhook and a retry say the same, and refund nothing more.
    const hook = rzp.webhook('payment.captured', payment);
    const webhook = await t.http().post('/api/payments/razorpay/webhook').set(hook.headers).send(hook.body).expect(200);
    expect(webhook.body.message).toMatch(/sold out/);
    await asha.agent.post('/api/payment-success').send(success).expect(409);
    expect([...rzp.refunds.values()].filter((r) => r.payment_id === payment.id)).toHaveLength(1);
    expect(await orderCount(t, mangoes)).toBe(ordersBefore);
    expect((await stored(t, mangoes))?.stock).toBe(0);
  });
});

/** The smallest valid PNG (1×1). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
