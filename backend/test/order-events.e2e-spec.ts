import { randomUUID } from 'node:crypto';
import type { EventEmitter2 } from '@nestjs/event-emitter';
import request from 'supertest';
import { getConnectionToken } from '@nestjs/mongoose';
import { Types, type Connection } from 'mongoose';
import { ORDER_PAID, ORDER_PLACED, ORDER_STATUS_CHANGED } from '../src/orders/order.events';
import { AUTH_ENV, insertProducts, seller, shopper, TEST_SELLER, VALID_ADDRESS, type Agent } from './support/actors';
import { createTestApp, type TestApp } from './support/test-app';

describe('orders as the spec’s own client sends them, order events, address snapshots', () => {
  let t: TestApp;
  let a: Agent;
  let sellerAgent: Agent;
  let addressA: string;
  let apple: string;
  let milk: string;
  const seen: Record<string, { orderId: string }[]> = {};
  let events: EventEmitter2;

  beforeAll(async () => {
    t = await createTestApp(AUTH_ENV);
    a = (await shopper(t, 'Asha')).agent;
    sellerAgent = await seller(t);
    addressA = (await a.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id;
    [apple, milk] = await insertProducts(t, [
      { name: 'Apple', offerPrice: 33.33, price: 40 },
      { name: 'Milk', offerPrice: 30, category: 'Dairy' },
    ]);
    // Classes from the app's own module registry (createTestApp loads the app in a fresh one).
    events = t.app.get((await import('@nestjs/event-emitter')).EventEmitter2);
    for (const name of [ORDER_PLACED, ORDER_STATUS_CHANGED, ORDER_PAID]) {
      seen[name] = [];
      events.on(name, (event: { orderId: string }) => void seen[name].push(event));
    }
  });
  afterAll(() => t.close());

  const count = (name: string, orderId: string) => seen[name].filter((e) => e.orderId === orderId).length;
  const ordersOf = (filter: object = {}) => t.connection.collection('orders').countDocuments(filter);

  it('places an order sent exactly as spec section 7 says: { address, items }, no extra header', async () => {
    const res = await a
      .post('/api/placeorders')
      .send({ address: addressA, items: [{ product: apple, quantity: 2 }] })
      .expect(201);
    expect(res.body).toMatchObject({ success: true, order: { status: 'Order Placed', paymentType: 'COD', paymentStatus: 'pending', isPaid: false } });
    const mine = await a.get('/api/getorder/user').expect(200);
    expect(mine.body.orderdata.map((o: { _id: string }) => o._id)).toContain(res.body.order._id);
  });

  it('without Idempotency-Key, the same order sent twice within a few seconds is one order', async () => {
    const body = {
      address: addressA,
      items: [
        { product: milk, quantity: 1 },
        { product: apple, quantity: 1 },
      ],
    };
    const before = await ordersOf();
    const first = await a.post('/api/placeorders').send(body).expect(201);
    const again = await a
      .post('/api/placeorders')
      .send({ ...body, items: [...body.items].reverse() })
      .expect(200);
    expect(again.body.order._id).toBe(first.body.order._id);
    expect(await ordersOf()).toBe(before + 1);
    expect(count(ORDER_PLACED, first.body.order._id)).toBe(1);
  });

  it('without Idempotency-Key, a double click (concurrent submissions) gives one order', async () => {
    const body = { address: addressA, items: [{ product: milk, quantity: 4 }] };
    const before = await ordersOf();
    const results = await Promise.all(Array.from({ length: 5 }, () => a.post('/api/placeorders').send(body)));
    expect(results.every((r) => r.status === 201 || r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.order._id)).size).toBe(1);
    expect(await ordersOf()).toBe(before + 1);
  });

  it('without Idempotency-Key, a different order is a new order', async () => {
    const before = await ordersOf();
    await a
      .post('/api/placeorders')
      .send({ address: addressA, items: [{ product: milk, quantity: 7 }] })
      .expect(201);
    await a
      .post('/api/placeorders')
      .send({ address: addressA, items: [{ product: milk, quantity: 8 }] })
      .expect(201);
    expect(await ordersOf()).toBe(before + 2);
  });

  it('without Idempotency-Key, the same lines with another substitution choice, coupon or delivery slot are a new order', async () => {
    const code = `SAME${randomUUID().slice(0, 6).toUpperCase()}`;
    await sellerAgent.post('/api/seller/coupons').send({ code, kind: 'flat', value: 10 }).expect(201);
    await sellerAgent
      .put('/api/seller/delivery')
      .send({ areas: [], slots: [{ days: [0, 1, 2, 3, 4, 5, 6], start: '18:00', end: '20:00', capacity: 50, cutoffMinutes: 60 }], slotDays: 3 })
      .expect(200);
    const days = (await a.get(`/api/delivery/slots?pincode=${VALID_ADDRESS.pincode}`).expect(200)).body.days as {
      slots: { id: string; available: boolean }[];
    }[];
    const slot = days.flatMap((d) => d.slots).find((s) => s.available)!.id;
    const body = { address: addressA, items: [{ product: milk, quantity: 11 }] };
    const placed = async (extra: object, status: 200 | 201) =>
      (
        await a
          .post('/api/placeorders')
          .send({ ...body, ...extra })
          .expect(status)
      ).body.order._id as string;
    const variants: object[] = [{}, { substitutions: 'similar' }, { coupon: code }, { delivery: { slot } }, { substitutions: 'similar', delivery: { slot } }];
    const before = await ordersOf();
    const ids: string[] = [];
    for (const extra of variants) ids.push(await placed(extra, 201));
    expect(new Set(ids).size).toBe(variants.length);
    // The same again is still the same order; 'refund' is what naming no choice does.
    expect(await placed({ substitutions: 'similar' }, 200)).toBe(ids[1]);
    expect(await placed({ coupon: code.toLowerCase() }, 200)).toBe(ids[2]);
    expect(await placed({ substitutions: 'refund' }, 200)).toBe(ids[0]);
    expect(await ordersOf()).toBe(before + variants.length);
  });

  it('a listener that fails after the insert never turns the stored order into an error', async () => {
    const failAsync = async () => {
      throw new Error('listener failed (on purpose)');
    };
    const failSync = () => {
      throw new Error('listener failed at once (on purpose)');
    };
    events.prependListener(ORDER_PLACED, failSync);
    events.on(ORDER_PLACED, failAsync);
    try {
      const res = await a
        .post('/api/placeorders')
        .set('Idempotency-Key', randomUUID())
        .send({ address: addressA, items: [{ product: apple, quantity: 5 }] })
        .expect(201);
      expect(res.body.success).toBe(true);
      const mine = await a.get('/api/getorder/user?limit=100').expect(200);
      expect(mine.body.orderdata.map((o: { _id: string }) => o._id)).toContain(res.body.order._id);
    } finally {
      events.off(ORDER_PLACED, failSync);
      events.off(ORDER_PLACED, failAsync);
    }
  });

  it('keeps the delivery address as it was when ordered, after the saved address is edited or deleted', async () => {
    const other = (
      await a
        .post('/api/Address/add')
        .send({ adress: { ...VALID_ADDRESS, street: '7 Park Street', city: 'Kolkata' } })
        .expect(201)
    ).body.address._id;
    const order = (
      await a
        .post('/api/placeorders')
        .set('Idempotency-Key', randomUUID())
        .send({ address: other, items: [{ product: apple, quantity: 1 }] })
        .expect(201)
    ).body.order;
    expect(order.address).toMatchObject({ _id: other, street: '7 Park Street', city: 'Kolkata', pincode: '560001', zipcode: '560001' });
    const addresses = t.connection.collection('addresses');
    await addresses.updateOne({ _id: new Types.ObjectId(other) }, { $set: { street: '99 Changed Road' } });
    await addresses.deleteOne({ _id: new Types.ObjectId(other) });
    const mine = await a.get('/api/getorder/user?limit=100').expect(200);
    expect(mine.body.orderdata.find((o: { _id: string }) => o._id === order._id).address).toMatchObject({
      street: '7 Park Street',
      city: 'Kolkata',
      phone: '+919876543210',
    });
    const all = await sellerAgent.get('/api/getorder/admin/seller?limit=100').expect(200);
    expect(all.body.orderdata.find((o: { _id: string }) => o._id === order._id).address).toMatchObject({
      firstName: 'Asha',
      street: '7 Park Street',
      zipcode: '560001',
    });
  });

  it('publishes each event once per change, and a COD order is paid when delivered', async () => {
    const key = randomUUID();
    const body = { address: addressA, items: [{ product: apple, quantity: 3 }] };
    const id = (await a.post('/api/placeorders').set('Idempotency-Key', key).send(body).expect(201)).body.order._id;
    await a.post('/api/placeorders').set('Idempotency-Key', key).send(body).expect(200);
    expect(count(ORDER_PLACED, id)).toBe(1);

    const move = (status: string) => sellerAgent.patch(`/api/orders/${id}/status`).send({ status });
    await move('Packing').expect(200);
    await move('Delivered').expect(409);
    await move('Out for delivery').expect(200);
    expect(count(ORDER_PAID, id)).toBe(0);
    const delivered = await move('Delivered').expect(200);
    expect(delivered.body.order).toMatchObject({ status: 'Delivered', paymentStatus: 'paid', isPaid: true });
    expect(count(ORDER_STATUS_CHANGED, id)).toBe(3);
    expect(count(ORDER_PAID, id)).toBe(1);
    expect(count(ORDER_PLACED, id)).toBe(1);
  });

  it('a COD order cancelled before delivery owes nothing', async () => {
    const id = (
      await a
        .post('/api/placeorders')
        .set('Idempotency-Key', randomUUID())
        .send({ address: addressA, items: [{ product: milk, quantity: 2 }] })
        .expect(201)
    ).body.order._id;
    const res = await sellerAgent.patch(`/api/orders/${id}/status`).send({ status: 'Cancelled' }).expect(200);
    expect(res.body.order).toMatchObject({ status: 'Cancelled', paymentStatus: 'void', isPaid: false });
    expect(count(ORDER_PAID, id)).toBe(0);
    expect(count(ORDER_STATUS_CHANGED, id)).toBe(1);
  });

  it('empties the saved cart after an order through a listener of order.placed', async () => {
    await a
      .post('/api/updateCart')
      .send({ cartItems: { [milk]: 2, [apple]: 1 } })
      .expect(200);
    await a
      .post('/api/placeorders')
      .send({
        address: addressA,
        items: [
          { product: milk, quantity: 2 },
          { product: apple, quantity: 9 },
        ],
      })
      .expect(201);
    expect((await a.get('/api/isAuth').expect(200)).body.userData.cartItems).toEqual({});
  });
});

describe('one session check for HTTP and sockets; the engine seam', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(AUTH_ENV);
  });
  afterAll(() => t.close());

  const cookieHeader = (res: request.Response) =>
    ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');

  it('turns a Cookie header (as a socket handshake carries it) into the shopper or the seller', async () => {
    const sessions = t.app.get((await import('../src/sessions/session.service')).SessionService);
    const email = `asha-${randomUUID().slice(0, 8)}@example.com`;
    const shopperCookie = cookieHeader(await t.http().post('/api/register').send({ firstName: 'Asha', email, password: 'correct-horse-battery' }).expect(201));
    const sellerCookie = cookieHeader(await t.http().post('/api/sellerlogin').send(TEST_SELLER).expect(200));

    expect(await sessions.fromCookieHeader(shopperCookie)).toMatchObject({ shopper: { email, firstName: 'Asha' }, seller: null });
    expect(await sessions.fromCookieHeader(sellerCookie)).toMatchObject({ shopper: null, seller: { role: 'seller', email: TEST_SELLER.email } });
    expect(await sessions.fromCookieHeader(`${shopperCookie}; ${sellerCookie}`)).toMatchObject({ shopper: { email }, seller: { role: 'seller' } });
    expect(await sessions.fromCookieHeader(undefined)).toEqual({ shopper: null, seller: null });
    const forged = shopperCookie.replace(/\.[^.]+$/, '.forgedsignature');
    expect(await sessions.fromCookieHeader(forged)).toEqual({ shopper: null, seller: null });
    // A seller token is never accepted as a shopper token and the other way round.
    expect(await sessions.fromCookieHeader(sellerCookie.replace('sellerToken=', 'token='))).toEqual({ shopper: null, seller: null });
  });

  it('detects the engine once, reports it in /api/health, and holds a lock document on every engine (one path for both)', async () => {
    const engine = t.app.get((await import('../src/database/database-engine')).DatabaseEngine);
    expect(['ferretdb', 'mongodb']).toContain(engine.info.name);
    const health = await t.http().get('/api/health').expect(200);
    expect(health.body.database).toMatchObject({ status: 'up', engine: engine.info.name });
    const locks = t.app.get((await import('../src/common/locks/locks.service')).LocksService);
    const connection = t.app.get<Connection>(getConnectionToken());
    const held = await locks.run('test:one-path', { busyMessage: 'busy' }, () =>
      connection.collection<{ _id: string }>('locks').findOne({ _id: 'test:one-path' }),
    );
    expect(held).toMatchObject({ _id: 'test:one-path', instance: locks.instance });
    expect(await connection.collection<{ _id: string }>('locks').findOne({ _id: 'test:one-path' })).toBeNull();
  });
});

describe('order numbers and cancelling by the shopper', () => {
  let t: TestApp;
  let a: Agent;
  let b: Agent;
  let sellerAgent: Agent;
  let addressA: string;
  let apple: string;
  beforeAll(async () => {
    t = await createTestApp(AUTH_ENV);
    a = (await shopper(t, 'Asha')).agent;
    b = (await shopper(t, 'Bala')).agent;
    sellerAgent = await seller(t);
    addressA = (await a.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id;
    [apple] = await insertProducts(t, [{ name: 'Apple', offerPrice: 40 }]);
  });
  afterAll(() => t.close());

  const place = (quantity: number) =>
    a
      .post('/api/placeorders')
      .set('Idempotency-Key', randomUUID())
      .send({ address: addressA, items: [{ product: apple, quantity }] })
      .expect(201);

  it('gives each order a short unique number, searchable by the shopper and the seller', async () => {
    const first = (await place(1)).body.order;
    const second = (await place(2)).body.order;
    expect(first.orderNumber).toMatch(/^GC-\d{5,}$/);
    expect(second.orderNumber).toMatch(/^GC-\d{5,}$/);
    expect(second.orderNumber).not.toBe(first.orderNumber);
    const digits = first.orderNumber.slice(3);
    for (const search of [first.orderNumber, digits, `gc${digits}`]) {
      expect((await a.get(`/api/getorder/user?search=${search}`).expect(200)).body.orderdata.map((o: { _id: string }) => o._id)).toEqual([first._id]);
    }
    expect((await sellerAgent.get(`/api/getorder/admin/seller?search=${first.orderNumber}`).expect(200)).body.orderdata[0]._id).toBe(first._id);
    expect((await b.get(`/api/getorder/user?search=${first.orderNumber}`).expect(200)).body.orderdata).toEqual([]);
    expect((await a.get('/api/getorder/user?search=nonsense').expect(200)).body.orderdata).toEqual([]);
  });

  it('the shopper cancels their own order while it is Order Placed, never someone else’s or a packed one', async () => {
    const order = (await place(3)).body.order;
    await b.post(`/api/orders/${order._id}/cancel`).expect(404);
    const res = await a.post(`/api/orders/${order._id}/cancel`).expect(200);
    expect(res.body.order).toMatchObject({ status: 'Cancelled', paymentStatus: 'void' });
    await a.post(`/api/orders/${order._id}/cancel`).expect(409);
    const packed = (await place(4)).body.order;
    await sellerAgent.patch(`/api/orders/${packed._id}/status`).send({ status: 'Packing' }).expect(200);
    expect((await a.post(`/api/orders/${packed._id}/cancel`).expect(409)).body.message).toMatch(/Packing/);
    await a.post('/api/orders/nope/cancel').expect(404);
  });
});
