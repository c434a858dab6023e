import { randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import { insertProducts, seller, VALID_ADDRESS, type Agent } from './support/actors';
import type { TestApp } from './support/test-app';
import { twoInstances } from './support/two-instances';
import { eventually } from './support/waiting';

/**
 * Orders, order lists and session checks are kept in memory by each instance (issue 12); what one
 * instance writes must reach the other within a moment through Redis, and on one instance at once.
 */
const redisUrl = process.env.TEST_REDIS_URL;
(redisUrl ? describe : describe.skip)('orders and sessions kept in memory, on two instances sharing Redis', () => {
  // Both subscribed before the first write.
  const apps = twoInstances('readmodels', redisUrl, {}, { listening: ['orders', 'order-lists', 'sessions', 'accounts'] });
  let one: TestApp;
  let two: TestApp;
  let product: string;
  let sellerOne: Agent;
  let sellerTwo: Agent;

  beforeAll(async () => {
    ({ one, two } = apps);
    [product] = await insertProducts(one, [{ name: 'Milk', category: 'Dairy', offerPrice: 30 }]);
    sellerOne = await seller(one);
    sellerTwo = await seller(two);
  });

  /** A shopper signed up on instance one, with a saved address; `on(app)` sends their cookie to either instance. */
  async function newShopper() {
    const email = `reader-${randomBytes(4).toString('hex')}@example.com`;
    const res = await request(one.app.getHttpServer()).post('/api/register').send({ firstName: 'Asha', email, password: 'correct-horse-battery' }).expect(201);
    const cookie = (res.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
    const on = (t: TestApp) => ({
      get: (path: string) => request(t.app.getHttpServer()).get(path).set('Cookie', cookie),
      post: (path: string) => request(t.app.getHttpServer()).post(path).set('Cookie', cookie),
    });
    const address = (await on(one).post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id as string;
    return { on, address };
  }

  /** Polls until `check` holds; fails if that takes more than a second (the promise these tests check). */
  const soon = (check: () => Promise<boolean>) => eventually(check, 'the other instance sees the change', 10_000);

  const ids = (res: request.Response) => (res.body.orderdata as { _id: string }[]).map((o) => o._id);

  it('an order placed on one instance is in the shopper’s and the seller’s lists on both, at once on the first', async () => {
    const asha = await newShopper();
    // Both instances have read (and keep) the lists before the order.
    for (const t of [one, two]) expect((await asha.on(t).get('/api/getorder/user').expect(200)).body.total).toBe(0);
    const sellerTotal = (await sellerTwo.get('/api/getorder/admin/seller').expect(200)).body.total as number;

    const placed = await asha
      .on(one)
      .post('/api/placeorders')
      .set('Idempotency-Key', randomUUID())
      .send({ address: asha.address, items: [{ product, quantity: 2 }] });
    expect(placed.status).toBe(201);
    const id = placed.body.order._id as string;
    expect(ids(await asha.on(one).get('/api/getorder/user').expect(200))).toEqual([id]);
    expect(ids(await sellerOne.get('/api/getorder/admin/seller').expect(200))[0]).toBe(id);

    await soon(async () => ids(await asha.on(two).get('/api/getorder/user')).includes(id));
    await soon(async () => (await sellerTwo.get('/api/getorder/admin/seller')).body.total === sellerTotal + 1);
    const onTwo = await asha.on(two).get('/api/getorder/user').expect(200);
    expect(onTwo.body.orderdata[0]).toMatchObject({ _id: id, amount: placed.body.order.amount, status: 'Order Placed' });
    expect(onTwo.body.orderdata[0].items[0].product).toMatchObject({ _id: product, name: 'Milk' });
  });

  it('a status change on one instance replaces the order the other keeps, and the shopper’s own view at once', async () => {
    const asha = await newShopper();
    const placed = await asha
      .on(one)
      .post('/api/placeorders')
      .set('Idempotency-Key', randomUUID())
      .send({ address: asha.address, items: [{ product, quantity: 1 }] });
    const id = placed.body.order._id as string;
    // Instance two keeps the order as placed.
    await soon(async () => ids(await asha.on(two).get('/api/getorder/user')).includes(id));

    await sellerTwo.patch(`/api/orders/${id}/status`).send({ status: 'Packing' }).expect(200);
    expect((await asha.on(two).get('/api/getorder/user').expect(200)).body.orderdata[0].status).toBe('Packing');
    await soon(async () => (await asha.on(one).get('/api/getorder/user')).body.orderdata[0]?.status === 'Packing');
    // The shopper can no longer cancel it on either instance: both read the new status.
    await asha.on(one).post(`/api/orders/${id}/cancel`).expect(409);
  });

  it('orders placed at once on both instances each take one place of the seller’s list: none lost, none twice, numbers consecutive', async () => {
    const shoppers = await Promise.all(Array.from({ length: 6 }, () => newShopper()));
    const before = (await sellerOne.get('/api/getorder/admin/seller').expect(200)).body.total as number;
    // Each instance writes the appends that arrive while one is being written together (one insert of consecutive places).
    const placed = await Promise.all(
      shoppers.flatMap((shopper) =>
        [one, two, one, two].map((t) =>
          shopper
            .on(t)
            .post('/api/placeorders')
            .set('Idempotency-Key', randomUUID())
            .send({ address: shopper.address, items: [{ product, quantity: 1 }] }),
        ),
      ),
    );
    expect(placed.map((r) => r.status)).toEqual(placed.map(() => 201));
    const placedIds = placed.map((r) => r.body.order._id as string);

    await soon(async () => (await sellerOne.get('/api/getorder/admin/seller')).body.total === before + placed.length);
    const listed = await sellerOne.get(`/api/getorder/admin/seller?limit=${placed.length}`).expect(200);
    expect(listed.body.total).toBe(before + placed.length);
    expect(ids(listed).sort()).toEqual([...placedIds].sort());
    const numbers = (listed.body.orderdata as { orderNumber: string }[]).map((o) => Number(o.orderNumber.replace('GC-', ''))).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => 10_001 + before + i));
    for (const [i, shopper] of shoppers.entries()) {
      const mine = await shopper.on(two).get('/api/getorder/user').expect(200);
      expect(ids(mine).sort()).toEqual(placedIds.slice(i * 4, i * 4 + 4).sort());
    }
  });

  it('replays of an idempotency key answer the one order from either instance', async () => {
    const asha = await newShopper();
    const key = randomUUID();
    const body = { address: asha.address, items: [{ product, quantity: 3 }] };
    const first = await asha.on(one).post('/api/placeorders').set('Idempotency-Key', key).send(body).expect(201);
    const replays = await Promise.all([one, two, one, two].map((t) => asha.on(t).post('/api/placeorders').set('Idempotency-Key', key).send(body)));
    expect(replays.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(replays.map((r) => r.body.order._id))).toEqual(new Set([first.body.order._id]));
    expect((await asha.on(two).get('/api/getorder/user').expect(200)).body.total).toBe(1);
  });

  it('start-up migrations are recorded once per database, done, whichever instance ran them', async () => {
    const records = await one.connection.collection('migrations').find({}).toArray();
    const ids = records.map((record) => record._id);
    expect(ids).toEqual(expect.arrayContaining(['address-books', 'orders-payment-states-and-address-snapshots', 'orders-listed']));
    expect(records.every((record) => record.state === 'done')).toBe(true);
  });

  it('a migration started on both instances at once runs once; one that fails is not recorded, and runs again', async () => {
    const { MigrationRunner } = await import('../src/database/migrations/migration-runner');
    const id = `test-${randomBytes(4).toString('hex')}`;
    // The run holds until both instances have tried to claim the migration (the record's insert): they meet.
    let claims = 0;
    let bothTried!: () => void;
    const met = new Promise<void>((resolve) => (bothTried = resolve));
    const spies = [...new Set([one, two].map((app) => app.connection.collection('migrations')))].map((records) => {
      const insertOne = records.insertOne.bind(records);
      return jest.spyOn(records, 'insertOne').mockImplementation(((doc: { _id?: unknown }, ...rest: unknown[]) => {
        if (doc?._id === id && ++claims === 2) bothTried();
        return (insertOne as (...args: unknown[]) => unknown)(doc, ...rest);
      }) as never);
    });
    let runs = 0;
    const migration = {
      id,
      run: async () => {
        runs++;
        await met;
      },
    };
    try {
      await Promise.all([one.app.get(MigrationRunner).run(migration), two.app.get(MigrationRunner).run(migration)]);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(claims).toBeGreaterThanOrEqual(2);
    expect(runs).toBe(1);
    expect(await one.connection.collection('migrations').findOne({ _id: id as never })).toMatchObject({ state: 'done' });
    await one.app.get(MigrationRunner).run(migration);
    expect(runs).toBe(1);

    const failing = { id: `${id}-failing`, run: () => Promise.reject(new Error('database away')) };
    await expect(two.app.get(MigrationRunner).run(failing)).rejects.toThrow('database away');
    expect(await one.connection.collection('migrations').findOne({ _id: failing.id as never })).toBeNull();
    let retried = 0;
    await one.app.get(MigrationRunner).run({ id: failing.id, run: async () => void retried++ });
    expect(retried).toBe(1);
  });

  it('logging out on one instance ends the session on the other, though it checked the session a moment ago', async () => {
    const asha = await newShopper();
    await asha.on(two).get('/api/isAuth').expect(200);
    await asha.on(one).get('/api/logout').expect(200);
    await asha.on(one).get('/api/isAuth').expect(401);
    await soon(async () => (await asha.on(two).get('/api/isAuth')).status === 401);
    await asha.on(two).get('/api/getorder/user').expect(401);
  });

  it('"sign out everywhere" on one instance ends every session on the other', async () => {
    const asha = await newShopper();
    await asha.on(two).get('/api/isAuth').expect(200);
    await asha.on(one).post('/api/logout/everywhere').expect(200);
    await soon(async () => (await asha.on(two).get('/api/isAuth')).status === 401);
  });
});
