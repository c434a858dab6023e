import type { ActivityEntry } from '@greencart/domain';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { AUTH_ENV, insertProducts, shopper, TEST_SELLER, VALID_ADDRESS } from './support/actors';
import { staffCookie } from './support/staff';
import { createTestApp, type TestApp } from './support/test-app';
import { twoInstances } from './support/two-instances';

/** The activity log (issue 42): each kind of change, by whom, with the changed fields before and after; owner only; kept a year. */

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('activity log', () => {
  let t: TestApp;
  let owner: string;
  let manager: { id: string; cookie: string };
  beforeAll(async () => {
    t = await createTestApp({ ...AUTH_ENV });
    const res = await t.http().post('/api/sellerlogin').send(TEST_SELLER).expect(200);
    owner = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('sellerToken='))!.split(';')[0];
    manager = await staffCookie(t, owner, 'manager', 'Meena Iyer');
  });
  afterAll(() => t.close());

  const as = (cookie: string) => ({
    get: (path: string) => request(t.app.getHttpServer()).get(path).set('Cookie', cookie),
    post: (path: string) => request(t.app.getHttpServer()).post(path).set('Cookie', cookie),
    patch: (path: string) => request(t.app.getHttpServer()).patch(path).set('Cookie', cookie),
    put: (path: string) => request(t.app.getHttpServer()).put(path).set('Cookie', cookie),
    delete: (path: string) => request(t.app.getHttpServer()).delete(path).set('Cookie', cookie),
  });
  const newest = async (kind: string): Promise<ActivityEntry> =>
    ((await as(owner).get(`/api/seller/activity?kind=${kind}`).expect(200)).body.entries as ActivityEntry[])[0];

  it('records products, stock, coupons and delivery settings with who and the changed fields', async () => {
    const m = as(manager.cookie);
    const added = (
      await m
        .post('/api/addproduct')
        .field('productData', JSON.stringify({ name: 'Logged Carrots', category: 'Vegetables', price: 30, offerPrice: 25 }))
        .attach('image', PNG, { filename: 'p.png', contentType: 'image/png' })
        .expect(201)
    ).body.product as { _id: string };
    expect(await newest('product.created')).toMatchObject({
      actor: { id: manager.id, name: 'Meena Iyer', role: 'manager' },
      subject: 'Logged Carrots',
      subjectId: added._id,
      after: { name: 'Logged Carrots', offerPrice: 25 },
    });

    await m
      .patch(`/api/products/${added._id}`)
      .field('productData', JSON.stringify({ offerPrice: 22 }))
      .expect(200);
    const edited = await newest('product.edited');
    expect(edited).toMatchObject({ before: { offerPrice: 25 }, after: { offerPrice: 22 } });
    expect(edited.after).not.toHaveProperty('name');

    await m.post('/api/changeStock').send({ id: added._id, inStock: false }).expect(200);
    expect(await newest('stock.changed')).toMatchObject({ before: { inStock: true }, after: { inStock: false } });

    const coupon = (await m.post('/api/seller/coupons').send({ code: 'LOGGED10', kind: 'flat', value: 10 }).expect(201)).body.coupon as { _id: string };
    expect(await newest('coupon.created')).toMatchObject({ subject: 'Coupon LOGGED10', after: { code: 'LOGGED10', value: 10 } });
    await m.patch(`/api/seller/coupons/${coupon._id}`).send({ code: 'LOGGED10', kind: 'flat', value: 15 }).expect(200);
    expect(await newest('coupon.edited')).toMatchObject({ after: expect.objectContaining({}) });
    await m.delete(`/api/seller/coupons/${coupon._id}`).expect(200);
    expect(await newest('coupon.deleted')).toMatchObject({ subject: 'Coupon LOGGED10', before: expect.objectContaining({ code: 'LOGGED10' }) });

    await m.put('/api/seller/delivery').send({ areas: [], freeDeliveryAbove: 199, minimumOrder: 99, hours: null }).expect(200);
    expect(await newest('delivery.changed')).toMatchObject({
      before: { freeDeliveryAbove: null, minimumOrder: 0 },
      after: { freeDeliveryAbove: 199, minimumOrder: 99 },
    });
    const slotsUntouched = await newest('slots.changed');

    // The slots' part is logged as its own kind, and only what changed in it.
    const morning = { days: [1, 2, 3, 4, 5], start: '07:00', end: '09:00', capacity: 10, cutoffMinutes: 60 };
    await m
      .put('/api/seller/delivery')
      .send({ areas: [], freeDeliveryAbove: 199, minimumOrder: 99, hours: null, slots: [morning], slotDays: 2 })
      .expect(200);
    const slots = await newest('slots.changed');
    expect(slots).not.toEqual(slotsUntouched);
    expect(slots).toMatchObject({ subject: 'Delivery slots', before: { slots: [], slotDays: 3 }, after: { slots: [morning], slotDays: 2 } });
    expect(slots.after).not.toHaveProperty('minimumOrder');
    expect(slots.after).not.toHaveProperty('express');

    await m.delete(`/api/products/${added._id}`).expect(200);
    expect(await newest('product.deleted')).toMatchObject({ subject: 'Logged Carrots', before: { name: 'Logged Carrots' } });
  });

  it('records sign-ins and staff changes, filters by person, kind and time, newest first, and pages', async () => {
    const firsts = (await as(owner).get(`/api/seller/activity?actor=${manager.id}`).expect(200)).body.entries as ActivityEntry[];
    expect(firsts.every((e) => e.actor.id === manager.id)).toBe(true);
    expect(firsts.map((e) => e.at)).toEqual([...firsts.map((e) => e.at)].sort().reverse());
    expect(firsts.map((e) => e.kind)).toEqual(expect.arrayContaining(['sign-in', 'staff.joined']));
    expect(await newest('staff.invited')).toMatchObject({ actor: { id: 'owner', role: 'owner' }, after: { name: 'Meena Iyer', role: 'manager' } });
    const both = (await as(owner).get(`/api/seller/activity?actor=${manager.id}&kind=sign-in`).expect(200)).body.entries as ActivityEntry[];
    expect(both.length).toBeGreaterThan(0);
    expect(both.every((e) => e.actor.id === manager.id && e.kind === 'sign-in')).toBe(true);
    const past = new Date(Date.now() - 60_000).toISOString();
    expect((await as(owner).get(`/api/seller/activity?to=${past}`).expect(200)).body.entries).toEqual([]);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await as(owner).get(`/api/seller/activity?from=${future}`).expect(200)).body).toMatchObject({ entries: [], hasMore: false });
    expect((await as(owner).get('/api/seller/activity?page=2').expect(200)).body).toMatchObject({ page: 2, hasMore: false });
  });

  it('signs a packer’s packing change with their first name and logs it with the lines before and after', async () => {
    const packer = await staffCookie(t, owner, 'packer', 'Ravi Kumar');
    const { agent } = await shopper(t, 'Asha');
    const address = (await agent.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id as string;
    const [okra] = await insertProducts(t, [{ name: 'Logged Okra', offerPrice: 40, category: 'Vegetables' }]);
    const placed = (
      await agent
        .post('/api/placeorders')
        .set('Idempotency-Key', randomUUID())
        .send({ address, items: [{ product: okra, quantity: 3 }] })
        .expect(201)
    ).body.order as { _id: string };
    const res = await as(packer.cookie)
      .post(`/api/seller/orders/${placed._id}/adjust`)
      .send({ lines: [{ line: 0, packed: 2 }] })
      .expect(200);
    expect(res.body.adjustment.by).toBe('Ravi');
    expect(await newest('order.packing')).toMatchObject({
      actor: { id: packer.id, name: 'Ravi Kumar', role: 'packer' },
      subjectId: placed._id,
      before: { lines: ['Logged Okra × 3'] },
      after: { lines: ['Logged Okra × 2'] },
    });
    // A COD change refunds nothing: the shopper pays less at the door.
    expect((await newest('order.refund'))?.subjectId).not.toBe(placed._id);
  });

  it('is the owner’s alone, and refuses bad filters', async () => {
    await as(manager.cookie).get('/api/seller/activity').expect(403);
    for (const query of ['page=0', 'actor=x', 'kind=nope', 'from=yesterday'])
      expect((await as(owner).get(`/api/seller/activity?${query}`).expect(400)).body.success).toBe(false);
  });

  it('keeps a year: the sweep removes older entries and their pages only', async () => {
    const log = t.app.get((await import('../src/sessions/activity/activity-log')).ActivityLog);
    const before = (await as(owner).get('/api/seller/activity').expect(200)).body.entries.length as number;
    expect(await log.sweep(Date.now())).toBe(0);
    expect(await log.sweep(Date.now() + 366 * 24 * 60 * 60 * 1000)).toBeGreaterThanOrEqual(before);
    expect(await t.connection.collection('activity_log').countDocuments()).toBe(0);
    // Only pages wholly older than the cut are dropped; the newest page of each series stays for the entries to come.
    expect(await t.connection.collection('activity_pages').countDocuments()).toBeLessThanOrEqual(
      await t.connection.collection('activity_series').countDocuments(),
    );
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

(redisUrl ? describe : describe.skip)('activity log on two instances sharing the database and Redis', () => {
  const apps = twoInstances('activity', redisUrl!);

  it('keeps every entry of a burst on both instances: each numbered once, in order, in the whole log and in its series', async () => {
    const { ActivityLog } = await import('../src/sessions/activity/activity-log');
    const burst = (app: TestApp, actor: { id: string; name: string }, n: number) =>
      Array.from({ length: n }, (_, i) =>
        app.app
          .get(ActivityLog)
          .record({ ...actor, account: 'packer' }, i % 2 ? 'order.status' : 'stock.changed', { name: `Burst ${actor.name} ${i}` }, { n: i }, { n: i + 1 }),
      );
    const ravi = { id: randomUUID().replace(/-/g, '').slice(0, 24), name: 'Ravi' };
    const meena = { id: randomUUID().replace(/-/g, '').slice(0, 24), name: 'Meena' };
    await Promise.all([...burst(apps.one, ravi, 60), ...burst(apps.two, meena, 60)]);

    const stored = await apps.one.connection.collection('activity_log').find({}).toArray();
    expect(stored).toHaveLength(120);
    expect(new Set(stored.map((doc) => Number(doc._id)))).toEqual(new Set(Array.from({ length: 120 }, (_, i) => i + 1)));

    const cookie = (
      (await request(apps.two.app.getHttpServer()).post('/api/sellerlogin').send(TEST_SELLER).expect(200)).headers['set-cookie'] as unknown as string[]
    )
      .find((c) => c.startsWith('sellerToken='))!
      .split(';')[0];
    const all = async (query: string) => {
      const entries: ActivityEntry[] = [];
      for (let page = 1; ; page++) {
        const body = (await request(apps.one.app.getHttpServer()).get(`/api/seller/activity?${query}&page=${page}`).set('Cookie', cookie).expect(200)).body as {
          entries: ActivityEntry[];
          hasMore: boolean;
        };
        entries.push(...body.entries);
        if (!body.hasMore) return entries;
      }
    };
    for (const person of [ravi, meena]) {
      const theirs = await all(`actor=${person.id}`);
      expect(theirs).toHaveLength(60);
      // Newest first, and each person's entries in the order they were recorded on their instance.
      expect(theirs.map((e) => e.subject)).toEqual(Array.from({ length: 60 }, (_, i) => `Burst ${person.name} ${59 - i}`));
    }
    const everything = (await all('kind=stock.changed')).concat(await all('kind=order.status')).filter((e) => e.subject.startsWith('Burst'));
    expect(everything).toHaveLength(120);
    const whole = (await all('')).filter((e) => e.subject.startsWith('Burst'));
    expect(whole.map((e) => Number(e._id))).toEqual(Array.from({ length: 120 }, (_, i) => 120 - i));
  });
});
