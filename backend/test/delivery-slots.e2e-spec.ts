import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import type { ShopClock } from '../src/delivery/shop-clock';
import { AUTH_ENV, insertProducts, quickShoppers, seller, VALID_ADDRESS, type Agent } from './support/actors';
import { FakeRazorpay } from './support/fake-razorpay';
import { createTestApp, type TestApp } from './support/test-app';
import { twoInstances } from './support/two-instances';
import { eventually, past } from './support/waiting';

/** Delivery slots (issue 41): the seller's slots, what shoppers may choose, and places that hold under a race. */

interface Buyer {
  agent: Agent;
  address: string;
  id: string;
}

async function withAddress({ agent, id }: { agent: Agent; id: string }): Promise<Buyer> {
  const address = (await agent.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id as string;
  return { agent, address, id };
}

/** The app's shop clock (from the app's own module registry, as test-app loads it). */
async function clockOf(t: TestApp): Promise<ShopClock> {
  const { ShopClock: Clock } = await import('../src/delivery/shop-clock');
  return t.app.get(Clock);
}

const PINCODE = VALID_ADDRESS.pincode;
/** Tuesday 1 Dec 2026, 08:00 in India (the shop's zone): the tests' "now". */
const TUESDAY_8AM = new Date('2026-12-01T02:30:00Z');
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
const MORNING = { days: EVERY_DAY, start: '07:00', end: '09:00', capacity: 3, cutoffMinutes: 60 };
const EVENING = { days: EVERY_DAY, start: '18:00', end: '20:00', capacity: 5, cutoffMinutes: 120 };
const NIGHT = { days: EVERY_DAY, start: '00:00', end: '02:00', capacity: 5, cutoffMinutes: 30 };

type SlotsAnswer = {
  express: { available: boolean; etaMinutes?: number; message: string };
  days: { date: string; label: string; slots: { id: string; start: string; end: string; left: number; available: boolean }[] }[];
};

describe('delivery slots on one instance', () => {
  let t: TestApp;
  let rzp: FakeRazorpay;
  let shop: Agent;
  let atta: string;
  let clock: ShopClock;

  const settings = (body: Record<string, unknown>) => shop.put('/api/seller/delivery').send({ areas: [], ...body });
  const slots = async (pincode = PINCODE) => (await t.http().get(`/api/delivery/slots?pincode=${pincode}`).expect(200)).body as SlotsAnswer;
  const slotOf = async (id: string) =>
    (await slots()).days.flatMap((d) => d.slots).find((s) => s.id === id) as SlotsAnswer['days'][number]['slots'][number] | undefined;
  const place = (b: Buyer, slot?: string) =>
    b.agent
      .post('/api/placeorders')
      .set('Idempotency-Key', randomUUID())
      .send({ address: b.address, items: [{ product: atta, quantity: 1 }], ...(slot ? { delivery: { slot } } : {}) });
  const buyers = async (n: number) => Promise.all((await quickShoppers(t, n)).map(withAddress));

  beforeAll(async () => {
    rzp = await new FakeRazorpay().start();
    t = await createTestApp({ ...AUTH_ENV, ...rzp.env(), CHECKOUT_EXPIRY_SECONDS: '2' });
    shop = await seller(t);
    clock = await clockOf(t);
    [atta] = await insertProducts(t, [{ name: 'Whole Wheat Atta', offerPrice: 100, category: 'Grains' }]);
  });
  beforeEach(() => clock.travelTo(TUESDAY_8AM));
  afterAll(async () => {
    clock?.travelTo(undefined);
    await t.close();
    await rzp.stop();
  });

  it('the seller saves slots, express, days ahead and closed dates; bad slots are 400s that say which', async () => {
    const saved = await settings({ express: false, slots: [MORNING, EVENING], slotDays: 2, closedDates: ['2026-12-25'] }).expect(200);
    expect(saved.body).toMatchObject({ success: true, express: false, slotDays: 2, closedDates: ['2026-12-25'], slots: [MORNING, EVENING] });
    expect((await shop.get('/api/seller/delivery').expect(200)).body).toMatchObject({ express: false, slots: [MORNING, EVENING], slotDays: 2 });
    // Left out: express on, no slots, 3 days (a shop that never set them works as before).
    expect((await settings({}).expect(200)).body).toMatchObject({ express: true, slots: [], slotDays: 3, closedDates: [] });
    const refused: [Record<string, unknown>, RegExp][] = [
      [{ slots: [MORNING, { ...EVENING, start: '08:00', end: '10:00', days: [2] }] }, /Slots 1 \(07:00–09:00\) and 2 \(08:00–10:00\) overlap on Tuesday/],
      [{ slots: [{ ...MORNING, end: '07:00' }] }, /end \(07:00\) must be later than the start/],
      [
        {
          slots: Array.from({ length: 13 }, (_, i) => ({
            ...MORNING,
            start: `${String(i + 6).padStart(2, '0')}:00`,
            end: `${String(i + 6).padStart(2, '0')}:30`,
          })),
        },
        /At most 12 slots a day/,
      ],
      [{ slots: [{ ...MORNING, capacity: 501 }] }, /capacity must be a whole number of orders from 1 to 500/],
      [{ closedDates: ['2026-13-01'] }, /YYYY-MM-DD/],
    ];
    for (const [body, message] of refused) {
      const res = await settings(body).expect(400);
      expect(res.body).toMatchObject({ success: false, message: expect.stringMatching(message) });
    }
  });

  it('shoppers see express and the next days’ slots; a past cut-off is shown but not choosable', async () => {
    await settings({ slots: [MORNING, EVENING], slotDays: 3 }).expect(200);
    const answer = await slots();
    expect(answer.express).toEqual({ available: true, etaMinutes: 30, message: 'Delivery in 30 min' });
    expect(answer.days.map((d) => [d.date, d.label])).toEqual([
      ['2026-12-01', 'Today'],
      ['2026-12-02', 'Tomorrow'],
      ['2026-12-03', 'Thu 3 Dec'],
    ]);
    // 08:00 now: today's 07:00 slot closed at 06:00; the evening one is open.
    expect(answer.days[0].slots).toEqual([
      { id: '2026-12-01T07:00', start: '07:00', end: '09:00', left: 3, available: false, reason: 'Closed for orders' },
      { id: '2026-12-01T18:00', start: '18:00', end: '20:00', left: 5, available: true },
    ]);
    const [b] = await buyers(1);
    expect((await place(b, '2026-12-01T07:00').expect(409)).body.message).toBe(
      'The Tue 1 Dec 07:00–09:00 slot is closed for orders now; please choose another slot',
    );
    expect((await place(b, '2026-12-05T07:00').expect(409)).body.message).toBe('The Sat 5 Dec 07:00 slot is not offered; please choose another slot');
    expect((await place(b, 'tomorrow').expect(400)).body.message).toMatch(/slot id such as/);
    const placed = (await place(b, '2026-12-02T07:00').expect(201)).body.order;
    // 09:00 in India on 2 Dec.
    expect(placed).toMatchObject({ deliverySlot: { date: '2026-12-02', start: '07:00', end: '09:00' }, deliverBy: '2026-12-02T03:30:00.000Z' });
    expect(await slotOf('2026-12-02T07:00')).toMatchObject({ left: 2, available: true });
  });

  it('the cut-off: a minute before it takes the order, at it the slot refuses', async () => {
    await settings({ slots: [EVENING] }).expect(200);
    const [a, b] = await buyers(2);
    // 18:00 − 120 min = 16:00 in India = 10:30 UTC.
    clock.travelTo(new Date('2026-12-01T10:29:00Z'));
    await place(a, '2026-12-01T18:00').expect(201);
    clock.travelTo(new Date('2026-12-01T10:30:00Z'));
    expect((await place(b, '2026-12-01T18:00').expect(409)).body.message).toMatch(/Tue 1 Dec 18:00–20:00 slot is closed for orders/);
  });

  it('10 shoppers race for a slot with 3 places: exactly 3 orders, the rest told it is full; a cancel gives one place back once', async () => {
    await settings({ slots: [MORNING], slotDays: 7 }).expect(200);
    const racers = await buyers(10);
    const answers = await Promise.all(racers.map((b) => place(b, '2026-12-04T07:00')));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = answers.filter((r) => r.status === 409);
    expect(refused).toHaveLength(7);
    expect(new Set(refused.map((r) => r.body.message))).toEqual(new Set(['The Fri 4 Dec 07:00–09:00 slot is full; please choose another slot']));
    expect(await t.connection.collection('orders').countDocuments({ 'deliverySlot.date': '2026-12-04', 'deliverySlot.start': '07:00' })).toBe(3);
    expect(await slotOf('2026-12-04T07:00')).toMatchObject({ left: 0, available: false, reason: 'Full' });
    const won = answers.findIndex((r) => r.status === 201);
    const orderId = answers[won].body.order._id as string;
    await Promise.all([0, 1].map(() => racers[won].agent.post(`/api/orders/${orderId}/cancel`)));
    await eventually(async () => (await slotOf('2026-12-04T07:00'))?.left === 1, 'the cancelled order’s place comes back');
    const again = await Promise.all(racers.filter((_, i) => answers[i].status === 409).map((b) => place(b, '2026-12-04T07:00')));
    expect(again.filter((r) => r.status === 201)).toHaveLength(1);
  }, 60_000);

  it('a place taken for an order that was never stored goes back after a minute, once; a stored order keeps its place', async () => {
    await settings({ slots: [MORNING], slotDays: 7 }).expect(200);
    const id = '2026-12-07T07:00';
    const { DeliverySlotsService } = await import('../src/delivery/slots/delivery-slots.service');
    const { OrderStatusChanges } = await import('../src/orders/order-status.service');
    const sweep = t.app.get(OrderStatusChanges);
    // What a process that died between taking the place and storing the order leaves behind.
    const ghost = `order:${new Types.ObjectId().toHexString()}`;
    expect(await t.app.get(DeliverySlotsService).take({ id, date: '2026-12-07', start: '07:00', end: '09:00' }, ghost)).toBe(true);
    const [b] = await buyers(1);
    const stored = (await place(b, id).expect(201)).body.order._id as string;
    expect(await slotOf(id)).toMatchObject({ left: 1 });
    // Not yet: a placing may still be storing its order.
    await sweep.sweepStock();
    expect(await slotOf(id)).toMatchObject({ left: 1 });
    const later = Date.now() + 120_000;
    await Promise.all([sweep.sweepStock(later), sweep.sweepStock(later)]);
    await sweep.sweepStock(later);
    expect(await slotOf(id)).toMatchObject({ left: 2 });
    const doc = await t.connection.collection('delivery_slot_places').findOne({ _id: id as never });
    expect(doc?.places).toEqual([{ ref: `order:${stored}` }]);
    expect(await shop.get('/api/seller/slots/2026-12-07/07:00/orders').expect(200)).toMatchObject({ body: { orderdata: [{ _id: stored }] } });
  });

  it('a closed date has no slots and no express; express off wants a slot', async () => {
    await settings({ slots: [MORNING], closedDates: ['2026-12-01', '2026-12-02'] }).expect(200);
    const answer = await slots();
    expect(answer.express).toEqual({ available: false, message: 'Closed today; please choose a slot' });
    expect((await t.http().get(`/api/delivery?pincode=${PINCODE}`).expect(200)).body.message).toBe('Closed today · choose a delivery slot');
    expect(answer.days.map((d) => d.date)).toEqual(['2026-12-03']);
    const [b] = await buyers(1);
    expect((await place(b).expect(409)).body.message).toBe('The shop is closed today (Tue 1 Dec); please choose a delivery slot on another day');
    expect((await place(b, '2026-12-02T07:00').expect(409)).body.message).toBe('The shop is closed on Wed 2 Dec; please choose another day');
    await place(b, '2026-12-03T07:00').expect(201);

    await settings({ express: false, slots: [MORNING] }).expect(200);
    expect((await slots()).express).toEqual({ available: false, message: 'Express delivery is off; please choose a slot' });
    expect((await t.http().get(`/api/delivery?pincode=${PINCODE}`).expect(200)).body.message).toBe('Delivery in slots · choose one at checkout');
    expect((await place(b).expect(400)).body.message).toBe('Express delivery is off; please choose a delivery slot');
  });

  it('while the shop is closed, express is refused but a later slot takes the order', async () => {
    await settings({ slots: [EVENING], hours: { open: '09:00', close: '21:00' } }).expect(200);
    const answer = await slots();
    expect(answer.express).toMatchObject({ available: false, message: 'Closed now · opens at 09:00' });
    const [b] = await buyers(1);
    expect((await place(b).expect(409)).body.message).toMatch(/The shop is closed now; it opens at 09:00\. You can order then, or choose a delivery slot/);
    await place(b, '2026-12-01T18:00').expect(201);
  });

  it('the seller lowers a capacity below the places taken: the orders stay, no more are taken', async () => {
    await settings({ slots: [{ ...EVENING, capacity: 4 }] }).expect(200);
    const racers = await buyers(4);
    for (const b of racers.slice(0, 3)) await place(b, '2026-12-03T18:00').expect(201);
    await settings({ slots: [{ ...EVENING, capacity: 2 }] }).expect(200);
    expect(await slotOf('2026-12-03T18:00')).toMatchObject({ left: 0, available: false });
    expect((await place(racers[3], '2026-12-03T18:00').expect(409)).body.message).toMatch(/Thu 3 Dec 18:00–20:00 slot is full/);
    expect(await t.connection.collection('orders').countDocuments({ 'deliverySlot.date': '2026-12-03', 'deliverySlot.start': '18:00' })).toBe(3);
  });

  it('an online checkout holds a place; a failed payment frees it; a capture after the hold lapsed into a full slot is refunded', async () => {
    await settings({ slots: [{ ...EVENING, capacity: 1 }] }).expect(200);
    const [a, b, c] = await buyers(3);
    const slot = '2026-12-02T18:00';
    const checkout = async (x: Buyer) =>
      (
        await x.agent
          .post('/api/paymentonline')
          .send({ address: x.address, items: [{ product: atta, quantity: 1 }], delivery: { slot } })
          .expect(201)
      ).body.order as { id: string };
    const first = await checkout(a);
    expect(await slotOf(slot)).toMatchObject({ left: 0 });
    expect(
      (
        await b.agent
          .post('/api/paymentonline')
          .send({ address: b.address, items: [{ product: atta, quantity: 1 }], delivery: { slot } })
          .expect(409)
      ).body.message,
    ).toMatch(/slot is full/);
    const { payment: failed } = rzp.pay(first.id, { status: 'failed' });
    const hook = rzp.webhook('payment.failed', failed);
    await t.http().post('/api/payments/razorpay/webhook').set(hook.headers).send(hook.body).expect(200);
    expect(await slotOf(slot)).toMatchObject({ left: 1 });
    const second = await checkout(b);
    // Its hold lapses (CHECKOUT_EXPIRY_SECONDS: 2) and a COD order takes the place meanwhile.
    const held = await t.connection.collection('delivery_slot_places').findOne({ _id: slot as never });
    await past(Math.max(...(held?.places as { until?: Date }[]).map((p) => new Date(p.until ?? 0).getTime())));
    await place(c, slot).expect(201);
    const { success, payment } = rzp.pay(second.id);
    const res = await b.agent.post('/api/payment-success').send(success).expect(409);
    expect(res.body.message).toMatch(/delivery slot filled up while you were paying.*refunded/);
    expect([...rzp.refunds.values()].filter((r) => r.payment_id === payment.id)).toHaveLength(1);
    expect(await t.connection.collection('orders').countDocuments({ 'deliverySlot.date': '2026-12-02', 'deliverySlot.start': '18:00' })).toBe(1);
  });

  it('a paid checkout turns its held place into the order’s without counting twice', async () => {
    await settings({ slots: [{ ...EVENING, capacity: 2 }], slotDays: 7 }).expect(200);
    const [a] = await buyers(1);
    const slot = '2026-12-05T18:00';
    const order = (
      await a.agent
        .post('/api/paymentonline')
        .send({ address: a.address, items: [{ product: atta, quantity: 1 }], delivery: { slot } })
        .expect(201)
    ).body.order as { id: string };
    const { success, payment } = rzp.pay(order.id);
    const res = await a.agent.post('/api/payment-success').send(success).expect(201);
    expect(res.body.order).toMatchObject({ deliverySlot: { date: '2026-12-05', start: '18:00', end: '20:00' } });
    const hook = rzp.webhook('payment.captured', payment);
    await t.http().post('/api/payments/razorpay/webhook').set(hook.headers).send(hook.body).expect(200);
    expect(await slotOf(slot)).toMatchObject({ left: 1 });
  });

  it('the packer sees each slot with its orders, and its pick list in aisle order with totals per pack size (and as CSV)', async () => {
    await settings({ slots: [{ ...EVENING, capacity: 20 }], slotDays: 7 }).expect(200);
    const [milk, spinach, rice] = await insertProducts(t, [
      { name: 'Toned Milk', offerPrice: 30, category: 'Dairy' },
      { name: 'Spinach', offerPrice: 20, category: 'Vegetables' },
      { name: 'Basmati Rice', offerPrice: 120, category: 'Grains' },
    ]);
    const [a, b, c] = await buyers(3);
    const slot = '2026-12-06T18:00';
    const order = (x: Buyer, items: { product: string; quantity: number }[]) =>
      x.agent.post('/api/placeorders').set('Idempotency-Key', randomUUID()).send({ address: x.address, items, delivery: { slot } }).expect(201);
    await order(a, [
      { product: milk, quantity: 2 },
      { product: rice, quantity: 1 },
    ]);
    await order(b, [
      { product: spinach, quantity: 3 },
      { product: milk, quantity: 1 },
    ]);
    const cancelled = (await order(c, [{ product: rice, quantity: 5 }])).body.order._id as string;
    await c.agent.post(`/api/orders/${cancelled}/cancel`).expect(200);

    const listed = (await shop.get('/api/seller/slots').expect(200)).body.slots as { id: string; label: string; orders: number }[];
    expect(listed.find((s) => s.id === slot)).toMatchObject({ label: 'Sun 6 Dec', start: '18:00', end: '20:00', orders: 2 });
    const inSlot = (await shop.get('/api/seller/slots/2026-12-06/18:00/orders').expect(200)).body;
    expect(inSlot.orderdata).toHaveLength(2);
    const pick = (await shop.get('/api/seller/slots/2026-12-06/18:00/picklist').expect(200)).body;
    expect(pick).toMatchObject({ title: 'Sun 6 Dec, 18:00–20:00', orders: 2 });
    expect(pick.lines.map((l: { name: string; category: string; quantity: number; orders: number }) => [l.category, l.name, l.quantity, l.orders])).toEqual([
      ['Vegetables', 'Spinach', 3, 1],
      ['Dairy', 'Toned Milk', 3, 2],
      ['Grains', 'Basmati Rice', 1, 1],
    ]);
    const csv = await shop.get('/api/seller/slots/2026-12-06/18:00/picklist.csv').expect(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.text.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      '"Aisle","Product","Pack size","SKU","Barcode","Quantity","Orders"',
      '"Vegetables","Spinach","","","",3,1',
      '"Dairy","Toned Milk","","","",3,2',
      '"Grains","Basmati Rice","","","",1,1',
      '',
    ]);
    expect((await shop.get('/api/seller/slots/2026-12-06/7am/picklist').expect(400)).body.message).toMatch(/HH:MM/);
  });

  it('the pick list names each pack size’s SKU and barcode, and leaves out a line packed to 0 in every order', async () => {
    await settings({ slots: [{ ...EVENING, capacity: 20 }], slotDays: 7 }).expect(200);
    const now = new Date();
    const size = (label: string, offerPrice: number, codes: { sku?: string; barcode?: string }) => ({
      _id: new Types.ObjectId(),
      label,
      price: offerPrice,
      offerPrice,
      inStock: true,
      ...codes,
    });
    const product = (name: string, category: string, variants: ReturnType<typeof size>[]) => ({
      name,
      description: [`About ${name}`],
      category,
      price: variants[0].price,
      offerPrice: variants[0].offerPrice,
      image: ['/api/images/000000000000000000000000'],
      inStock: true,
      variants,
      createdAt: now,
      updatedAt: now,
    });
    const inserted = await t.connection
      .collection('products')
      .insertMany([
        product('Cow Ghee', 'Dairy', [size('500 ml', 300, { sku: 'GHEE-500', barcode: '8901234000011' })]),
        product('Sona Masoori', 'Grains', [size('5 kg', 400, { sku: 'SONA-5KG' })]),
        product('Curry Leaves', 'Vegetables', [size('1 bunch', 10, {})]),
      ]);
    const [ghee, sona, curry] = Object.values(inserted.insertedIds).map(String);
    const [a, b] = await buyers(2);
    const slot = '2026-12-07T18:00';
    const order = async (x: Buyer, items: { product: string; quantity: number }[]) =>
      (await x.agent.post('/api/placeorders').set('Idempotency-Key', randomUUID()).send({ address: x.address, items, delivery: { slot } }).expect(201)).body
        .order as { _id: string; items: { product: unknown }[] };
    const first = await order(a, [
      { product: ghee, quantity: 2 },
      { product: curry, quantity: 1 },
    ]);
    const second = await order(b, [
      { product: sona, quantity: 1 },
      { product: curry, quantity: 2 },
    ]);
    // Curry leaves run out: packed to 0 in both orders, nothing of them to pick.
    const curryLine = (o: typeof first) => o.items.findIndex((item) => String((item.product as { _id?: string })?._id ?? item.product) === curry);
    for (const o of [first, second])
      await shop
        .post(`/api/seller/orders/${o._id}/adjust`)
        .send({ lines: [{ line: curryLine(o), packed: 0 }] })
        .expect(200);

    const pick = (await shop.get('/api/seller/slots/2026-12-07/18:00/picklist').expect(200)).body;
    expect(pick.orders).toBe(2);
    expect(pick.lines).toEqual([
      expect.objectContaining({ name: 'Cow Ghee', quantity: 2, orders: 1, sku: 'GHEE-500', barcode: '8901234000011' }),
      expect.objectContaining({ name: 'Sona Masoori', quantity: 1, orders: 1, sku: 'SONA-5KG' }),
    ]);
    expect(pick.lines[1].barcode).toBeUndefined();
    const csv = await shop.get('/api/seller/slots/2026-12-07/18:00/picklist.csv').expect(200);
    expect(csv.text.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      '"Aisle","Product","Pack size","SKU","Barcode","Quantity","Orders"',
      '"Dairy","Cow Ghee","","GHEE-500","8901234000011",2,1',
      '"Grains","Sona Masoori","","SONA-5KG","",1,1',
      '',
    ]);
  });

  it('time-zone edges: just after midnight in India (still the day before in UTC), today is India’s day', async () => {
    await settings({ slots: [NIGHT, MORNING] }).expect(200);
    // 18:45 UTC on 1 Dec is 00:15 in India on Wednesday 2 Dec.
    clock.travelTo(new Date('2026-12-01T18:45:00Z'));
    const answer = await slots();
    expect(answer.days[0]).toMatchObject({ date: '2026-12-02', label: 'Today' });
    // Tonight's 00:00 slot closed at 23:30 the day before; tomorrow night's is open, and ends at 02:00 India time.
    expect(answer.days[0].slots[0]).toMatchObject({ id: '2026-12-02T00:00', available: false });
    expect(answer.days[1].slots[0]).toMatchObject({ id: '2026-12-03T00:00', available: true });
    const [b] = await buyers(1);
    const placed = (await place(b, '2026-12-03T00:00').expect(201)).body.order;
    expect(placed.deliverBy).toBe('2026-12-02T20:30:00.000Z');
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

(redisUrl ? describe : describe.skip)('delivery slots on two instances sharing the database and Redis', () => {
  const apps = twoInstances('slots', redisUrl!);

  it('10 shoppers on two instances race for a slot with 3 places: exactly 3 orders', async () => {
    for (const app of [apps.one, apps.two]) (await clockOf(app)).travelTo(TUESDAY_8AM);
    const [id] = await insertProducts(apps.one, [{ name: 'Maggi Noodles', offerPrice: 14, category: 'Snacks' }]);
    const shop = await seller(apps.one);
    await shop
      .put('/api/seller/delivery')
      .send({ areas: [], slots: [MORNING] })
      .expect(200);
    await eventually(
      async () => ((await apps.two.http().get(`/api/delivery/slots?pincode=${PINCODE}`)).body as SlotsAnswer).days.length > 0,
      'the second instance reads the new slots',
    );
    const racers = await Promise.all([...(await quickShoppers(apps.one, 5)), ...(await quickShoppers(apps.two, 5))].map(withAddress));
    const answers = await Promise.all(
      racers.map((b) =>
        b.agent
          .post('/api/placeorders')
          .set('Idempotency-Key', randomUUID())
          .send({ address: b.address, items: [{ product: id, quantity: 1 }], delivery: { slot: '2026-12-02T07:00' } }),
      ),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(3);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(7);
    expect(await apps.one.connection.collection('orders').countDocuments({ 'deliverySlot.date': '2026-12-02' })).toBe(3);
  }, 60_000);
});
