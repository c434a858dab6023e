import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Types } from 'mongoose';
import { insertProducts, seller, shopper, VALID_ADDRESS, type Agent } from './support/actors';
import type { TestApp } from './support/test-app';
import { twoInstances } from './support/two-instances';
import { eventually } from './support/waiting';

/**
 * What an instance that died leaves behind (hardening round four, finding 7): an order whose request died
 * with it is listed by the survivors' minute sweep, not only at the next start-up; a lock it held is taken
 * over within seconds by a shopper waiting for it, who is answered.
 */
const REDIS = process.env.TEST_REDIS_URL;

(REDIS ? describe : describe.skip)('what an instance that died leaves behind, on two instances', () => {
  const apps = twoInstances('deadinstance', REDIS ?? '');
  let one: TestApp;
  let two: TestApp;
  let asha: { one: Agent; two: Agent };
  let address: string;
  let sellers: { one: Agent; two: Agent };

  beforeAll(async () => {
    ({ one, two } = apps);
    const signedUp = await shopper(one, 'Asha');
    const onTwo = request.agent(two.app.getHttpServer());
    await onTwo.post('/api/login').send({ email: signedUp.email, password: 'correct-horse-battery' }).expect(200);
    asha = { one: signedUp.agent, two: onTwo };
    address = (await asha.one.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id;
    sellers = { one: await seller(one), two: await seller(two) };
  }, 60_000);

  /** A product both catalogues know, counted (`stock`) or not. */
  const addProduct = async (name: string, stock?: number) => {
    const [id] = await insertProducts(one, [{ name, offerPrice: 40, category: 'Vegetables' }]);
    await one.app.get((await import('../src/products/catalogue')).Catalogue).announceReload();
    if (stock !== undefined) await sellers.one.post('/api/changeStock').send({ id, stock }).expect(200);
    for (const t of [one, two]) {
      await eventually(async () => (await t.http().get(`/api/products/${id}`)).status === 200, `${name} is in the catalogue of every instance`, 30_000);
    }
    return id;
  };

  /** Whether the order is in Asha's list and in the seller's, as each instance answers them. */
  const listed = async (orderId: string) => {
    const ids = (res: { body: { orderdata?: { _id: string }[] } }) => (res.body.orderdata ?? []).map((o) => o._id);
    const seen: Record<string, boolean> = {};
    for (const name of ['one', 'two'] as const) {
      seen[`shopper on ${name}`] = ids(await asha[name].get('/api/getorder/user?limit=50')).includes(orderId);
      seen[`seller on ${name}`] = ids(await sellers[name].get('/api/getorder/admin/seller?limit=50')).includes(orderId);
    }
    return seen;
  };
  const everywhere = { 'shopper on one': true, 'seller on one': true, 'shopper on two': true, 'seller on two': true };
  const nowhere = { 'shopper on one': false, 'seller on one': false, 'shopper on two': false, 'seller on two': false };

  it('an order whose request died after its insert is listed by the minute sweep once its linking claim is stale, and by that alone', async () => {
    const spinach = await addProduct('Palak');
    const { OrderLinking } = await import('../src/orders/order-linking');
    // Instance one "dies" right after storing the order: its linking never starts, nor does the request answer.
    const linking = one.app.get(OrderLinking);
    const linkNew = linking.linkNew.bind(linking);
    linking.linkNew = () => new Promise<never>(() => undefined);
    const key = randomUUID();
    const placing = asha.one
      .post('/api/placeorders')
      .set('Idempotency-Key', key)
      .send({ address, items: [{ product: spinach, quantity: 2 }] });
    placing.end(() => undefined);
    const orders = one.connection.collection<{ _id: Types.ObjectId; unlisted?: boolean; linkingSince?: Date; orderNumber?: string }>('orders');
    try {
      await eventually(async () => (await orders.findOne({ idempotencyKey: key })) !== null, 'the order is stored', 30_000);
    } finally {
      placing.abort();
      linking.linkNew = linkNew;
    }
    const stored = (await orders.findOne({ idempotencyKey: key }))!;
    // What the dead request left: the order, out of the lists under its creator's claim, and no `link:` task.
    expect(stored).toMatchObject({ unlisted: true, linkingSince: expect.any(Date) });
    expect(stored.orderNumber).toBeUndefined();
    const orderId = String(stored._id);
    expect(await one.connection.collection('order_tasks').findOne({ _id: `link:${orderId}` } as object)).toBeNull();
    expect(await listed(orderId)).toEqual(nowhere);

    const { OrderStatusChanges } = await import('../src/orders/order-status.service');
    const { LINK_STALE_MS } = await import('../src/orders/order-linking');
    const claimedAt = stored.linkingSince!.getTime();
    // The 2-second sweep knows nothing of it; the minute sweep, while the claim is fresh, leaves it to its creator.
    await two.app.get(OrderLinking).sweep();
    await two.app.get(OrderStatusChanges).sweepStock(claimedAt + 1_000);
    expect(await orders.findOne({ _id: stored._id })).toMatchObject({ unlisted: true });
    expect(await listed(orderId)).toEqual(nowhere);

    // Once the claim is stale the surviving instance's minute sweep lists it, both sweeps at once giving it one place.
    const later = claimedAt + LINK_STALE_MS + 1_000;
    const sellerTotal = (await sellers.two.get('/api/getorder/admin/seller?limit=50')).body.total as number;
    await Promise.all([two.app.get(OrderStatusChanges).sweepStock(later), one.app.get(OrderStatusChanges).sweepStock(later)]);
    const after = await orders.findOne({ _id: stored._id });
    expect(after?.unlisted).toBeUndefined();
    expect(after?.linkingSince).toBeUndefined();
    expect(after?.orderNumber).toMatch(/^GC-\d+$/);
    let seen: Record<string, boolean> = {};
    await eventually(
      async () => JSON.stringify((seen = await listed(orderId))) === JSON.stringify(everywhere),
      'the order is in the shopper’s and the seller’s lists on both instances',
      30_000,
      () => seen,
    );
    const totals = await Promise.all([sellers.one, sellers.two].map(async (agent) => (await agent.get('/api/getorder/admin/seller?limit=50')).body.total));
    expect(totals).toEqual([sellerTotal + 1, sellerTotal + 1]);
  }, 90_000);

  it('a product lock left by an instance that died is taken over within seconds: the shopper waiting for it gets the order, not a 409', async () => {
    const okra = await addProduct('Bhindi', 10);
    const locks = one.connection.collection<{ _id: string; holder: string; instance: string; at: Date }>('locks');
    // The lock document a run on a dead instance leaves: taken a moment ago (far from its 30 s staleness),
    // naming an instance whose heartbeat no one writes any more.
    const dead = 'instance-that-died';
    await one.connection.collection<{ _id: string; beat: Date }>('lock_instances').insertOne({ _id: dead, beat: new Date() });
    await locks.insertOne({ _id: `product:${okra}`, holder: 'run-that-died', instance: dead, at: new Date() });

    const placed = await asha.two
      .post('/api/placeorders')
      .set('Idempotency-Key', randomUUID())
      .send({ address, items: [{ product: okra, quantity: 3 }] });
    expect(placed.status).toBe(201);
    expect(placed.body.order).toMatchObject({ items: [expect.objectContaining({ quantity: 3 })] });
    expect((await one.connection.collection('products').findOne({ _id: new Types.ObjectId(okra) }))?.stock).toBe(7);
    // Taken over and given back: no lock is left.
    expect(await locks.findOne({ _id: `product:${okra}` })).toBeNull();
  }, 60_000);

  it('a lock held on a live instance is never taken over, however long it is held: its heartbeat keeps it', async () => {
    const { LocksService } = await import('../src/common/locks/locks.service');
    const { LAPSE_MS, BEAT_MS } = await import('../src/common/locks/lock-watch');
    const [first, second] = [one.app.get(LocksService), two.app.get(LocksService)];
    const key = `test:${randomUUID()}`;
    const options = { busyMessage: 'busy', waitMs: 60_000, always: true };
    let release!: () => void;
    let firstHolds!: () => void;
    const holding = new Promise<void>((resolve) => (firstHolds = resolve));
    const held = first.run(key, options, () => new Promise<void>((resolve) => (firstHolds(), (release = resolve))));
    await holding;
    let secondRan = false;
    const waiting = second.run(key, options, async () => void (secondRan = true));

    // Until instance one has beaten more than LAPSE_MS worth of times while instance two waited.
    const beats = one.connection.collection<{ _id: string; beat: Date }>('lock_instances');
    const seen = new Set<number>();
    await eventually(
      async () => {
        const beat = (await beats.findOne({ _id: first.instance }))?.beat.getTime();
        if (beat !== undefined) seen.add(beat);
        return seen.size > LAPSE_MS / BEAT_MS + 1;
      },
      'instance one has beaten for longer than a dead holder’s heartbeat lasts',
      30_000,
      () => [...seen],
    );
    expect(secondRan).toBe(false);
    expect(await one.connection.collection('locks').findOne({ _id: key } as object)).toMatchObject({ instance: first.instance });

    release();
    await held;
    await waiting;
    expect(secondRan).toBe(true);
  }, 60_000);
});
