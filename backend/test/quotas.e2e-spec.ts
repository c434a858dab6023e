import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { AUTH_ENV, insertProducts, quickShoppers, shopper, VALID_ADDRESS } from './support/actors';
import { FakeRazorpay } from './support/fake-razorpay';
import { createTestApp, type TestApp } from './support/test-app';
import { twoInstances } from './support/two-instances';
import { eventually } from './support/waiting';

const redisUrl = process.env.TEST_REDIS_URL;

describe('saved addresses: a quota per shopper, a list read by id', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...AUTH_ENV, ADDRESS_BOOK_LIMIT: '3' });
  });
  afterAll(() => t.close());

  it('the fourth address is refused with a clear 400 and nothing stored; deleting one makes room', async () => {
    const { agent } = await shopper(t, 'Quota');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        (
          await agent
            .post('/api/Address/add')
            .send({ adress: { ...VALID_ADDRESS, street: `${i + 1} Main Road` } })
            .expect(201)
        ).body.address._id,
      );
    const before = await t.connection.collection('addresses').countDocuments();
    const refused = await agent.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(400);
    expect(refused.body).toEqual({ success: false, message: expect.stringMatching(/up to 3 saved addresses/) });
    expect(await t.connection.collection('addresses').countDocuments()).toBe(before);
    await agent.delete(`/api/Address/${ids[0]}`).expect(200);
    await agent
      .post('/api/Address/add')
      .send({ adress: { ...VALID_ADDRESS, street: '4 Main Road' } })
      .expect(201);
    const list = (await agent.get('/api/Address/get').expect(200)).body.address as { street: string; isDefault: boolean }[];
    expect(list.map((a) => a.street)).toEqual(['4 Main Road', '3 Main Road', '2 Main Road']);
    expect(list.map((a) => a.isDefault)).toEqual([true, false, false]);
  });

  it('another shopper’s full book changes nothing for the next one; an address of someone else is not found', async () => {
    const [full, other] = await quickShoppers(t, 2, 'Book');
    const mine: string[] = [];
    for (let i = 0; i < 3; i++) mine.push((await full.agent.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id);
    await other.agent
      .post('/api/Address/add')
      .send({ adress: { ...VALID_ADDRESS, street: 'Other Lane' } })
      .expect(201);
    expect((await other.agent.get('/api/Address/get').expect(200)).body.address).toHaveLength(1);
    await other.agent.delete(`/api/Address/${mine[0]}`).expect(404);
    await other.agent.patch(`/api/Address/${mine[0]}`).send({ adress: VALID_ADDRESS }).expect(404);
    await other.agent.post(`/api/Address/${mine[0]}/default`).expect(404);
    expect((await full.agent.get('/api/Address/get').expect(200)).body.address).toHaveLength(3);
  });

  it('addresses stored before address books are listed after a restart (the books are built once)', async () => {
    const { id } = (await quickShoppers(t, 1, 'Legacy'))[0];
    const now = Date.now();
    await t.connection
      .collection('addresses')
      .insertMany(
        ['Old Street', 'Older Street'].map((street, i) => ({ ...VALID_ADDRESS, street, user: new Types.ObjectId(id), createdAt: new Date(now - i * 1000) })),
      );
    await t.connection.collection('address_books').deleteOne({ _id: 'job:address-books-built' as never });
    await t.connection.collection('migrations').deleteOne({ _id: 'address-books' as never });
    const database = t.connection.db!.databaseName;
    const again = await createTestApp({ ...AUTH_ENV, ADDRESS_BOOK_LIMIT: '3' }, { database });
    try {
      const { SessionService } = await import('../src/sessions/session.service');
      const token = await again.app.get(SessionService).signShopper(id);
      const list = await again.http().get('/api/Address/get').set('Cookie', `token=${token}`).expect(200);
      expect(list.body.address.map((a: { street: string }) => a.street)).toEqual(['Old Street', 'Older Street']);
    } finally {
      await (again.app as { close(): Promise<void> }).close();
    }
  });
});

describe('cash-on-delivery orders per shopper and hour', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...AUTH_ENV, COD_ORDERS_PER_HOUR: '3' });
  });
  afterAll(() => t.close());

  it('the fourth COD order within the hour is a 409 saying what to do, nothing stored; another shopper is not affected', async () => {
    const [apple] = await insertProducts(t, [{ name: 'Apple', offerPrice: 50, category: 'Fruits' }]);
    const [asha, bala] = await quickShoppers(t, 2, 'Cod');
    const order = async (agent: typeof asha.agent) => {
      const address = (await agent.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id as string;
      return () =>
        agent
          .post('/api/placeorders')
          .set('Idempotency-Key', randomUUID())
          .send({ address, items: [{ product: apple, quantity: 1 }] });
    };
    const ashaOrders = await order(asha.agent);
    for (let i = 0; i < 3; i++) await ashaOrders().expect(201);
    const before = await t.connection.collection('orders').countDocuments();
    const refused = await ashaOrders().expect(409);
    expect(refused.body).toEqual({ success: false, message: expect.stringMatching(/3 cash-on-delivery orders in the last hour.*pay online/) });
    expect(await t.connection.collection('orders').countDocuments()).toBe(before);
    await (await order(bala.agent))().expect(201);
  });
});

describe('open online checkouts per shopper', () => {
  let t: TestApp;
  let rzp: FakeRazorpay;
  beforeAll(async () => {
    rzp = await new FakeRazorpay().start();
    t = await createTestApp({ ...AUTH_ENV, ...rzp.env(), OPEN_CHECKOUTS_PER_SHOPPER: '2' });
  });
  afterAll(async () => {
    await t.close();
    await rzp.stop();
  });

  it('an online checkout needs the shopper’s own saved address: none saved is a 400, nothing opened', async () => {
    const [milk] = await insertProducts(t, [{ name: 'Milk', offerPrice: 30, category: 'Dairy' }]);
    const [homeless] = await quickShoppers(t, 1, 'NoAddress');
    const before = rzp.orders.size;
    const refused = await homeless.agent
      .post('/api/paymentonline')
      .send({ items: [{ product: milk, quantity: 1 }] })
      .expect(400);
    expect(refused.body).toEqual({ success: false, message: 'Please add a delivery address before paying' });
    // The spec's client ({ amount } with the saved cart) too.
    await homeless.agent
      .post('/api/updateCart')
      .send({ cartItems: { [milk]: 1 } })
      .expect(200);
    await homeless.agent.post('/api/paymentonline').send({ amount: 30 }).expect(400);
    expect(rzp.orders.size).toBe(before);
    expect(await t.connection.collection('checkouts').countDocuments({ user: new Types.ObjectId(homeless.id) })).toBe(0);
  });

  it('the same order again reuses its open checkout; a third different one is a 409 with what to do; paying one makes room', async () => {
    const [apple] = await insertProducts(t, [{ name: 'Apple', offerPrice: 50, category: 'Fruits' }]);
    const [asha] = await quickShoppers(t, 1, 'Checkout');
    const address = (await asha.agent.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id as string;
    const open = (quantity: number) => asha.agent.post('/api/paymentonline').send({ address, items: [{ product: apple, quantity }] });
    const first = (await open(1).expect(201)).body.order;
    const again = (await open(1).expect(201)).body.order;
    expect(again).toMatchObject({ id: first.id, amount: first.amount, currency: 'INR' });
    expect(rzp.orders.size).toBe(1);
    const second = (await open(2).expect(201)).body.order;
    expect(second.id).not.toBe(first.id);
    const checkouts = await t.connection.collection('checkouts').countDocuments();
    const refused = await open(3).expect(409);
    expect(refused.body).toEqual({ success: false, message: expect.stringMatching(/2 online payments open already/) });
    expect(await t.connection.collection('checkouts').countDocuments()).toBe(checkouts);
    expect(rzp.orders.size).toBe(2);
    const { success } = rzp.pay(first.id);
    await asha.agent.post('/api/payment-success').send(success).expect(201);
    await open(3).expect(201);
  });
});

(redisUrl ? describe : describe.skip)('the address quota on two instances', () => {
  let one: TestApp;
  let two: TestApp;
  let rzp: FakeRazorpay;
  beforeAll(async () => {
    rzp = await new FakeRazorpay().start();
  });
  const quotas = { ADDRESS_BOOK_LIMIT: '5', COD_ORDERS_PER_HOUR: '4', OPEN_CHECKOUTS_PER_SHOPPER: '3' };
  const apps = twoInstances('quotas', redisUrl, () => ({ ...rzp.env(), ...quotas }));
  beforeAll(() => {
    ({ one, two } = apps);
  });
  afterAll(() => rzp.stop());
  /** Products inserted behind the shop's back, announced, and in both instances' catalogues. */
  async function inBothCatalogues(id: string) {
    const { Catalogue } = await import('../src/products/catalogue');
    await one.app.get(Catalogue).announceReload();
    await eventually(
      async () => (await Promise.all([one, two].map((instance) => instance.app.get(Catalogue).get(id)))).every(Boolean),
      'both instances have the product in their catalogues',
    );
  }

  it('40 adds at once from one shopper on two instances: exactly 5 stored and listed, the rest 400 or 409', async () => {
    const { id } = (await quickShoppers(one, 1, 'Flood'))[0];
    const { SessionService } = await import('../src/sessions/session.service');
    const token = await one.app.get(SessionService).signShopper(id);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? two : one)
          .http()
          .post('/api/Address/add')
          .set('Cookie', `token=${token}`)
          .send({ adress: { ...VALID_ADDRESS, street: `${i} Flood Road` } }),
      ),
    );
    const codes = answers.map((r) => r.status);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.every((c) => c === 201 || c === 400 || c === 409)).toBe(true);
    for (const r of answers.filter((a) => a.status !== 201)) expect(r.body.success).toBe(false);
    expect(await one.connection.collection('addresses').countDocuments({ user: new Types.ObjectId(id) })).toBe(5);
    const list = await two.http().get('/api/Address/get').set('Cookie', `token=${token}`).expect(200);
    expect(list.body.address).toHaveLength(5);
  });

  it('20 COD orders at once from one shopper on two instances: exactly 4 placed, the rest 409', async () => {
    const [apple] = await insertProducts(one, [{ name: 'Apple', offerPrice: 50, category: 'Fruits' }]);
    await inBothCatalogues(apple);
    const [racer] = await quickShoppers(one, 1, 'CodRace');
    const address = (await racer.agent.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id as string;
    const { SessionService } = await import('../src/sessions/session.service');
    const token = await one.app.get(SessionService).signShopper(racer.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? two : one)
          .http()
          .post('/api/placeorders')
          .set('Cookie', `token=${token}`)
          .set('Idempotency-Key', randomUUID())
          .send({ address, items: [{ product: apple, quantity: 1 }] }),
      ),
    );
    const codes = answers.map((r) => r.status).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(4);
    expect(codes.filter((c) => c === 409)).toHaveLength(16);
    expect(await one.connection.collection('orders').countDocuments({ user: new Types.ObjectId(racer.id) })).toBe(4);
  });

  it('16 different online checkouts at once from one shopper on two instances: exactly 3 opened, the rest 409', async () => {
    const [pear] = await insertProducts(one, [{ name: 'Pear', offerPrice: 40, category: 'Fruits' }]);
    await inBothCatalogues(pear);
    const [payer] = await quickShoppers(one, 1, 'PayRace');
    const address = (await payer.agent.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id as string;
    const { SessionService } = await import('../src/sessions/session.service');
    const token = await one.app.get(SessionService).signShopper(payer.id);
    const before = rzp.orders.size;
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        (i % 2 ? two : one)
          .http()
          .post('/api/paymentonline')
          .set('Cookie', `token=${token}`)
          .send({ address, items: [{ product: pear, quantity: i + 1 }] }),
      ),
    );
    const codes = answers.map((r) => r.status);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(13);
    expect(rzp.orders.size - before).toBe(3);
    expect(await one.connection.collection('checkouts').countDocuments({ user: new Types.ObjectId(payer.id) })).toBe(3);
  });
});
