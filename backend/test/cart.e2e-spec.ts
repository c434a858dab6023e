import { Types } from 'mongoose';
import { PASSWORD, registerShopper, SESSION_ENV, signInSeller, uniqueEmail, type Agent } from './support/sessions';
import { VALID_ADDRESS } from './support/actors';
import { createTestApp, type TestApp } from './support/test-app';

/** Catalogue rows written straight to the collection (the products API has its own suite). */
async function addProducts(t: TestApp, count: number): Promise<string[]> {
  const now = new Date();
  const docs = Array.from({ length: count }, (_, i) => ({
    name: `Product ${i}`,
    description: [],
    category: 'Fruits',
    price: 100,
    offerPrice: 90,
    image: [],
    inStock: true,
    createdAt: new Date(now.getTime() + i),
    updatedAt: now,
  }));
  const result = await t.connection.collection('products').insertMany(docs);
  return Object.values(result.insertedIds).map(String);
}

describe('server cart', () => {
  let t: TestApp;
  let asha: Agent;
  let ashaId: string;
  let ids: string[];
  const unknownId = new Types.ObjectId().toHexString();

  const savedCart = async (userId = ashaId) =>
    (await t.connection.collection('carts').findOne({ _id: new Types.ObjectId(userId) }))?.items as Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp(SESSION_ENV);
    ids = await addProducts(t, 4);
    ({ agent: asha, id: ashaId } = await registerShopper(t, 'Asha'));
  });
  afterAll(() => t.close());

  it('saves the cart and returns it; isAuth shows it afterwards', async () => {
    const res = await asha
      .post('/api/updateCart')
      .send({ cartItems: { [ids[0]]: 2, [ids[1]]: 1 } })
      .expect(200);
    expect(res.body).toEqual({ success: true, message: 'Cart updated', cartItems: { [ids[0]]: 2, [ids[1]]: 1 } });
    expect((await asha.get('/api/isAuth').expect(200)).body.userData.cartItems).toEqual({ [ids[0]]: 2, [ids[1]]: 1 });
  });

  it('replaces the whole cart, and a 0 quantity removes the line', async () => {
    const res = await asha
      .post('/api/updateCart')
      .send({ cartItems: { [ids[0]]: 0, [ids[2]]: 99 } })
      .expect(200);
    expect(res.body.cartItems).toEqual({ [ids[2]]: 99 });
    expect(await savedCart()).toEqual({ [ids[2]]: 99 });
    await asha.post('/api/updateCart').send({ cartItems: {} }).expect(200);
    expect(await savedCart()).toEqual({});
  });

  it('stores a swap of one product for another at the same quantity (FerretDB compared the carts by values alone)', async () => {
    await asha
      .post('/api/updateCart')
      .send({ cartItems: { [ids[0]]: 1, [ids[1]]: 1 } })
      .expect(200);
    const res = await asha
      .post('/api/updateCart')
      .send({ cartItems: { [ids[0]]: 1, [ids[2]]: 1 } })
      .expect(200);
    expect(res.body.cartItems).toEqual({ [ids[0]]: 1, [ids[2]]: 1 });
    expect(await savedCart()).toEqual({ [ids[0]]: 1, [ids[2]]: 1 });
    // Same values, other keys, whole-cart replace again; and a swap to a cart of one line.
    await asha
      .post('/api/updateCart')
      .send({ cartItems: { [ids[1]]: 1, [ids[3]]: 1 } })
      .expect(200);
    expect(await savedCart()).toEqual({ [ids[1]]: 1, [ids[3]]: 1 });
    await asha
      .post('/api/updateCart')
      .send({ cartItems: { [ids[0]]: 1 } })
      .expect(200);
    expect(await savedCart()).toEqual({ [ids[0]]: 1 });
    expect((await asha.get('/api/cart').expect(200)).body.cartItems).toEqual({ [ids[0]]: 1 });
  });

  it('changes only the lines sent with PATCH /api/cart, so two tabs never undo each other', async () => {
    await asha.post('/api/updateCart').send({ cartItems: {} }).expect(200);
    const before = (await asha.get('/api/cart').expect(200)).body.cartVersion as number;
    // Tab 1 adds A, tab 2 (which never saw A) adds B, tab 1 raises A, tab 2 removes nothing it did not see.
    await Promise.all([
      asha
        .patch('/api/cart')
        .send({ cartItems: { [ids[0]]: 1 } })
        .expect(200),
      asha
        .patch('/api/cart')
        .send({ cartItems: { [ids[1]]: 2 } })
        .expect(200),
    ]);
    const res = await asha
      .patch('/api/cart')
      .send({ cartItems: { [ids[0]]: 3, [ids[2]]: 0 } })
      .expect(200);
    expect(res.body).toEqual({ success: true, cartItems: { [ids[0]]: 3, [ids[1]]: 2 }, cartVersion: before + 3, cartNotices: [] });
    expect(await savedCart()).toEqual({ [ids[0]]: 3, [ids[1]]: 2 });
    await asha
      .patch('/api/cart')
      .send({ cartItems: { [ids[0]]: 0 } })
      .expect(200);
    expect(await savedCart()).toEqual({ [ids[1]]: 2 });
    const session = (await asha.get('/api/session').expect(200)).body.shopper;
    expect(session).toMatchObject({ cartItems: { [ids[1]]: 2 }, cartVersion: before + 4, cartNotices: [] });
  });

  it('refuses a PATCH naming an unknown product or a bad quantity, changing nothing', async () => {
    const before = await savedCart();
    const res = await asha
      .patch('/api/cart')
      .send({ cartItems: { [ids[0]]: 1, [unknownId]: 1 } })
      .expect(400);
    expect(res.body).toEqual({ success: false, message: `Unknown product ${unknownId}` });
    await asha
      .patch('/api/cart')
      .send({ cartItems: { [ids[0]]: 1.5 } })
      .expect(400);
    expect(await savedCart()).toEqual(before);
  });

  it('tells every tab of the shopper (over the socket) when the cart changes', async () => {
    const { io } = await import('socket.io-client');
    await t.app.listen(0, '127.0.0.1');
    const port = (t.app.getHttpServer().address() as { port: number }).port;
    const signup = await t
      .http()
      .post('/api/register')
      .send({ firstName: 'Chitra', email: uniqueEmail('chitra'), password: PASSWORD })
      .expect(201);
    const cookie = ([] as string[])
      .concat(signup.headers['set-cookie'] ?? [])
      .map((c: string) => c.split(';')[0])
      .join('; ');
    const socket = io(`http://127.0.0.1:${port}`, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { Cookie: cookie },
      reconnection: false,
      forceNew: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const pushed = new Promise<{ cartItems: Record<string, number>; version: number }>((resolve) => socket.once('cart-updated', resolve));
      const res = await t
        .http()
        .patch('/api/cart')
        .set('Cookie', cookie)
        .send({ cartItems: { [ids[3]]: 4 } })
        .expect(200);
      expect(await pushed).toEqual({ cartItems: { [ids[3]]: 4 }, version: res.body.cartVersion });
    } finally {
      socket.close();
    }
  });

  describe('refuses a bad cart with 400 and leaves the saved cart as it was', () => {
    beforeAll(async () => {
      await asha
        .post('/api/updateCart')
        .send({ cartItems: { [ids[0]]: 3 } })
        .expect(200);
    });

    const tooMany = () => Object.fromEntries(Array.from({ length: 101 }, () => [new Types.ObjectId().toHexString(), 1]));
    it.each([
      ['an unknown product', () => ({ cartItems: { [ids[1]]: 1, [unknownId]: 1 } }), `Unknown product ${unknownId}`],
      ['a malformed product id', () => ({ cartItems: { 'not-an-id': 1 } }), /not a valid product id/],
      ['an upper-case product id', () => ({ cartItems: { [ids[1].toUpperCase()]: 1 } }), /not a valid product id/],
      ['a key with a dot', () => ({ cartItems: { 'a.b': 1 } }), /not a valid product id/],
      ['a $ key', () => ({ cartItems: { $where: 1 } }), /not a valid product id/],
      ['a fractional quantity', () => ({ cartItems: { [ids[1]]: 1.5 } }), /whole number from 0 to 99/],
      ['a negative quantity', () => ({ cartItems: { [ids[1]]: -1 } }), /whole number from 0 to 99/],
      ['a quantity of 100', () => ({ cartItems: { [ids[1]]: 100 } }), /whole number from 0 to 99/],
      ['a quantity as text', () => ({ cartItems: { [ids[1]]: '2' } }), /whole number from 0 to 99/],
      ['a null quantity', () => ({ cartItems: { [ids[1]]: null } }), /whole number from 0 to 99/],
      ['an operator as quantity', () => ({ cartItems: { [ids[1]]: { $inc: 5 } } }), /whole number from 0 to 99/],
      ['a list instead of a map', () => ({ cartItems: [ids[1]] }), /object of product id/],
      ['a string instead of a map', () => ({ cartItems: 'x' }), /object of product id/],
      ['no cartItems', () => ({}), /cartItems is required/],
      ['more than 100 products', () => ({ cartItems: tooMany() }), /at most 100/],
      ['an extra field', () => ({ cartItems: {}, userId: ashaId }), /userId/],
    ])('%s', async (_label, body, message) => {
      const res = await asha.post('/api/updateCart').send(body()).expect(400);
      expect(res.body).toMatchObject({ success: false, message: typeof message === 'string' ? message : expect.stringMatching(message) });
      expect(await savedCart()).toEqual({ [ids[0]]: 3 });
    });
  });

  it('ignores a __proto__ key (the validation pipe strips it) without polluting any object', async () => {
    const before = await savedCart();
    await asha.post('/api/cart/merge').send(JSON.parse(`{"cartItems":{"__proto__":{"polluted":1}}}`)).expect(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await savedCart()).toEqual(before);
  });

  it('drops a saved line whose product left the catalogue instead of refusing every later save', async () => {
    const [gone] = await addProducts(t, 1);
    await asha
      .post('/api/updateCart')
      .send({ cartItems: { [ids[0]]: 1, [gone]: 2 } })
      .expect(200);
    await t.connection.collection('products').deleteOne({ _id: new Types.ObjectId(gone) });
    const res = await asha
      .post('/api/updateCart')
      .send({ cartItems: { [ids[0]]: 2, [gone]: 2 } })
      .expect(200);
    expect(res.body.cartItems).toEqual({ [ids[0]]: 2 });
  });

  it('takes a product the seller deletes out of every cart, with a notice the shopper can dismiss', async () => {
    const [doomed] = await addProducts(t, 1);
    const bala = await registerShopper(t, 'Bala');
    await asha
      .post('/api/updateCart')
      .send({ cartItems: { [ids[0]]: 1, [doomed]: 2 } })
      .expect(200);
    await bala.agent
      .post('/api/updateCart')
      .send({ cartItems: { [doomed]: 1 } })
      .expect(200);
    const seller = await signInSeller(t);
    await seller.delete(`/api/products/${doomed}`).expect(200);
    expect(await savedCart()).toEqual({ [ids[0]]: 1 });
    expect(await savedCart(bala.id)).toEqual({});
    const cart = (await asha.get('/api/cart').expect(200)).body;
    expect(cart.cartNotices).toEqual(['Product 0 is no longer sold and has left your cart']);
    expect((await asha.get('/api/session').expect(200)).body.shopper.cartNotices).toEqual(cart.cartNotices);
    expect((await asha.delete('/api/cart/notices').expect(200)).body.cartNotices).toEqual([]);
    expect((await asha.get('/api/cart').expect(200)).body).toMatchObject({ cartItems: { [ids[0]]: 1 }, cartNotices: [] });
  });

  it('takes only what was ordered out of the cart: lines added meanwhile and extra quantities stay', async () => {
    const address = (await asha.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body;
    const addressId = address.address?._id ?? (await asha.get('/api/Address/get').expect(200)).body.address[0]._id;
    await asha
      .post('/api/updateCart')
      .send({ cartItems: { [ids[0]]: 3, [ids[1]]: 1, [ids[2]]: 2 } })
      .expect(200);
    await asha
      .post('/api/placeorders')
      .send({
        address: addressId,
        items: [
          { product: ids[0], quantity: 1 },
          { product: ids[1], quantity: 1 },
        ],
      })
      .expect(201);
    expect(await savedCart()).toEqual({ [ids[0]]: 2, [ids[2]]: 2 });
  });

  it('merges a guest cart: quantities add up, capped at 99, unknown products dropped', async () => {
    await asha
      .post('/api/updateCart')
      .send({ cartItems: { [ids[0]]: 2, [ids[1]]: 95 } })
      .expect(200);
    const res = await asha
      .post('/api/cart/merge')
      .send({ cartItems: { [ids[0]]: 3, [ids[1]]: 10, [ids[3]]: 1, [ids[2]]: 0, [unknownId]: 4 } })
      .expect(200);
    expect(res.body).toEqual({ success: true, cartItems: { [ids[0]]: 5, [ids[1]]: 99, [ids[3]]: 1 } });
    expect(await savedCart()).toEqual({ [ids[0]]: 5, [ids[1]]: 99, [ids[3]]: 1 });
  });

  it('keeps concurrent merges from losing each other', async () => {
    await asha.post('/api/updateCart').send({ cartItems: {} }).expect(200);
    await Promise.all(
      Array.from({ length: 6 }, () =>
        asha
          .post('/api/cart/merge')
          .send({ cartItems: { [ids[0]]: 1 } })
          .expect(200),
      ),
    );
    expect(await savedCart()).toEqual({ [ids[0]]: 6 });
  });

  it('validates the merged cart like a saved one', async () => {
    await asha
      .post('/api/cart/merge')
      .send({ cartItems: { [ids[0]]: 1.5 } })
      .expect(400);
    await asha
      .post('/api/cart/merge')
      .send({ cartItems: { nope: 1 } })
      .expect(400);
  });

  it("keeps each shopper's cart their own", async () => {
    const bala = await registerShopper(t, 'Bala');
    await bala.agent
      .post('/api/updateCart')
      .send({ cartItems: { [ids[3]]: 7 } })
      .expect(200);
    expect(await savedCart(bala.id)).toEqual({ [ids[3]]: 7 });
    expect((await savedCart())[ids[3]]).not.toBe(7);
  });

  it('needs a shopper session (401 anonymous or with only the seller cookie)', async () => {
    await t.http().post('/api/updateCart').send({ cartItems: {} }).expect(401);
    await t.http().post('/api/cart/merge').send({ cartItems: {} }).expect(401);
    const seller = await signInSeller(t);
    await seller.post('/api/updateCart').send({ cartItems: {} }).expect(401);
  });
});
