import { randomBytes, randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import request from 'supertest';
import { AUTH_ENV, insertProducts, seller, shopper, VALID_ADDRESS, type Agent } from './support/actors';
import { FakeRazorpay } from './support/fake-razorpay';
import { SmtpCatcher } from './support/smtp-catcher';
import { createTestApp, type TestApp } from './support/test-app';
import { twoInstances } from './support/two-instances';
import { eventually } from './support/waiting';

/** Packing changes (issue 39): the shop packs less or substitutes, and the difference goes back exactly once. */

interface Shop {
  t: () => TestApp;
  rzp: () => FakeRazorpay;
}

interface Placed {
  _id: string;
  amountPaise: number;
  payment?: { razorpayPaymentId: string };
}

/** The actors and products of a suite, made on one app. */
async function setUp(t: TestApp) {
  const { agent } = await shopper(t, 'Asha');
  const address = (await agent.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id as string;
  const shop = await seller(t);
  const [tomato, milk, bread, mango, saffron, gone] = await insertProducts(t, [
    { name: 'Desi Tomatoes', offerPrice: 100, category: 'Vegetables' },
    { name: 'Milk', offerPrice: 33.33, category: 'Dairy' },
    { name: 'Bread', offerPrice: 45, category: 'Bakery' },
    { name: 'Alphonso Mango', offerPrice: 90 },
    { name: 'Saffron', offerPrice: 150, category: 'Grains' },
    { name: 'Dragon Fruit', offerPrice: 20 },
  ]);
  for (const [id, stock] of [
    [tomato, 50],
    [milk, 50],
    [bread, 50],
    [mango, 5],
    [saffron, 5],
    [gone, 0],
  ] as const)
    await shop.post('/api/changeStock').send({ id, stock }).expect(200);
  return { agent, address, shop, products: { tomato, milk, bread, mango, saffron, gone } };
}

type Actors = Awaited<ReturnType<typeof setUp>>;

function helpers({ t, rzp }: Shop, a: () => Actors) {
  const placeOnline = async (lines: [string, number][], substitutions?: 'refund' | 'similar', agent: Agent = a().agent): Promise<Placed> => {
    const body = { address: a().address, items: lines.map(([product, quantity]) => ({ product, quantity })), ...(substitutions ? { substitutions } : {}) };
    const order = (await agent.post('/api/paymentonline').send(body).expect(201)).body.order as { id: string };
    return (await agent.post('/api/payment-success').send(rzp().pay(order.id).success).expect(201)).body.order;
  };
  const placeCod = async (lines: [string, number][], substitutions?: 'refund' | 'similar'): Promise<Placed> =>
    (
      await a()
        .agent.post('/api/placeorders')
        .set('Idempotency-Key', randomUUID())
        .send({ address: a().address, items: lines.map(([product, quantity]) => ({ product, quantity })), ...(substitutions ? { substitutions } : {}) })
        .expect(201)
    ).body.order;
  const adjust = (orderId: string, body: object, key?: string, shop: Agent = a().shop) => {
    const req = shop.post(`/api/seller/orders/${orderId}/adjust`);
    return (key ? req.set('Idempotency-Key', key) : req).send(body);
  };
  const stock = async (id: string) => ((await t().http().get(`/api/products/${id}`).expect(200)).body.product as { stock: number }).stock;
  const refunds = (order: Placed) => rzp().refundsOf(order.payment!.razorpayPaymentId);
  const stored = async (id: string) =>
    t()
      .connection.collection('orders')
      .findOne({ _id: new Types.ObjectId(id) });
  const sweep = async () => (await t().app.get((await import('../src/orders/packing/order-packing-work')).OrderPackingWork)).sweep();
  return { placeOnline, placeCod, adjust, stock, refunds, stored, sweep };
}

describe('packing changes on one instance', () => {
  let rzp: FakeRazorpay;
  let t: TestApp;
  let a: Actors;
  let smtp: SmtpCatcher;
  const database = `t_packing_${randomBytes(3).toString('hex')}`;
  const h = helpers({ t: () => t, rzp: () => rzp }, () => a);

  beforeAll(async () => {
    rzp = await new FakeRazorpay().start();
    smtp = await new SmtpCatcher().up();
    t = await createTestApp(env(), { database });
    a = await setUp(t);
  });
  afterAll(async () => {
    await t.close();
    await rzp.stop();
    await smtp.down();
  });
  const env = () => ({
    ...AUTH_ENV,
    ...rzp.env(),
    SMTP_URL: smtp.url,
    MAIL_FROM: 'GreenCart <orders@greencart.test>',
    OUTBOX_RETRY_MS: '200',
    OUTBOX_SWEEP_MS: '500',
  });

  it('packing 1 of 3 on a paid order refunds the exact paise once; the same key again answers the first change', async () => {
    const { tomato, milk } = a.products;
    const before = await h.stock(tomato);
    const order = await h.placeOnline([
      [tomato, 3],
      [milk, 2],
    ]);
    // 3 × ₹100 + 2 × ₹33.33 = ₹366.66, tax ₹7.33: ₹373.99. Packed 1 tomato: ₹166.66 + ₹3.33 = ₹169.99.
    expect(order.amountPaise).toBe(37399);
    const key = randomUUID();
    const res = await h.adjust(order._id, { lines: [{ line: 0, packed: 1 }], reason: 'Only one ripe tomato left' }, key).expect(200);
    expect(res.body.order).toMatchObject({
      amountPaise: 16999,
      amount: 169.99,
      originalAmountPaise: 37399,
      refundedPaise: 20400,
      subtotalPaise: 16666,
      taxPaise: 333,
      items: [{ quantity: 1, ordered: 3 }, { quantity: 2 }],
    });
    expect(res.body.adjustment).toMatchObject({
      by: 'seller',
      lines: [{ line: 0, from: 3, to: 1 }],
      differencePaise: 20400,
      refund: { status: 'processed', id: expect.stringMatching(/^rfnd_/), amountPaise: 20400 },
    });
    expect(h.refunds(order).map((r) => r.amount)).toEqual([20400]);
    expect(await h.stock(tomato)).toBe(before - 1);
    const again = await h.adjust(order._id, { lines: [{ line: 0, packed: 1 }] }, key).expect(200);
    expect(again.body.adjustment.refund.id).toBe(res.body.adjustment.refund.id);
    // The activity log (issue 42) keeps the change and its refund once, by whom, with the amount and lines before and after.
    const logged = async (kind: string) =>
      ((await a.shop.get(`/api/seller/activity?kind=${kind}`).expect(200)).body.entries as { subjectId: string }[]).filter((e) => e.subjectId === order._id);
    expect(await logged('order.packing')).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ role: 'owner' }),
        before: { amountPaise: 37399, lines: expect.arrayContaining(['Desi Tomatoes × 3']) },
        after: { amountPaise: 16999, lines: expect.arrayContaining(['Desi Tomatoes × 1']) },
      }),
    ]);
    expect(await logged('order.refund')).toEqual([expect.objectContaining({ after: expect.objectContaining({ refundPaise: 20400, way: 'online' }) })]);
    await h.sweep();
    expect(h.refunds(order)).toHaveLength(1);
    expect(await h.stock(tomato)).toBe(before - 1);
    expect((await h.stored(order._id))?.adjustments).toHaveLength(1);
    expect((await h.stored(order._id))?.packingPending).toBeUndefined();
    const mine = (await a.agent.get('/api/getorder/user?limit=100').expect(200)).body.orderdata.find((o: { _id: string }) => o._id === order._id);
    expect(mine).toMatchObject({ amountPaise: 16999, originalAmountPaise: 37399, adjustments: [{ differencePaise: 20400 }] });
    // One mail says what changed and when the refund arrives, however often the change was sent.
    const outbox = t.connection.collection('outbox');
    await eventually(
      async () =>
        (await outbox.find({ _id: { $regex: `^email:order-adjusted:${order._id}` } } as object).toArray()).every((m) => m.state === 'sent') &&
        smtp.mails.some((m) => m.outboxId.startsWith(`email:order-adjusted:${order._id}`)),
      'the packing mail sent',
      30_000,
    );
    const mails = smtp.mails.filter((m) => m.outboxId.startsWith(`email:order-adjusted:${order._id}`));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toMatch(/Desi Tomatoes: 1 of 3 packed/);
    expect(mails[0].text).toMatch(/₹204\.00 is being refunded[\s\S]*5–7 working days/);
    // The packer's note, and the bill's short line as "1 of 3 packed" (never "not available").
    expect(mails[0].text).toContain('Note from the shop: “Only one ripe tomato left”');
    expect(mails[0].html).toContain('Note from the shop: “Only one ripe tomato left”');
    expect(mails[0].text).toContain('1 × Desi Tomatoes  ₹100.00 — 1 of 3 packed');
    expect(mails[0].text).not.toMatch(/Desi Tomatoes — not available/);
  });

  it('the same change raced with one key: one change, one refund; a change while one is applied is a 409', async () => {
    const { bread } = a.products;
    const order = await h.placeOnline([[bread, 4]]);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 4 }, () => h.adjust(order._id, { lines: [{ line: 0, packed: 2 }] }, key)));
    expect(answers.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(answers.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(h.refunds(order).map((r) => r.amount)).toEqual([9000 + 180]);
    expect((await h.stored(order._id))?.adjustments).toHaveLength(1);
  });

  it('Razorpay times out after refunding: the try is shown as failed, and the retry records that refund instead of making another', async () => {
    const { tomato } = a.products;
    const order = await h.placeOnline([[tomato, 2]]);
    rzp.dropAfterRefund = 1;
    const res = await h.adjust(order._id, { lines: [{ line: 0, packed: 1 }] }, randomUUID()).expect(200);
    expect(res.body.adjustment.refund).toMatchObject({ status: 'failed', error: expect.stringMatching(/unavailable/), amountPaise: 10200 });
    expect(res.body.order.refundedPaise).toBeUndefined();
    expect(h.refunds(order)).toHaveLength(1);
    await h.sweep();
    expect(h.refunds(order)).toHaveLength(1);
    expect(await h.stored(order._id)).toMatchObject({ refundedPaise: 10200, adjustments: [{ refund: { status: 'processed', id: h.refunds(order)[0].id } }] });
  });

  it('a refund Razorpay fails is retried until it is made', async () => {
    const { tomato } = a.products;
    const order = await h.placeOnline([[tomato, 2]]);
    rzp.failRefunds = 1;
    const res = await h.adjust(order._id, { lines: [{ line: 0, packed: 1 }] }).expect(200);
    expect(res.body.adjustment.refund.status).toBe('failed');
    expect(h.refunds(order)).toHaveLength(0);
    await h.sweep();
    expect(h.refunds(order).map((r) => r.amount)).toEqual([10200]);
    expect(await h.stored(order._id)).toMatchObject({ refundedPaise: 10200, adjustments: [{ refund: { status: 'processed' } }] });
  });

  it('a difference under ₹1 on a paid order is not asked of Razorpay (₹1 is its least refund): owed in cash, said so, never retried', async () => {
    const { tomato } = a.products;
    const [toffee] = await insertProducts(t, [{ name: 'Toffee', offerPrice: 0.5, category: 'Snacks' }]);
    const order = await h.placeOnline([
      [tomato, 1],
      [toffee, 1],
    ]);
    // Razorpay (and the fake) refuses a refund under ₹1.
    const auth = `Basic ${Buffer.from(`${rzp.keyId}:${rzp.keySecret}`).toString('base64')}`;
    const refused = await request(rzp.url)
      .post(`/v1/payments/${order.payment!.razorpayPaymentId}/refund`)
      .set('Authorization', auth)
      .send({ amount: 99 })
      .expect(400);
    expect(refused.body.error.description).toBe('The amount must be at least INR 1.00');
    const res = await h.adjust(order._id, { lines: [{ line: 1, packed: 0 }] }).expect(200);
    // ₹0.50 and its ₹0.01 of tax.
    expect(res.body.adjustment).toMatchObject({ differencePaise: 51, cashOwedPaise: 51 });
    expect(res.body.adjustment.refund).toBeUndefined();
    expect(res.body.order.refundedPaise).toBeUndefined();
    await h.sweep();
    expect(h.refunds(order)).toHaveLength(0);
    expect(await h.stored(order._id)).toMatchObject({ adjustments: [{ cashOwedPaise: 51, stockReturned: true }] });
    expect((await h.stored(order._id))?.packingPending).toBeUndefined();
    const mine = (await a.agent.get('/api/getorder/user?limit=100').expect(200)).body.orderdata.find((o: { _id: string }) => o._id === order._id);
    expect(mine.adjustments).toEqual([expect.objectContaining({ cashOwedPaise: 51 })]);
    const logged = ((await a.shop.get('/api/seller/activity?kind=order.refund').expect(200)).body.entries as { subjectId: string; after: object }[]).filter(
      (e) => e.subjectId === order._id,
    );
    expect(logged).toEqual([expect.objectContaining({ after: { refundPaise: 51, way: 'cash' } })]);
    await eventually(async () => smtp.mails.some((m) => m.outboxId.startsWith(`email:order-adjusted:${order._id}`)), 'the packing mail sent', 30_000);
    const mail = smtp.mails.find((m) => m.outboxId.startsWith(`email:order-adjusted:${order._id}`))!;
    expect(mail.text).toMatch(/₹0\.51 will be paid back to you in cash on delivery \(online refunds start at ₹1\.00\)/);
    expect(mail.text).not.toMatch(/being refunded/);

    // Such a refund recorded before (failed for ever, retried by every sweep): the sweep makes it cash owed, once.
    await t.connection.collection('orders').updateOne(
      { _id: new Types.ObjectId(order._id) },
      {
        $set: {
          packingPending: true,
          'adjustments.0.refund': { receipt: `${order._id}-a1`, amountPaise: 51, status: 'failed', error: 'The amount must be at least INR 1.00', attempts: 9 },
        },
        $unset: { 'adjustments.0.cashOwedPaise': 1 },
      },
    );
    await h.sweep();
    await h.sweep();
    expect(h.refunds(order)).toHaveLength(0);
    const after = await h.stored(order._id);
    expect(after?.adjustments[0]).toMatchObject({ cashOwedPaise: 51 });
    expect(after?.adjustments[0].refund).toBeUndefined();
    expect(after?.packingPending).toBeUndefined();
  });

  it('a substitute costs its own price within the replaced value, and no more than it over it', async () => {
    const { tomato, milk, mango, saffron } = a.products;
    const [mangoes, saffrons] = [await h.stock(mango), await h.stock(saffron)];
    const order = await h.placeOnline(
      [
        [tomato, 3],
        [milk, 1],
      ],
      'similar',
    );
    const within = await h.adjust(order._id, { lines: [{ line: 0, packed: 1 }], substitutes: [{ forLine: 0, product: mango, quantity: 2 }] }).expect(200);
    // Tomatoes 1 × ₹100 + mangoes 2 × ₹90 + milk ₹33.33 = ₹313.33, tax ₹6.26.
    expect(within.body.order).toMatchObject({ subtotalPaise: 31333, taxPaise: 626, amountPaise: 31959 });
    expect(within.body.order.items[2]).toMatchObject({ name: 'Alphonso Mango', quantity: 2, offerPricePaise: 9000, substituteFor: 0 });
    expect(within.body.adjustment).toMatchObject({
      substitutes: [{ forLine: 0, line: 2, quantity: 2, unitPaise: 9000 }],
      differencePaise: 33999 - 31959,
    });
    expect(await h.stock(mango)).toBe(mangoes - 2);

    const second = await h.placeOnline([[tomato, 2]], 'similar');
    const over = await h.adjust(second._id, { lines: [{ line: 0, packed: 0 }], substitutes: [{ forLine: 0, product: saffron, quantity: 2 }] }).expect(200);
    // Two saffrons (₹300) replace two tomatoes (₹200): charged ₹200.
    expect(over.body.order.items[1]).toMatchObject({ name: 'Saffron', quantity: 2, offerPricePaise: 10000, listPricePaise: 15000 });
    expect(over.body.order).toMatchObject({ amountPaise: 20400, status: 'Order Placed' });
    expect(h.refunds(second)).toHaveLength(0);
    expect(await h.stock(saffron)).toBe(saffrons - 2);
  });

  it('a substitute out of stock is a 409 naming it, and nothing changes; substitutes need the shopper’s consent', async () => {
    const { tomato, gone, mango } = a.products;
    const tomatoes = await h.stock(tomato);
    const order = await h.placeOnline([[tomato, 2]], 'similar');
    const refused = await h.adjust(order._id, { lines: [{ line: 0, packed: 1 }], substitutes: [{ forLine: 0, product: gone, quantity: 1 }] }).expect(409);
    expect(refused.body.message).toMatch(/Dragon Fruit/);
    expect(await h.stored(order._id)).toMatchObject({ amountPaise: order.amountPaise, items: [{ quantity: 2 }] });
    expect((await h.stored(order._id))?.adjustments).toBeUndefined();
    expect(await h.stock(tomato)).toBe(tomatoes - 2);
    expect(h.refunds(order)).toHaveLength(0);

    const refundOnly = await h.placeOnline([[tomato, 2]]);
    const noConsent = await h
      .adjust(refundOnly._id, { lines: [{ line: 0, packed: 1 }], substitutes: [{ forLine: 0, product: mango, quantity: 1 }] })
      .expect(400);
    expect(noConsent.body).toEqual({ success: false, message: expect.stringMatching(/refund/) });
  });

  it('packing nothing cancels the order, refunds it in full once and gives every unit back once', async () => {
    const { tomato, milk } = a.products;
    const [tomatoes, milks] = [await h.stock(tomato), await h.stock(milk)];
    const order = await h.placeOnline([
      [tomato, 2],
      [milk, 1],
    ]);
    const key = randomUUID();
    const res = await h
      .adjust(
        order._id,
        {
          lines: [
            { line: 0, packed: 0 },
            { line: 1, packed: 0 },
          ],
          reason: 'The van broke down',
        },
        key,
      )
      .expect(200);
    expect(res.body.order).toMatchObject({ status: 'Cancelled', cancelledBy: 'shop', cancelReason: 'The van broke down', paymentStatus: 'refunded' });
    expect(h.refunds(order).map((r) => r.amount)).toEqual([order.amountPaise]);
    await h.adjust(order._id, { lines: [{ line: 0, packed: 0 }] }, key).expect(200);
    await h.sweep();
    expect(h.refunds(order)).toHaveLength(1);
    expect([await h.stock(tomato), await h.stock(milk)]).toEqual([tomatoes, milks]);
  });

  it('a cancel after a packing refund refunds only what is left', async () => {
    const { tomato } = a.products;
    const order = await h.placeOnline([[tomato, 3]]);
    await h.adjust(order._id, { lines: [{ line: 0, packed: 1 }] }).expect(200);
    await a.shop.patch(`/api/orders/${order._id}/status`).send({ status: 'Cancelled' }).expect(200);
    expect(
      h
        .refunds(order)
        .map((r) => r.amount)
        .sort(),
    ).toEqual([10200, 20400]);
  });

  it('COD: the amount to collect is the new total, and nothing is refunded', async () => {
    const { bread } = a.products;
    const order = await h.placeCod([[bread, 2]]);
    const res = await h.adjust(order._id, { lines: [{ line: 0, packed: 1 }] }).expect(200);
    expect(res.body.order).toMatchObject({ paymentType: 'COD', amountPaise: 4590, originalAmountPaise: 9180 });
    expect(res.body.adjustment.refund).toBeUndefined();
    expect(res.body.adjustment.differencePaise).toBe(4590);
  });

  it('refuses what cannot be: lines out of range, more than ordered, nothing changed, a shipped order, bad input', async () => {
    const { bread } = a.products;
    const order = await h.placeCod([[bread, 2]]);
    const msg = async (body: object, status = 400) => (await h.adjust(order._id, body).expect(status)).body.message as string;
    expect(await msg({ lines: [{ line: 3, packed: 0 }] })).toMatch(/no line 3/);
    expect(await msg({ lines: [{ line: 0, packed: 3 }] })).toMatch(/0 to 2/);
    expect(await msg({ lines: [{ line: 0, packed: 2 }] })).toMatch(/Nothing changed/);
    expect(await msg({ lines: [{ line: 0, packed: -1 }] })).toMatch(/0 or more/);
    expect(await msg({ lines: [{ line: 0, packed: { $gt: 0 } }] })).toMatch(/whole number/);
    await h.adjust(order._id, { lines: [] }, 'bad key!').expect(400);
    await h.adjust(new Types.ObjectId().toHexString(), { lines: [{ line: 0, packed: 1 }] }).expect(404);
    await h.adjust(order._id, { lines: [{ line: 0, packed: 1 }] }, undefined, request(t.app.getHttpServer())).expect(401);
    await a.shop.patch(`/api/orders/${order._id}/status`).send({ status: 'Packing' }).expect(200);
    await a.shop.patch(`/api/orders/${order._id}/status`).send({ status: 'Out for delivery' }).expect(200);
    expect(await msg({ lines: [{ line: 0, packed: 1 }] }, 409)).toMatch(/Out for delivery/);
  });

  it('a restart between the refund and its record: the next start records the refund Razorpay has, never a second', async () => {
    const { tomato } = a.products;
    const order = await h.placeOnline([[tomato, 2]]);
    // The state a stop leaves: the change stored with its refund claimed, Razorpay having made the refund, no record of it.
    rzp.down = true;
    await h.adjust(order._id, { lines: [{ line: 0, packed: 1 }] }).expect(200);
    rzp.down = false;
    const receipt = `${order._id}-a1`;
    await t.connection
      .collection('orders')
      .updateOne(
        { _id: new Types.ObjectId(order._id) },
        { $set: { 'adjustments.0.refund.status': 'due', 'adjustments.0.refund.claimedAt': new Date(Date.now() - 60_000) } },
      );
    const auth = `Basic ${Buffer.from(`${rzp.keyId}:${rzp.keySecret}`).toString('base64')}`;
    await request(rzp.url)
      .post(`/v1/payments/${order.payment!.razorpayPaymentId}/refund`)
      .set('Authorization', auth)
      .send({ amount: 10200, receipt, notes: { receipt } })
      .expect(200);
    await t.app.close();
    t = await createTestApp(env(), { database, sameModules: true });
    await eventually(async () => (await h.stored(order._id))?.adjustments?.[0]?.refund?.status === 'processed', 'the start-up sweep recording the refund');
    expect(await h.stored(order._id)).toMatchObject({ refundedPaise: 10200, adjustments: [{ refund: { status: 'processed', id: h.refunds(order)[0].id } }] });
    expect(h.refunds(order)).toHaveLength(1);
    a.shop = await seller(t);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

(redisUrl ? describe : describe.skip)('packing changes on two instances sharing the database and Redis', () => {
  let rzp: FakeRazorpay;
  beforeAll(async () => {
    rzp = await new FakeRazorpay().start();
  });
  const apps = twoInstances('packing', redisUrl!, () => rzp.env());
  afterAll(() => rzp.stop());

  it('the same change sent to both instances at once (with its key, and without): one change, one refund, units back once', async () => {
    const one = await setUp(apps.one);
    const h = helpers({ t: () => apps.one, rzp: () => rzp }, () => one);
    const shopTwo = await seller(apps.two);
    const { tomato } = one.products;
    const before = await h.stock(tomato);
    const order = await h.placeOnline([[tomato, 3]]);
    const key = randomUUID();
    const body = { lines: [{ line: 0, packed: 1 }] };
    const answers = await Promise.all([h.adjust(order._id, body, key), h.adjust(order._id, body, key, shopTwo), h.adjust(order._id, body, key, shopTwo)]);
    expect(answers.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    await h.adjust(order._id, body, key, shopTwo).expect(200);
    expect(h.refunds(order).map((r) => r.amount)).toEqual([20400]);
    expect((await h.stored(order._id))?.adjustments).toHaveLength(1);
    await eventually(async () => (await h.stock(tomato)) === before - 1, 'the unpacked units back, once');

    // Two different changes at once: one is made, the other is told the order is being changed (or finds it changed).
    const second = await h.placeOnline([[tomato, 3]]);
    const raced = await Promise.all([
      h.adjust(second._id, { lines: [{ line: 0, packed: 2 }] }),
      h.adjust(second._id, { lines: [{ line: 0, packed: 2 }] }, undefined, shopTwo),
    ]);
    const made = raced.filter((r) => r.status === 200).length;
    expect((await h.stored(second._id))?.adjustments).toHaveLength(made);
    expect(h.refunds(second)).toHaveLength(made);
    expect(h.refunds(second).every((r) => r.amount === 10200)).toBe(true);
  });
});
