import { randomUUID } from 'node:crypto';
import { priceCart } from '@greencart/domain';
import { Types } from 'mongoose';
import { AUTH_ENV, insertProducts, seller, shopper, VALID_ADDRESS, type Agent } from './support/actors';
import { createTestApp, type TestApp } from './support/test-app';

describe('addresses', () => {
  let t: TestApp;
  let a: Agent;
  let b: Agent;
  beforeAll(async () => {
    t = await createTestApp(AUTH_ENV);
    a = (await shopper(t, 'Asha')).agent;
    b = (await shopper(t, 'Bala')).agent;
  });
  afterAll(() => t.close());

  it('saves an address and lists it with zipcode = pincode', async () => {
    const res = await a.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201);
    expect(res.body).toMatchObject({ success: true, address: { city: 'Bengaluru', pincode: '560001', zipcode: '560001', phone: '+919876543210' } });
    const list = await a.get('/api/Address/get').expect(200);
    expect(list.body.success).toBe(true);
    expect(list.body.address).toHaveLength(1);
    expect(list.body.address[0]).toMatchObject({ zipcode: '560001', street: '12 MG Road' });
  });

  it("never shows one shopper's addresses to another", async () => {
    const list = await b.get('/api/Address/get').expect(200);
    expect(list.body.address).toEqual([]);
  });

  it.each([
    [{ ...VALID_ADDRESS, pincode: '12345' }, /pincode/i],
    [{ ...VALID_ADDRESS, phone: '12345' }, /phone/i],
    [{ ...VALID_ADDRESS, email: 'nope' }, /email/i],
    [{ ...VALID_ADDRESS, city: '   ' }, /city/i],
    [{ ...VALID_ADDRESS, street: undefined }, /street/i],
    [{ ...VALID_ADDRESS, user: '000000000000000000000000' }, /user/i],
  ])('rejects a bad address %#', async (adress, message) => {
    const before = await t.connection.collection('addresses').countDocuments();
    const res = await a.post('/api/Address/add').send({ adress }).expect(400);
    expect(res.body).toMatchObject({ success: false, message: expect.stringMatching(message) });
    expect(await t.connection.collection('addresses').countDocuments()).toBe(before);
  });

  it('takes an address without an email (left out, empty or null) and stores none; all nine fields still work', async () => {
    const { email: _none, ...withoutEmail } = VALID_ADDRESS;
    for (const adress of [withoutEmail, { ...VALID_ADDRESS, email: '' }, { ...VALID_ADDRESS, email: '  ' }, { ...VALID_ADDRESS, email: null }]) {
      const res = await a.post('/api/Address/add').send({ adress }).expect(201);
      expect(res.body.address).not.toHaveProperty('email');
      const stored = await t.connection.collection('addresses').findOne({ _id: new Types.ObjectId(res.body.address._id as string) });
      expect(stored).not.toHaveProperty('email');
      expect(stored).toMatchObject({ street: '12 MG Road', country: 'India', phone: '+919876543210' });
    }
    const full = await a
      .post('/api/Address/add')
      .send({ adress: { ...VALID_ADDRESS, email: 'Asha@Example.com' } })
      .expect(201);
    expect(full.body.address).toMatchObject({ email: 'asha@example.com', country: 'India' });
  });

  it('takes the country from the list only, in any case, and says where the shop delivers otherwise', async () => {
    const lower = await a
      .post('/api/Address/add')
      .send({ adress: { ...VALID_ADDRESS, country: ' india ' } })
      .expect(201);
    expect(lower.body.address.country).toBe('India');
    const before = await t.connection.collection('addresses').countDocuments();
    for (const country of ['Atlantis', 'Bharat', '', 7]) {
      const res = await a
        .post('/api/Address/add')
        .send({ adress: { ...VALID_ADDRESS, country } })
        .expect(400);
      expect(res.body).toMatchObject({ success: false, message: expect.stringMatching(/country/i) });
      if (country !== '' && country !== 7) {
        expect(res.body.errors['adress.country']).toBe('We deliver only within India; please choose India as the country');
      }
    }
    expect(await t.connection.collection('addresses').countDocuments()).toBe(before);
  });

  it('refuses a street over 200 characters with a message saying so (nothing cut, nothing stored), and takes 200', async () => {
    const before = await t.connection.collection('addresses').countDocuments();
    const res = await a
      .post('/api/Address/add')
      .send({ adress: { ...VALID_ADDRESS, street: 'x'.repeat(201) } })
      .expect(400);
    expect(res.body).toMatchObject({ success: false, message: 'Street must be at most 200 characters' });
    expect(res.body.errors).toEqual({ 'adress.street': 'Street must be at most 200 characters' });
    expect(await t.connection.collection('addresses').countDocuments()).toBe(before);
    const longest = await a
      .post('/api/Address/add')
      .send({ adress: { ...VALID_ADDRESS, street: ` ${'x'.repeat(200)} ` } })
      .expect(201);
    expect(longest.body.address.street).toBe('x'.repeat(200));
  });

  it('takes a phone typed with spaces, dashes, a leading 0 or 91, and stores it compact', async () => {
    for (const [typed, stored] of [
      ['098765-43210', '9876543210'],
      ['91 98765 43210', '+919876543210'],
      ['+91-98765-43210', '+919876543210'],
      ['98765 43210', '9876543210'],
    ]) {
      const res = await a
        .post('/api/Address/add')
        .send({ adress: { ...VALID_ADDRESS, phone: typed } })
        .expect(201);
      expect(res.body.address.phone).toBe(stored);
    }
  });

  it('an edit without an email takes the saved one away; a refused edit changes nothing', async () => {
    const id = (await b.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id as string;
    const { email: _none, ...withoutEmail } = VALID_ADDRESS;
    const edited = await b
      .patch(`/api/Address/${id}`)
      .send({ adress: { ...withoutEmail, city: 'Mysuru' } })
      .expect(200);
    expect(edited.body.address).toMatchObject({ city: 'Mysuru' });
    expect(edited.body.address).not.toHaveProperty('email');
    const saved = await t.connection.collection('addresses').findOne({ _id: new Types.ObjectId(id) });
    await b
      .patch(`/api/Address/${id}`)
      .send({ adress: { ...VALID_ADDRESS, country: 'Atlantis', street: 'y'.repeat(201) } })
      .expect(400);
    expect(await t.connection.collection('addresses').findOne({ _id: new Types.ObjectId(id) })).toEqual(saved);
  });

  it('rejects a body without adress, and anonymous callers', async () => {
    await a.post('/api/Address/add').send({ address: VALID_ADDRESS }).expect(400);
    await t.http().post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(401);
    await t.http().get('/api/Address/get').expect(401);
  });
});

describe('placing and following orders', () => {
  let t: TestApp;
  let a: Agent;
  let b: Agent;
  let sellerAgent: Agent;
  let addressA: string;
  let addressB: string;
  let apple: string, milk: string, awkward: string, soldOut: string;

  const place = (agent: Agent, body: object, key: string = randomUUID()) => agent.post('/api/placeorders').set('Idempotency-Key', key).send(body);

  beforeAll(async () => {
    t = await createTestApp(AUTH_ENV);
    a = (await shopper(t, 'Asha')).agent;
    b = (await shopper(t, 'Bala')).agent;
    sellerAgent = await seller(t);
    addressA = (await a.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id;
    addressB = (
      await b
        .post('/api/Address/add')
        .send({ adress: { ...VALID_ADDRESS, firstName: 'Bala' } })
        .expect(201)
    ).body.address._id;
    [apple, milk, awkward, soldOut] = await insertProducts(t, [
      { name: 'Apple', offerPrice: 33.33, price: 40 },
      { name: 'Milk', offerPrice: 0.1, price: 0.2, category: 'Dairy' },
      { name: 'Saffron', offerPrice: 1234.57, price: 1500 },
      { name: 'Mango', offerPrice: 99, inStock: false },
    ]);
  });
  afterAll(() => t.close());

  it('prices the order on the server with the one pricing function, ignoring client amounts', async () => {
    await a
      .post('/api/placeorders')
      .set('Idempotency-Key', randomUUID())
      .send({ address: addressA, items: [{ product: apple, quantity: 3 }], amount: 1 })
      .expect(400);
    const res = await place(a, {
      address: addressA,
      items: [
        { product: apple, quantity: 3 },
        { product: milk, quantity: 3 },
        { product: awkward, quantity: 7 },
      ],
    }).expect(201);
    const expected = priceCart([
      { offerPrice: 33.33, quantity: 3 },
      { offerPrice: 0.1, quantity: 3 },
      { offerPrice: 1234.57, quantity: 7 },
    ]);
    expect(res.body.order).toMatchObject({
      amountPaise: expected.totalPaise,
      amount: expected.totalPaise / 100,
      paymentType: 'COD',
      status: 'Order Placed',
      isPaid: false,
    });
    expect(expected).toEqual({
      subtotalPaise: 9999 + 30 + 864199,
      discountPaise: 0,
      taxPaise: Math.floor((874228 * 2) / 100),
      shippingPaise: 0,
      totalPaise: 874228 + 17484,
    });
    const first = res.body.order.items.find((i: { name: string }) => i.name === 'Apple');
    expect(first).toMatchObject({ quantity: 3, offerPrice: 33.33, product: { _id: apple, name: 'Apple', category: 'Fruits', offerPrice: 33.33 } });
    expect(new Date(res.body.order.expectedDeliveryAt).getTime() - new Date(res.body.order.createdAt).getTime()).toBe(30 * 60_000);
  });

  it('3 × ₹33.33 is ₹99.99 + ₹1.99 tax = ₹101.98', async () => {
    const res = await place(a, { address: addressA, items: [{ product: apple, quantity: 3 }] }).expect(201);
    expect(res.body.order.amount).toBe(101.98);
  });

  it('clears the shopper’s saved cart after placing', async () => {
    await a
      .post('/api/updateCart')
      .send({ cartItems: { [apple]: 2 } })
      .expect(200);
    await place(a, { address: addressA, items: [{ product: apple, quantity: 2 }] }).expect(201);
    const me = await a.get('/api/isAuth').expect(200);
    expect(me.body.userData.cartItems).toEqual({});
  });

  it.each([
    ['unknown product', () => ({ items: [{ product: '0123456789abcdef01234567', quantity: 1 }] }), /does not exist/],
    ['out of stock', () => ({ items: [{ product: soldOut, quantity: 1 }] }), /out of stock/],
    ['malformed product id', () => ({ items: [{ product: 'abc', quantity: 1 }] }), /product id/],
    ['zero quantity', () => ({ items: [{ product: apple, quantity: 0 }] }), /at least 1/],
    ['fractional quantity', () => ({ items: [{ product: apple, quantity: 1.5 }] }), /whole number/],
    ['huge quantity', () => ({ items: [{ product: apple, quantity: 1000 }] }), /exceed/],
    ['string quantity', () => ({ items: [{ product: apple, quantity: '2' }] }), /whole number/],
    ['empty cart', () => ({ items: [] }), /empty/],
    ['no address', () => ({ address: undefined, items: [{ product: apple, quantity: 1 }] }), /address/],
    ["another shopper's address", () => ({ address: addressB, items: [{ product: apple, quantity: 1 }] }), /address/],
    ['operator injection', () => ({ address: { $ne: null }, items: [{ product: apple, quantity: 1 }] }), /address/],
  ])('rejects %s with 400 and stores nothing', async (_name, body, message) => {
    const before = await t.connection.collection('orders').countDocuments();
    const res = await place(a, { address: addressA, ...body() }).expect(400);
    expect(res.body).toMatchObject({ success: false, message: expect.stringMatching(message) });
    expect(await t.connection.collection('orders').countDocuments()).toBe(before);
  });

  it('refuses a malformed idempotency key (the header itself is optional, see below)', async () => {
    const res = await a
      .post('/api/placeorders')
      .set('Idempotency-Key', 'short')
      .send({ address: addressA, items: [{ product: apple, quantity: 1 }] })
      .expect(400);
    expect(res.body.message).toMatch(/Idempotency-Key/);
  });

  it('a repeated submission returns the first order and never creates a second', async () => {
    const key = randomUUID();
    const body = { address: addressA, items: [{ product: apple, quantity: 1 }] };
    const first = await place(a, body, key).expect(201);
    const again = await place(a, body, key).expect(200);
    expect(again.body.order._id).toBe(first.body.order._id);
    expect(await t.connection.collection('orders').countDocuments({ idempotencyKey: key })).toBe(1);
    const different = await place(a, { ...body, items: [{ product: apple, quantity: 2 }] }, key).expect(409);
    expect(different.body.success).toBe(false);
  });

  it('concurrent submissions with the same key create exactly one order', async () => {
    const key = randomUUID();
    const body = { address: addressA, items: [{ product: milk, quantity: 2 }] };
    const results = await Promise.all(Array.from({ length: 8 }, () => place(a, body, key)));
    const ids = new Set(results.map((r) => r.body.order?._id));
    expect(results.every((r) => r.status === 201 || r.status === 200)).toBe(true);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(ids.size).toBe(1);
    expect(await t.connection.collection('orders').countDocuments({ idempotencyKey: key })).toBe(1);
  });

  it('lists only the shopper’s own orders, newest first, paginated', async () => {
    await place(b, { address: addressB, items: [{ product: milk, quantity: 1 }] }).expect(201);
    const mine = await a.get('/api/getorder/user?limit=2&page=1').expect(200);
    expect(mine.body).toMatchObject({ success: true, page: 1, limit: 2 });
    expect(mine.body.orderdata).toHaveLength(2);
    expect(mine.body.total).toBeGreaterThanOrEqual(4);
    const all = await a.get('/api/getorder/user?limit=100').expect(200);
    const dates = all.body.orderdata.map((o: { createdAt: string }) => new Date(o.createdAt).getTime());
    expect([...dates].sort((x, y) => y - x)).toEqual(dates);
    expect(all.body.orderdata.every((o: { address: { firstName: string } }) => o.address.firstName === 'Asha')).toBe(true);
    const theirs = await b.get('/api/getorder/user').expect(200);
    expect(theirs.body.orderdata).toHaveLength(1);
    await a.get('/api/getorder/user?page=0').expect(400);
    await a.get('/api/getorder/user?limit=500').expect(400);
  });

  it('the seller sees every order with the address fields of the spec', async () => {
    const res = await sellerAgent.get('/api/getorder/admin/seller').expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.total).toBeGreaterThanOrEqual(5);
    expect(res.body.orderdata[0].address).toMatchObject({
      firstName: 'Bala',
      lastName: 'Rao',
      street: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      zipcode: '560001',
      country: 'India',
    });
    await a.get('/api/getorder/admin/seller').expect(403);
    await t.http().get('/api/getorder/admin/seller').expect(401);
  });

  it('an unchanged page of orders is 304 to the browser that has it, and any change (a new order, a status) makes a new one', async () => {
    const first = await a.get('/api/getorder/user').set('Accept-Encoding', 'br, gzip').expect(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers['content-encoding']).toBe('br');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    await a.get('/api/getorder/user').set('If-None-Match', etag).expect(304);
    const sellerFirst = await sellerAgent.get('/api/getorder/admin/seller').expect(200);
    await sellerAgent.get('/api/getorder/admin/seller').set('If-None-Match', sellerFirst.headers.etag).expect(304);

    const placed = await place(a, { address: addressA, items: [{ product: milk, quantity: 4 }] }).expect(201);
    const afterOrder = await a.get('/api/getorder/user').set('If-None-Match', etag).expect(200);
    expect(afterOrder.body.orderdata[0]._id).toBe(placed.body.order._id);
    expect(afterOrder.body.total).toBe(first.body.total + 1);
    const afterSeller = await sellerAgent.get('/api/getorder/admin/seller').set('If-None-Match', sellerFirst.headers.etag).expect(200);
    expect(afterSeller.body.orderdata[0]._id).toBe(placed.body.order._id);

    await sellerAgent.patch(`/api/orders/${placed.body.order._id}/status`).send({ status: 'Packing' }).expect(200);
    const afterStatus = await a.get('/api/getorder/user').set('If-None-Match', afterOrder.headers.etag).expect(200);
    expect(afterStatus.body.orderdata[0].status).toBe('Packing');
    // Another shopper's page is theirs alone.
    await b.get('/api/getorder/user').set('If-None-Match', afterStatus.headers.etag).expect(200);
  });

  describe('status lifecycle', () => {
    let orderId: string;
    beforeAll(async () => {
      orderId = (await place(a, { address: addressA, items: [{ product: apple, quantity: 1 }] }).expect(201)).body.order._id;
    });
    const move = (status: string, agent: Agent = sellerAgent) => agent.patch(`/api/orders/${orderId}/status`).send({ status });

    it('refuses shoppers and anonymous callers', async () => {
      await move('Packing', a).expect(403);
      await t.http().patch(`/api/orders/${orderId}/status`).send({ status: 'Packing' }).expect(401);
    });

    it('refuses skipping steps and unknown statuses', async () => {
      expect((await move('Delivered').expect(409)).body.message).toMatch(/cannot become/);
      await move('Shipped').expect(400);
      await sellerAgent.patch('/api/orders/nope/status').send({ status: 'Packing' }).expect(400);
      await sellerAgent.patch('/api/orders/0123456789abcdef01234567/status').send({ status: 'Packing' }).expect(404);
    });

    it('moves Order Placed → Packing → Out for delivery → Delivered, and COD becomes paid', async () => {
      expect((await move('Packing').expect(200)).body.order).toMatchObject({ status: 'Packing', isPaid: false });
      await move('Out for delivery').expect(200);
      expect((await move('Delivered').expect(200)).body.order).toMatchObject({ status: 'Delivered', isPaid: true });
      const mine = await a.get('/api/getorder/user?limit=100').expect(200);
      expect(mine.body.orderdata.find((o: { _id: string }) => o._id === orderId)).toMatchObject({ status: 'Delivered', isPaid: true });
    });

    it('concurrent changes of one order: exactly one wins, the status history stays consistent', async () => {
      const id = (await place(a, { address: addressA, items: [{ product: apple, quantity: 1 }] }).expect(201)).body.order._id;
      await sellerAgent.patch(`/api/orders/${id}/status`).send({ status: 'Packing' }).expect(200);
      await sellerAgent.patch(`/api/orders/${id}/status`).send({ status: 'Out for delivery' }).expect(200);
      const moves = ['Delivered', 'Cancelled', 'Delivered', 'Cancelled', 'Delivered', 'Cancelled'];
      const results = await Promise.all(moves.map((status) => sellerAgent.patch(`/api/orders/${id}/status`).send({ status })));
      const winners = results.filter((r) => r.status === 200);
      expect(winners).toHaveLength(1);
      expect(results.filter((r) => r.status === 409)).toHaveLength(moves.length - 1);
      const final = await t.connection.collection('orders').findOne({ _id: new (await import('mongoose')).Types.ObjectId(id) });
      expect(final!.status).toBe(winners[0].body.order.status);
      expect(final!.isPaid).toBe(final!.status === 'Delivered');
      expect(final!.statusHistory.map((h: { status: string }) => h.status)).toEqual(['Order Placed', 'Packing', 'Out for delivery', final!.status]);
    });

    it('cannot cancel a delivered order, but can cancel one not yet delivered', async () => {
      await move('Cancelled').expect(409);
      const other = (await place(a, { address: addressA, items: [{ product: apple, quantity: 1 }] }).expect(201)).body.order._id;
      const res = await sellerAgent.patch(`/api/orders/${other}/status`).send({ status: 'Cancelled' }).expect(200);
      expect(res.body.order).toMatchObject({ status: 'Cancelled', isPaid: false, cancelledBy: 'shop' });
      expect(res.body.order.cancelReason).toBeUndefined();
      await sellerAgent.patch(`/api/orders/${other}/status`).send({ status: 'Packing' }).expect(409);
    });

    it('takes an optional reason with a cancel: trimmed, at most 200 characters, text only, only when cancelling', async () => {
      const id = (await place(a, { address: addressA, items: [{ product: apple, quantity: 1 }] }).expect(201)).body.order._id;
      const change = (body: object) => sellerAgent.patch(`/api/orders/${id}/status`).send(body);
      expect((await change({ status: 'Cancelled', reason: 'x'.repeat(201) }).expect(400)).body).toMatchObject({
        success: false,
        errors: { reason: 'reason must be at most 200 characters' },
      });
      await change({ status: 'Cancelled', reason: { $ne: null } }).expect(400);
      await change({ status: 'Cancelled', reason: 42 }).expect(400);
      expect((await change({ status: 'Packing', reason: 'Out of stock' }).expect(400)).body.message).toMatch(/only when cancelling/);
      // Blank is no reason at all (an old client's empty field).
      await change({ status: 'Packing', reason: '   ' }).expect(200);
      const res = await change({ status: 'Cancelled', reason: `  ${'y'.repeat(195)} ok  ` }).expect(200);
      expect(res.body.order).toMatchObject({ status: 'Cancelled', cancelledBy: 'shop', cancelReason: `${'y'.repeat(195)} ok` });
      const mine = await a.get(`/api/getorder/user?limit=100`).expect(200);
      expect(mine.body.orderdata.find((o: { _id: string }) => o._id === id)).toMatchObject({ cancelledBy: 'shop', cancelReason: `${'y'.repeat(195)} ok` });
    });

    it('a shopper cancelling their own order is recorded as theirs; the spec’s client sends no reason', async () => {
      const id = (await place(a, { address: addressA, items: [{ product: apple, quantity: 1 }] }).expect(201)).body.order._id;
      const res = await a.post(`/api/orders/${id}/cancel`).expect(200);
      expect(res.body.order).toMatchObject({ status: 'Cancelled', cancelledBy: 'shopper' });
      expect(res.body.order.cancelReason).toBeUndefined();
    });

    it('a shopper may say why they cancel (issue 61): checked like the shop’s reason, kept, shown to the seller', async () => {
      const id = (await place(a, { address: addressA, items: [{ product: apple, quantity: 1 }] }).expect(201)).body.order._id;
      const cancel = (body: object) => a.post(`/api/orders/${id}/cancel`).send(body);
      expect((await cancel({ reason: 'x'.repeat(201) }).expect(400)).body).toMatchObject({
        success: false,
        errors: { reason: 'reason must be at most 200 characters' },
      });
      await cancel({ reason: { $ne: null } }).expect(400);
      // Refused: the order is as it was.
      const before = (await a.get('/api/getorder/user?limit=100').expect(200)).body.orderdata.find((o: { _id: string }) => o._id === id);
      expect(before.status).toBe('Order Placed');
      const res = await cancel({ reason: '  Ordered by mistake  ' }).expect(200);
      expect(res.body.order).toMatchObject({ status: 'Cancelled', cancelledBy: 'shopper', cancelReason: 'Ordered by mistake' });
      const listed = await sellerAgent.get('/api/getorder/admin/seller?limit=100').expect(200);
      expect(listed.body.orderdata.find((o: { _id: string }) => o._id === id)).toMatchObject({ cancelledBy: 'shopper', cancelReason: 'Ordered by mistake' });
      // A blank reason is none.
      const other = (await place(a, { address: addressA, items: [{ product: apple, quantity: 1 }] }).expect(201)).body.order._id;
      const blank = await a.post(`/api/orders/${other}/cancel`).send({ reason: '   ' }).expect(200);
      expect(blank.body.order.cancelReason).toBeUndefined();
    });
  });
});
