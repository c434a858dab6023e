import { randomBytes, randomUUID } from 'node:crypto';
import { AUTH_ENV, insertProducts, quickShoppers, seller, shopper, VALID_ADDRESS, type Agent } from './support/actors';
import { FakeRazorpay } from './support/fake-razorpay';
import { createTestApp, type TestApp } from './support/test-app';
import { twoInstances } from './support/two-instances';
import { past } from './support/waiting';

/** Coupons (issue 40): the seller's terms, the one money rule, every refusal, and limits that hold under a race. */

interface Buyer {
  agent: Agent;
  address: string;
  id: string;
}

async function withAddress({ agent, id }: { agent: Agent; id: string }): Promise<Buyer> {
  const address = (await agent.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id as string;
  return { agent, address, id };
}

const place = (b: Buyer, items: { product: string; quantity: number }[], coupon?: string) =>
  b.agent
    .post('/api/placeorders')
    .set('Idempotency-Key', randomUUID())
    .send({ address: b.address, items, ...(coupon !== undefined ? { coupon } : {}) });

let counter = 0;
/** A code no other test uses. */
const code = (stem: string) => `${stem}${++counter}${randomBytes(2).toString('hex')}`.toUpperCase().slice(0, 20);

describe('coupons on one instance', () => {
  let t: TestApp;
  let rzp: FakeRazorpay;
  let shop: Agent;
  let atta: string;
  let chips: string;

  const create = async (body: Record<string, unknown>) =>
    (await shop.post('/api/seller/coupons').send(body).expect(201)).body.coupon as { _id: string; code: string };
  const listed = async (c: string) =>
    ((await shop.get('/api/seller/coupons').expect(200)).body.coupons as { code: string; used: number; held: number; discountGivenPaise: number }[]).find(
      (x) => x.code === c,
    );
  const newBuyer = async (name = 'Buyer') => withAddress(await shopper(t, name));
  const orderCount = () => t.connection.collection('orders').countDocuments();

  beforeAll(async () => {
    rzp = await new FakeRazorpay().start();
    t = await createTestApp({ ...AUTH_ENV, ...rzp.env(), CHECKOUT_EXPIRY_SECONDS: '2' });
    shop = await seller(t);
    [atta, chips] = await insertProducts(t, [
      { name: 'Whole Wheat Atta', offerPrice: 333.33, category: 'Grains' },
      { name: 'Potato Chips', offerPrice: 20, category: 'Snacks' },
    ]);
  });
  afterAll(async () => {
    await t.close();
    await rzp.stop();
  });

  it('the seller creates, lists, edits and deletes coupons; bad terms are 400s that say which, a taken code 409', async () => {
    const c = code('FLAT');
    const created = await create({ code: c.toLowerCase(), kind: 'flat', value: 50, minSubtotal: 499, public: true });
    expect(created).toMatchObject({
      code: c,
      kind: 'flat',
      value: 50,
      perShopperLimit: 1,
      public: true,
      active: true,
      used: 0,
      held: 0,
      discountGivenPaise: 0,
    });
    expect((await shop.post('/api/seller/coupons').send({ code: c, kind: 'flat', value: 10 }).expect(409)).body).toEqual({
      success: false,
      message: `A coupon with the code ${c} exists already`,
    });
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ code: 'x', kind: 'flat', value: 5 }, /3 to 20 letters/],
      [{ code: code('P'), kind: 'percent', value: 95 }, /1 to 90/],
      [{ code: code('P'), kind: 'flat', value: 5, maxDiscount: 2 }, /maxDiscount is for percent/],
      [{ code: code('P'), kind: 'flat', value: 5, startsAt: '2026-12-05', endsAt: '2026-12-01' }, /endsAt must be after startsAt/],
      [{ code: code('P'), kind: 'flat', value: 5, perShopperLimit: 0 }, /perShopperLimit/],
      [{ code: code('P'), kind: 'bogus', value: 5 }, /percent' or 'flat/],
      [{ kind: 'flat', value: 5 }, /code is required/],
    ];
    const before = (await shop.get('/api/seller/coupons').expect(200)).body.coupons.length as number;
    for (const [body, message] of bad) {
      const res = await shop.post('/api/seller/coupons').send(body).expect(400);
      expect(res.body).toEqual({ success: false, message: expect.stringMatching(message) });
    }
    expect((await shop.get('/api/seller/coupons').expect(200)).body.coupons).toHaveLength(before);
    const edited = await shop.patch(`/api/seller/coupons/${created._id}`).send({ value: 60, minSubtotal: null }).expect(200);
    expect(edited.body.coupon).toMatchObject({ value: 60, minSubtotal: null, code: c });
    await shop.patch(`/api/seller/coupons/${created._id}`).send({ kind: 'percent', value: 95 }).expect(400);
    await shop.delete(`/api/seller/coupons/${created._id}`).expect(200);
    expect(await listed(c)).toBeUndefined();
    await shop.delete(`/api/seller/coupons/${created._id}`).expect(404);
  });

  it('only the seller manages coupons: a shopper is refused, a signed-out caller too', async () => {
    const asha = await shopper(t, 'Asha');
    await asha.agent.get('/api/seller/coupons').expect(403);
    await asha.agent.post('/api/seller/coupons').send({ code: 'HACK10', kind: 'flat', value: 10 }).expect(403);
    await t.http().post('/api/coupons/check').send({ code: 'HACK10' }).expect(401);
    await t.http().get('/api/seller/coupons').expect(401);
  });

  it('a percent coupon with a cap: the exact paise of discount, tax on the discounted value, and the order keeps it', async () => {
    const c = code('PCT');
    await create({ code: c, kind: 'percent', value: 15, maxDiscount: 100 });
    const b = await newBuyer();
    // 333.33 × 1 = 33,333 paise: 15% = 4,999.95 → 4,999; tax 2% of 28,334 = 566.68 → 566; total 28,900.
    const res = await place(b, [{ product: atta, quantity: 1 }], c.toLowerCase()).expect(201);
    expect(res.body.order).toMatchObject({
      subtotalPaise: 33_333,
      discountPaise: 4_999,
      taxPaise: 566,
      amountPaise: 28_900,
      amount: 289,
      coupon: { code: c, discountPaise: 4_999 },
    });
    // Capped at ₹100: 3 × 333.33 = 99,999 → 15% would be 14,999.
    const capped = await place(await newBuyer(), [{ product: atta, quantity: 3 }], c).expect(201);
    expect(capped.body.order).toMatchObject({ subtotalPaise: 99_999, discountPaise: 10_000, taxPaise: 1_799, amountPaise: 91_798 });
    expect(await listed(c)).toMatchObject({ used: 2, held: 0, discountGivenPaise: 14_999 });
    // The orders CSV has the discount and the code on the order's line.
    const csv = await shop
      .get('/api/seller/orders.csv')
      .buffer(true)
      .parse((r, done) => {
        let text = '';
        r.setEncoding('utf8');
        r.on('data', (chunk: string) => (text += chunk));
        r.on('end', () => done(null, text));
      })
      .expect(200);
    const line = (csv.body as string).split('\r\n').find((l) => l.includes(res.body.order.orderNumber as string));
    expect(line).toContain(`,333.33,49.99,"${c}",5.66,0.00,289.00,`);
  });

  it('12.5% of 33.33 × 3: the exact paise', async () => {
    const c = code('ODD');
    await create({ code: c, kind: 'percent', value: 12.5 });
    const [odd] = await insertProducts(t, [{ name: 'Odd Biscuits', offerPrice: 33.33, category: 'Snacks' }]);
    const res = await place(await newBuyer(), [{ product: odd, quantity: 3 }], c).expect(201);
    // 9,999 × 12.5% = 1,249.875 → 1,249; tax 2% of 8,750 = 175; total 8,925.
    expect(res.body.order).toMatchObject({ subtotalPaise: 9_999, discountPaise: 1_249, taxPaise: 175, amountPaise: 8_925, amount: 89.25 });
  });

  it('every refusal says why, and stores nothing', async () => {
    const b = await newBuyer();
    const expired = code('OLD');
    await create({ code: expired, kind: 'flat', value: 10, startsAt: '2025-01-01', endsAt: '2025-01-31' });
    const future = code('NEW');
    await create({ code: future, kind: 'flat', value: 10, startsAt: '2099-01-01' });
    const min = code('MIN');
    await create({ code: min, kind: 'flat', value: 50, minSubtotal: 499 });
    const off = code('OFF');
    const offCoupon = await create({ code: off, kind: 'flat', value: 10 });
    await shop.patch(`/api/seller/coupons/${offCoupon._id}`).send({ active: false }).expect(200);
    const before = await orderCount();
    const refused = async (coupon: string, status: number) =>
      (await place(b, [{ product: chips, quantity: 2 }], coupon).expect(status)).body as { success: boolean; message: string };
    expect(await refused('NOSUCH99', 400)).toEqual({ success: false, message: 'Coupon NOSUCH99 is not valid' });
    expect(await refused(off, 400)).toEqual({ success: false, message: `Coupon ${off} is not valid` });
    expect(await refused(expired, 400)).toEqual({ success: false, message: `Coupon ${expired} expired on 31 Jan 2025` });
    expect(await refused(future, 400)).toEqual({ success: false, message: `Coupon ${future} is not valid yet; it starts on 1 Jan 2099` });
    expect(await refused(min, 400)).toEqual({ success: false, message: `Add ₹459.00 more of items to use ${min} (orders of ₹499.00 or more)` });
    expect(await orderCount()).toBe(before);
    // The cart page hears the same before checkout.
    const check = await b.agent
      .post('/api/coupons/check')
      .send({ code: min, items: [{ product: chips, quantity: 2 }] })
      .expect(400);
    expect(check.body.message).toBe(`Add ₹459.00 more of items to use ${min} (orders of ₹499.00 or more)`);
    const ok = await b.agent
      .post('/api/coupons/check')
      .send({ code: min, items: [{ product: atta, quantity: 2 }] })
      .expect(200);
    expect(ok.body).toMatchObject({
      success: true,
      coupon: { code: min, applies: true, discountPaise: 5_000 },
      price: { subtotalPaise: 66_666, discountPaise: 5_000 },
    });
  });

  it('used up, per shopper, first order only: refused with the reason; a cancelled order gives its use back once', async () => {
    const once = code('ONCE');
    await create({ code: once, kind: 'flat', value: 5, totalLimit: 1 });
    const first = await newBuyer();
    const second = await newBuyer();
    const placed = await place(first, [{ product: chips, quantity: 1 }], once).expect(201);
    expect((await place(second, [{ product: chips, quantity: 1 }], once).expect(409)).body.message).toBe(`Coupon ${once} has been used up`);
    expect((await place(first, [{ product: chips, quantity: 1 }], once).expect(409)).body.message).toMatch(/used up|already used/);
    // Cancelled: the use comes back, once (a second cancel is refused and gives nothing more).
    await first.agent.post(`/api/orders/${placed.body.order._id}/cancel`).expect(200);
    await first.agent.post(`/api/orders/${placed.body.order._id}/cancel`).expect(409);
    expect(await listed(once)).toMatchObject({ used: 0, discountGivenPaise: 0 });
    await place(second, [{ product: chips, quantity: 1 }], once).expect(201);
    expect(await listed(once)).toMatchObject({ used: 1, discountGivenPaise: 500 });

    const perShopper = code('TWICE');
    await create({ code: perShopper, kind: 'flat', value: 5, perShopperLimit: 2 });
    const c = await newBuyer();
    await place(c, [{ product: chips, quantity: 1 }], perShopper).expect(201);
    await place(c, [{ product: chips, quantity: 2 }], perShopper).expect(201);
    expect((await place(c, [{ product: chips, quantity: 3 }], perShopper).expect(409)).body.message).toBe(
      `You have already used coupon ${perShopper} 2 times, the most it allows`,
    );

    // First order only: a shopper whose only order was cancelled may still use it (stated choice); one with an order may not.
    const welcome = code('WELCOME');
    await create({ code: welcome, kind: 'flat', value: 75, firstOrderOnly: true, public: true });
    const d = await newBuyer();
    const cancelled = await place(d, [{ product: chips, quantity: 1 }]).expect(201);
    await d.agent.post(`/api/orders/${cancelled.body.order._id}/cancel`).expect(200);
    await place(d, [{ product: atta, quantity: 1 }], welcome).expect(201);
    const e = await newBuyer();
    await place(e, [{ product: chips, quantity: 1 }]).expect(201);
    expect((await place(e, [{ product: atta, quantity: 1 }], welcome).expect(400)).body.message).toBe(`Coupon ${welcome} is for your first order only`);
    // The offers list says the same to each.
    const offers = async (b: Buyer) =>
      ((await b.agent.get('/api/coupons').expect(200)).body.coupons as { code: string; applies: boolean; message?: string }[]).find((o) => o.code === welcome);
    expect(await offers(e)).toMatchObject({ applies: false, message: `Coupon ${welcome} is for your first order only` });
    expect((await t.http().get('/api/coupons').expect(200)).body.coupons.find((o: { code: string }) => o.code === welcome)).toMatchObject({
      applies: false,
      title: '₹75 off your first order',
    });
  });

  it('20 shoppers race for a coupon with 1 use left: exactly 1 order has it; one shopper in two tabs at once: 1', async () => {
    const last = code('LAST');
    await create({ code: last, kind: 'flat', value: 5, totalLimit: 1 });
    const buyers = await Promise.all((await quickShoppers(t, 20)).map(withAddress));
    const answers = await Promise.all(buyers.map((b) => place(b, [{ product: chips, quantity: 1 }], last)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409).map((r) => r.body.message)).toEqual(Array(19).fill(`Coupon ${last} has been used up`));
    expect(await t.connection.collection('orders').countDocuments({ 'coupon.code': last })).toBe(1);

    const tabs = code('TABS');
    await create({ code: tabs, kind: 'flat', value: 5 });
    const b = await newBuyer();
    const both = await Promise.all([place(b, [{ product: chips, quantity: 1 }], tabs), place(b, [{ product: chips, quantity: 2 }], tabs)]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await t.connection.collection('orders').countDocuments({ 'coupon.code': tabs })).toBe(1);
  });

  it('a first-order coupon with a per-shopper limit above 1: a new shopper’s orders placed at once get it once', async () => {
    const welcome = code('WELCOME');
    await create({ code: welcome, kind: 'flat', value: 25, firstOrderOnly: true, perShopperLimit: 3 });
    const b = await newBuyer('Newbie');
    const answers = await Promise.all([1, 2, 3].map((quantity) => place(b, [{ product: chips, quantity }], welcome)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(answers.filter((r) => r.status === 409).map((r) => r.body)).toEqual(
      Array(2).fill({ success: false, message: `Coupon ${welcome} is for your first order only` }),
    );
    expect(await t.connection.collection('orders').countDocuments({ 'coupon.code': welcome })).toBe(1);
    // Cancelled, the first order gives its claim back: the next order is the first again.
    const first = answers.find((r) => r.status === 201)!.body.order._id as string;
    await b.agent.post(`/api/orders/${first}/cancel`).expect(200);
    await place(b, [{ product: chips, quantity: 1 }], welcome).expect(201);
  });

  it('an online checkout holds the use; a failed payment frees it; a capture after it lapsed with no use left is refunded once', async () => {
    const held = code('HOLD');
    await create({ code: held, kind: 'flat', value: 10, totalLimit: 1 });
    const a = await newBuyer('Asha');
    const b = await newBuyer('Bala');
    const checkout = async (x: Buyer) =>
      (
        await x.agent
          .post('/api/paymentonline')
          .send({ address: x.address, items: [{ product: atta, quantity: 1 }], coupon: held })
          .expect(201)
      ).body.order as { id: string; amount: number };
    const first = await checkout(a);
    // 33,333 − 1,000 = 32,333; tax 646; Razorpay is asked for exactly that.
    expect(first.amount).toBe(32_333 + 646);
    expect(await listed(held)).toMatchObject({ used: 0, held: 1 });
    expect(
      (
        await b.agent
          .post('/api/paymentonline')
          .send({ address: b.address, items: [{ product: atta, quantity: 1 }], coupon: held })
          .expect(409)
      ).body.message,
    ).toBe(`Coupon ${held} has been used up`);
    // Failed: free at once, and Bala's checkout holds it.
    const { payment: failed } = rzp.pay(first.id, { status: 'failed' });
    const hook = rzp.webhook('payment.failed', failed);
    await t.http().post('/api/payments/razorpay/webhook').set(hook.headers).send(hook.body).expect(200);
    expect(await listed(held)).toMatchObject({ held: 0 });
    const second = await checkout(b);
    // Its hold lapses (CHECKOUT_EXPIRY_SECONDS: 2) and Asha's COD order takes the last use meanwhile.
    const stored = await t.connection.collection('coupons').findOne({ code: held });
    await past(Math.max(...(stored?.holds as { until: Date }[]).map((h) => new Date(h.until).getTime())));
    await place(a, [{ product: chips, quantity: 1 }], held).expect(201);
    const before = await orderCount();
    const { success, payment } = rzp.pay(second.id);
    const res = await b.agent.post('/api/payment-success').send(success).expect(409);
    expect(res.body.message).toMatch(new RegExp(`coupon ${held} ran out while you were paying.*refunded`));
    await b.agent.post('/api/payment-success').send(success).expect(409);
    expect(await orderCount()).toBe(before);
    expect([...rzp.refunds.values()].filter((r) => r.payment_id === payment.id)).toEqual([expect.objectContaining({ amount: payment.amount })]);
    expect(await listed(held)).toMatchObject({ used: 1, held: 0 });
  });

  it('a paid checkout turns its held use into the order without counting twice', async () => {
    const c = code('PAID');
    await create({ code: c, kind: 'percent', value: 10, totalLimit: 2 });
    const a = await newBuyer();
    const order = (
      await a.agent
        .post('/api/paymentonline')
        .send({ address: a.address, items: [{ product: chips, quantity: 5 }], coupon: c })
        .expect(201)
    ).body.order as { id: string };
    const { success, payment } = rzp.pay(order.id);
    const res = await a.agent.post('/api/payment-success').send(success).expect(201);
    expect(res.body.order).toMatchObject({ subtotalPaise: 10_000, discountPaise: 1_000, taxPaise: 180, amountPaise: 9_180, coupon: { code: c } });
    const hook = rzp.webhook('payment.captured', payment);
    await t.http().post('/api/payments/razorpay/webhook').set(hook.headers).send(hook.body).expect(200);
    expect(await listed(c)).toMatchObject({ used: 1, held: 0, discountGivenPaise: 1_000 });
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

(redisUrl ? describe : describe.skip)('coupons on two instances sharing the database and Redis', () => {
  const apps = twoInstances('coupons', redisUrl!);

  it('20 shoppers on two instances race for a coupon with 3 uses left: exactly 3 orders; a cancel gives one back once', async () => {
    const [id] = await insertProducts(apps.one, [{ name: 'Maggi Noodles', offerPrice: 14, category: 'Snacks' }]);
    const shop = await seller(apps.one);
    const c = code('RACE');
    await shop.post('/api/seller/coupons').send({ code: c, kind: 'flat', value: 5, totalLimit: 3 }).expect(201);
    const buyers = await Promise.all([...(await quickShoppers(apps.one, 10)), ...(await quickShoppers(apps.two, 10))].map(withAddress));
    const answers = await Promise.all(buyers.map((b) => place(b, [{ product: id, quantity: 1 }], c)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(3);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(17);
    expect(await apps.one.connection.collection('orders').countDocuments({ 'coupon.code': c })).toBe(3);
    const won = answers.findIndex((r) => r.status === 201);
    const orderId = answers[won].body.order._id as string;
    // Cancelled on both instances at once: one cancel wins, one use comes back.
    await Promise.all([buyers[won].agent.post(`/api/orders/${orderId}/cancel`), buyers[won].agent.post(`/api/orders/${orderId}/cancel`)]);
    const listed = (await shop.get('/api/seller/coupons').expect(200)).body.coupons.find((x: { code: string }) => x.code === c);
    expect(listed).toMatchObject({ used: 2, discountGivenPaise: 1_000 });
    const again = await Promise.all(buyers.filter((_, i) => answers[i].status === 409).map((b) => place(b, [{ product: id, quantity: 1 }], c)));
    expect(again.filter((r) => r.status === 201)).toHaveLength(1);

    // 1 use left, 20 shoppers across both instances.
    const one1 = code('ONE');
    await shop.post('/api/seller/coupons').send({ code: one1, kind: 'percent', value: 12.5, totalLimit: 1 }).expect(201);
    const racers = await Promise.all([...(await quickShoppers(apps.one, 10)), ...(await quickShoppers(apps.two, 10))].map(withAddress));
    const race = await Promise.all(racers.map((b) => place(b, [{ product: id, quantity: 1 }], one1)));
    expect(race.filter((r) => r.status === 201)).toHaveLength(1);
    expect(await apps.one.connection.collection('orders').countDocuments({ 'coupon.code': one1 })).toBe(1);
  }, 90_000);

  it('one shopper in two tabs on two instances at once: the per-shopper limit holds (1 order with it)', async () => {
    const [id] = await insertProducts(apps.one, [{ name: 'Amul Butter', offerPrice: 56, category: 'Dairy' }]);
    const shop = await seller(apps.one);
    const c = code('TABS');
    await shop.post('/api/seller/coupons').send({ code: c, kind: 'flat', value: 5 }).expect(201);
    const [{ agent, id: userId }] = await quickShoppers(apps.one, 1);
    const b = await withAddress({ agent, id: userId });
    const { SessionService } = await import('../src/sessions/session.service');
    const { SHOPPER_COOKIE } = await import('../src/sessions/session');
    const request = (await import('supertest')).default;
    const other = request.agent(apps.two.app.getHttpServer());
    other.jar.setCookie(`${SHOPPER_COOKIE}=${await apps.two.app.get(SessionService).signShopper(userId)}; Path=/`, '127.0.0.1', '/');
    const tabs = await Promise.all([
      place(b, [{ product: id, quantity: 1 }], c),
      place({ ...b, agent: other }, [{ product: id, quantity: 2 }], c),
      place(b, [{ product: id, quantity: 3 }], c),
      place({ ...b, agent: other }, [{ product: id, quantity: 4 }], c),
    ]);
    expect(tabs.filter((r) => r.status === 201)).toHaveLength(1);
    expect(tabs.filter((r) => r.status === 409).map((r) => r.body.message)).toEqual(Array(3).fill(`You have already used coupon ${c}`));
    expect(await apps.one.connection.collection('orders').countDocuments({ 'coupon.code': c })).toBe(1);
  }, 60_000);
});
