import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import sharp from 'sharp';
import type request from 'supertest';
import { AUTH_ENV, insertProducts, quickShoppers, seller, shopper, VALID_ADDRESS, type Agent } from './support/actors';
import { FakeRazorpay } from './support/fake-razorpay';
import { createTestApp, type TestApp } from './support/test-app';
import { twoInstances } from './support/two-instances';
import { eventually } from './support/waiting';
import { ATTA } from './support/pack-size-products';

/** Pack sizes (issue 37): one product in several sizes, each with its own prices and counted stock, from shelf to order. */

interface Size {
  _id: string;
  label: string;
  price: number;
  offerPrice: number;
  size?: { amount: number; unit: string };
  stock: number | null;
  inStock: boolean;
}
interface Product {
  _id: string;
  name: string;
  price: number;
  offerPrice: number;
  stock: number | null;
  inStock: boolean;
  weight?: string;
  variants: Size[];
}
interface Buyer {
  agent: Agent;
  address: string;
}

async function withAddress(agent: Agent): Promise<Buyer> {
  const address = (await agent.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id as string;
  return { agent, address };
}

const place = (b: Buyer, items: { product: string; variant?: string; quantity: number }[]) =>
  b.agent.post('/api/placeorders').set('Idempotency-Key', randomUUID()).send({ address: b.address, items });

describe('pack sizes on one instance', () => {
  let t: TestApp;
  let sellerAgent: Agent;
  let asha: Buyer;
  let png: Buffer;

  const form = (req: request.Test, productData: unknown, withImage = true) => {
    let r = req.field('productData', JSON.stringify(productData));
    if (withImage) r = r.attach('image', png, { filename: 'atta.png', contentType: 'image/png' });
    return r;
  };
  const addProduct = (data: unknown) => form(sellerAgent.post('/api/addproduct'), data);
  const editProduct = (id: string, data: unknown) => form(sellerAgent.patch(`/api/products/${id}`), data, false);
  const read = async (id: string) => (await t.http().get(`/api/products/${id}`).expect(200)).body.product as Product;

  beforeAll(async () => {
    t = await createTestApp(AUTH_ENV);
    sellerAgent = await seller(t);
    asha = await withAddress((await shopper(t, 'Asha')).agent);
    png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c96' } })
      .png()
      .toBuffer();
  });
  afterAll(() => t.close());

  it('creates a product with three sizes: the public JSON lists them in order, the top-level fields are the first size', async () => {
    const created = (await addProduct(ATTA).expect(201)).body.product as Product;
    expect(created.variants.map((v) => [v.label, v.price, v.offerPrice, v.stock, v.inStock])).toEqual([
      ['1 kg', 68, 62, 20, true],
      ['5 kg', 310, 285, 5, true],
      ['10 kg', 600, 549, null, true],
    ]);
    // A size whose label names a quantity gets it for its unit price.
    expect(created.variants[0].size).toEqual({ amount: 1, unit: 'kg' });
    expect(created).toMatchObject({ price: 68, offerPrice: 62, stock: 20, inStock: true, weight: '1 kg' });
    const listed = (await t.http().get('/api/productList').expect(200)).body.productsdata as Product[];
    expect(listed.find((p) => p._id === created._id)?.variants).toHaveLength(3);
  });

  it('refuses bad sizes with a clear 400 and stores nothing', async () => {
    const before = await t.connection.collection('products').countDocuments();
    const cases: [unknown, RegExp][] = [
      [{ ...ATTA, variants: [] }, /1 to 8 pack sizes/],
      [{ ...ATTA, variants: [ATTA.variants[0], { ...ATTA.variants[1], label: '1 KG' }] }, /each label must be different/],
      [{ ...ATTA, variants: [{ label: '1 kg', price: 50, offerPrice: 60 }] }, /must not be higher than its price/],
      [{ ...ATTA, variants: [{ label: '1 kg', price: 50, offerPrice: 40, size: { amount: 1, unit: 'bag' } }] }, /must be in one of g, kg, ml, l, pc/],
      [{ ...ATTA, price: 50, offerPrice: 40 }, /inside variants/],
      [{ ...ATTA, variants: [{ label: '1 kg', price: 50, offerPrice: 40, colour: 'red' }] }, /unknown field "colour"/],
    ];
    for (const [data, message] of cases) {
      const res = await addProduct(data).expect(400);
      expect(res.body).toMatchObject({ success: false, message: expect.stringMatching(message) });
    }
    expect(await t.connection.collection('products').countDocuments()).toBe(before);
  });

  it('edits the sizes: renames one, removes one, adds one; counts of kept sizes stay', async () => {
    const created = (await addProduct(ATTA).expect(201)).body.product as Product;
    const [one, five] = created.variants;
    const edited = (
      await editProduct(created._id, {
        variants: [
          { _id: one._id, label: '1 kg pack', price: 70, offerPrice: 64 },
          { _id: five._id, label: '5 kg', price: 310, offerPrice: 280 },
          { label: '2 kg', price: 135, offerPrice: 125, stock: 8 },
        ],
      }).expect(200)
    ).body.product as Product;
    expect(edited.variants.map((v) => [v.label, v.offerPrice, v.stock])).toEqual([
      ['1 kg pack', 64, 20],
      ['5 kg', 280, 5],
      ['2 kg', 125, 8],
    ]);
    expect(edited.variants[0]._id).toBe(one._id);
    expect(edited.variants[1]._id).toBe(five._id);
    expect(edited).toMatchObject({ price: 70, offerPrice: 64, stock: 20, weight: '1 kg pack' });
    // A size that is not the product's: 400, nothing changed.
    const res = await editProduct(created._id, { variants: [{ _id: new Types.ObjectId().toHexString(), label: 'x', price: 1, offerPrice: 1 }] }).expect(400);
    expect(res.body.message).toMatch(/not one of this product's/);
    expect((await read(created._id)).variants).toHaveLength(3);
  });

  it("keeps the spec's single-size bodies working: one size whose id is the product's, edited by price and weight", async () => {
    const created = (await addProduct({ name: 'Desi Tomatoes', category: 'Vegetables', price: 45, offerPrice: 40, weight: '500 g' }).expect(201)).body
      .product as Product;
    expect(created.variants).toEqual([
      { _id: created._id, label: '500 g', price: 45, offerPrice: 40, size: { amount: 500, unit: 'g' }, stock: null, inStock: true },
    ]);
    const edited = (await editProduct(created._id, { price: 50, offerPrice: 44, weight: '1 kg' }).expect(200)).body.product as Product;
    expect(edited.variants).toEqual([
      { _id: created._id, label: '1 kg', price: 50, offerPrice: 44, size: { amount: 1, unit: 'kg' }, stock: null, inStock: true },
    ]);
    await sellerAgent.post('/api/changeStock').send({ id: created._id, stock: 7 }).expect(200);
    expect(await read(created._id)).toMatchObject({ stock: 7, variants: [{ stock: 7 }] });
  });

  it('changeStock acts on one size by variant; the toggle without variant on every size; stock without variant is a 400 with several', async () => {
    const created = (await addProduct(ATTA).expect(201)).body.product as Product;
    const [one, five, ten] = created.variants;
    await sellerAgent.post('/api/changeStock').send({ id: created._id, variant: ten._id, stock: 3 }).expect(200);
    await sellerAgent.post('/api/changeStock').send({ id: created._id, variant: five._id, inStock: false }).expect(200);
    let now = await read(created._id);
    expect(now.variants.map((v) => [v.stock, v.inStock])).toEqual([
      [20, true],
      [5, false],
      [3, true],
    ]);
    const several = await sellerAgent.post('/api/changeStock').send({ id: created._id, stock: 4 }).expect(400);
    expect(several.body.message).toMatch(/3 pack sizes: name the one/);
    const unknown = await sellerAgent.post('/api/changeStock').send({ id: created._id, variant: new Types.ObjectId().toHexString(), stock: 4 }).expect(400);
    expect(unknown.body.message).toMatch(/not one of this product's pack sizes/);
    await sellerAgent.post('/api/changeStock').send({ id: created._id, inStock: false }).expect(200);
    now = await read(created._id);
    expect(now.variants.every((v) => !v.inStock)).toBe(true);
    expect(now.inStock).toBe(false);
    await sellerAgent.post('/api/changeStock').send({ id: created._id, inStock: true }).expect(200);
    // The seller's stock list shows each size.
    const stock = (await sellerAgent.get('/api/seller/stock').expect(200)).body.stock as {
      productId: string;
      variants: { variantId: string; available: number | null }[];
    }[];
    expect(stock.find((s) => s.productId === created._id)?.variants.map((v) => [v.variantId, v.available])).toEqual([
      [one._id, 20],
      [five._id, 5],
      [ten._id, 3],
    ]);
  });

  it('search reads the sizes: "atta 5kg" answers the atta and names its 5 kg pack', async () => {
    const created = (await addProduct({ ...ATTA, name: 'Sharbati Atta' }).expect(201)).body.product as Product;
    const res = await t.http().get('/api/products').query({ search: 'sharbati atta 5kg' }).expect(200);
    expect(res.body.products[0]._id).toBe(created._id);
    expect(res.body.packSizes).toEqual({ [created._id]: created.variants[1]._id });
  });

  it('takes both cart key forms, and refuses a size the product does not have', async () => {
    const created = (await addProduct(ATTA).expect(201)).body.product as Product;
    const five = created.variants[1];
    const cart = { [created._id]: 2, [`${created._id}:${five._id}`]: 1 };
    const res = await asha.agent.post('/api/updateCart').send({ cartItems: cart }).expect(200);
    expect(res.body.cartItems).toEqual(cart);
    const bad = await asha.agent
      .post('/api/updateCart')
      .send({ cartItems: { [`${created._id}:${new Types.ObjectId().toHexString()}`]: 1 } })
      .expect(400);
    expect(bad.body).toMatchObject({ success: false });
    const malformed = await asha.agent
      .post('/api/updateCart')
      .send({ cartItems: { [`${created._id}:nope`]: 1 } })
      .expect(400);
    expect(malformed.body.message).toMatch(/not a valid product id/);
    await asha.agent.post('/api/updateCart').send({ cartItems: {} }).expect(200);
  });

  it('one cart key per pack size: a default size sent as "id:size" (as Buy again did) is the plain id, and ordering it empties the cart', async () => {
    const created = (await addProduct({ ...ATTA, name: 'Reorder Atta' }).expect(201)).body.product as Product;
    const [one, five] = created.variants;
    const other = `${created._id}:${one._id}`;
    const fiveKey = `${created._id}:${five._id}`;
    // The storefront's "Buy again" sent the default size under its size id: one key for the size, added up.
    await asha.agent.post('/api/updateCart').send({ cartItems: {} }).expect(200);
    await asha.agent
      .patch('/api/cart')
      .send({ cartItems: { [created._id]: 1 } })
      .expect(200);
    const changed = await asha.agent
      .patch('/api/cart')
      .send({ cartItems: { [other]: 2, [fiveKey]: 1 } })
      .expect(200);
    expect(changed.body.cartItems).toEqual({ [created._id]: 2, [fiveKey]: 1 });
    // Ordering exactly those lines (as the cart page sends them) takes exactly them out.
    await place(asha, [
      { product: created._id, variant: one._id, quantity: 2 },
      { product: created._id, variant: five._id, quantity: 1 },
    ]).expect(201);
    expect((await asha.agent.get('/api/cart').expect(200)).body.cartItems).toEqual({});

    // A cart saved with both keys before they were one is read as one line, written once, and emptied by its order.
    const userId = (await asha.agent.get('/api/isAuth').expect(200)).body.userData._id as string;
    await t.connection.collection('carts').updateOne({ _id: new Types.ObjectId(userId) }, { $set: { items: { [created._id]: 1, [other]: 2 } } });
    expect((await asha.agent.get('/api/cart').expect(200)).body.cartItems).toEqual({ [created._id]: 3 });
    expect((await t.connection.collection('carts').findOne({ _id: new Types.ObjectId(userId) }))?.items).toEqual({ [created._id]: 3 });
    await t.connection.collection('carts').updateOne({ _id: new Types.ObjectId(userId) }, { $set: { items: { [other]: 3 } } });
    await place(asha, [{ product: created._id, quantity: 3 }]).expect(201);
    expect((await asha.agent.get('/api/cart').expect(200)).body.cartItems).toEqual({});

    // A guest cart naming the default size either way merges into the one line; the whole-cart save too.
    await asha.agent
      .post('/api/updateCart')
      .send({ cartItems: { [created._id]: 1 } })
      .expect(200);
    const merged = await asha.agent
      .post('/api/cart/merge')
      .send({ cartItems: { [other]: 2, [fiveKey]: 1 } })
      .expect(200);
    expect(merged.body.cartItems).toEqual({ [created._id]: 3, [fiveKey]: 1 });
    const saved = await asha.agent
      .post('/api/updateCart')
      .send({ cartItems: { [created._id]: 1, [other]: 1 } })
      .expect(200);
    expect(saved.body.cartItems).toEqual({ [created._id]: 2 });
    await asha.agent.post('/api/updateCart').send({ cartItems: {} }).expect(200);
  });

  it('a product the seller deletes leaves every cart, whichever size its lines name', async () => {
    const created = (await addProduct({ ...ATTA, name: 'Gone Atta' }).expect(201)).body.product as Product;
    await asha.agent
      .post('/api/updateCart')
      .send({ cartItems: { [created._id]: 1, [`${created._id}:${created.variants[2]._id}`]: 2 } })
      .expect(200);
    await sellerAgent.delete(`/api/products/${created._id}`).expect(200);
    const cart = (await asha.agent.get('/api/cart').expect(200)).body;
    expect(cart.cartItems).toEqual({});
    expect(cart.cartNotices).toContain('Gone Atta is no longer sold and has left your cart');
    await asha.agent.delete('/api/cart/notices').expect(200);
  });

  it('orders sizes: each line keeps its size, label and price; the size runs out alone; an unknown size is a 400', async () => {
    const created = (await addProduct(ATTA).expect(201)).body.product as Product;
    const [one, five, ten] = created.variants;
    const placed = await place(asha, [
      { product: created._id, quantity: 2 },
      { product: created._id, variant: five._id, quantity: 3 },
    ]).expect(201);
    const items = placed.body.order.items as { variant: string; label: string; offerPrice: number; quantity: number }[];
    expect(items.map((i) => [i.variant, i.label, i.offerPrice, i.quantity])).toEqual([
      [one._id, '1 kg', 62, 2],
      [five._id, '5 kg', 285, 3],
    ]);
    expect(placed.body.order.amountPaise).toBeGreaterThanOrEqual((2 * 62 + 3 * 285) * 100);
    let now = await read(created._id);
    expect(now.variants.map((v) => v.stock)).toEqual([18, 2, null]);
    const short = await place(asha, [{ product: created._id, variant: five._id, quantity: 3 }]).expect(409);
    expect(short.body).toMatchObject({ success: false, message: 'Only 2 × Aashirvaad Atta 5 kg left' });
    const unknown = await place(asha, [{ product: created._id, variant: new Types.ObjectId().toHexString(), quantity: 1 }]).expect(400);
    expect(unknown.body.message).toMatch(/not sold in that pack size/);
    // The shopper cancels: the 5 kg units come back, once.
    await asha.agent.post(`/api/orders/${placed.body.order._id}/cancel`).expect(200);
    now = await read(created._id);
    expect(now.variants.map((v) => v.stock)).toEqual([20, 5, null]);
    expect(ten.stock).toBeNull();
  });

  it('migrates products stored before pack sizes once: one size whose id is their own, idempotently', async () => {
    const [old] = await insertProducts(t, [{ name: 'Old Jaggery', offerPrice: 90, category: 'Grains' }]);
    await t.connection.collection('products').updateOne({ _id: new Types.ObjectId(old) }, { $set: { weight: '1 kg', stock: 4 } });
    const migration = t.app.get((await import('../src/products/pack-size-migration')).PackSizeMigration);
    expect(await migration.giveOlderProductsTheirSize()).toBeGreaterThanOrEqual(1);
    const stored = await t.connection.collection('products').findOne({ _id: new Types.ObjectId(old) });
    expect(stored?.variants).toEqual([
      { _id: new Types.ObjectId(old), label: '1 kg', price: 90, offerPrice: 90, size: { amount: 1, unit: 'kg' }, stock: 4, inStock: true },
    ]);
    expect(await migration.giveOlderProductsTheirSize()).toBe(0);
  });
});

describe('a checkout holding one size', () => {
  let t: TestApp;
  let rzp: FakeRazorpay;
  let asha: Buyer;
  let atta: Product;

  beforeAll(async () => {
    rzp = await new FakeRazorpay().start();
    t = await createTestApp({ ...AUTH_ENV, ...rzp.env() });
    asha = await withAddress((await shopper(t, 'Asha')).agent);
    const [id] = await insertProducts(t, [{ name: 'Aashirvaad Atta', offerPrice: 62, category: 'Grains' }]);
    const one = new Types.ObjectId(id);
    const five = new Types.ObjectId();
    await t.connection.collection('products').updateOne(
      { _id: one },
      {
        $set: {
          variants: [
            { _id: one, label: '1 kg', price: 62, offerPrice: 62, stock: 10, inStock: true },
            { _id: five, label: '5 kg', price: 300, offerPrice: 285, stock: 4, inStock: true },
          ],
          stock: 10,
        },
      },
    );
    await t.app.get((await import('../src/products/catalogue')).Catalogue).reload();
    atta = (await t.http().get(`/api/products/${id}`).expect(200)).body.product as Product;
  });
  afterAll(async () => {
    await t.close();
    await rzp.stop();
  });

  it('holds the units of the size the checkout names, and only those', async () => {
    const five = atta.variants[1];
    const res = await asha.agent
      .post('/api/paymentonline')
      .send({ address: asha.address, items: [{ product: atta._id, variant: five._id, quantity: 3 }] })
      .expect(201);
    expect(res.body.order).toMatchObject({ id: expect.any(String) });
    const now = (await t.http().get(`/api/products/${atta._id}`).expect(200)).body.product as Product;
    expect(now.variants.map((v) => v.stock)).toEqual([10, 1]);
    const stored = await t.connection.collection('products').findOne({ _id: new Types.ObjectId(atta._id) });
    expect(stored?.holds).toEqual([expect.objectContaining({ quantity: 3, variant: five._id })]);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
(redisUrl ? describe : describe.skip)('pack sizes on two instances sharing the database and Redis', () => {
  const apps = twoInstances('packs', redisUrl!);

  it('24 shoppers on two instances race for the last 5 units of one size: 5 sold, the other sizes untouched, none oversold', async () => {
    const [id] = await insertProducts(apps.one, [{ name: 'Fortune Oil', offerPrice: 150, category: 'Grains' }]);
    const small = new Types.ObjectId(id);
    const big = new Types.ObjectId();
    await apps.one.connection.collection('products').updateOne(
      { _id: small },
      {
        $set: {
          variants: [
            { _id: small, label: '1 l', price: 160, offerPrice: 150, stock: 30, inStock: true },
            { _id: big, label: '5 l', price: 780, offerPrice: 720, stock: 5, inStock: true },
          ],
          stock: 30,
        },
      },
    );
    await apps.one.app.get((await import('../src/products/catalogue')).Catalogue).announceReload();
    const shoppers = [...(await quickShoppers(apps.one, 12)), ...(await quickShoppers(apps.two, 12))];
    const buyers = await Promise.all(shoppers.map(({ agent }) => withAddress(agent)));
    const answers = await Promise.all(buyers.map((b) => place(b, [{ product: id, variant: big.toHexString(), quantity: 1 }])));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(5);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(19);
    const stored = await apps.one.connection.collection('products').findOne({ _id: small });
    expect((stored?.variants as { stock: number }[]).map((v) => v.stock)).toEqual([30, 0]);
    expect(await apps.one.connection.collection('orders').countDocuments({ 'items.variant': big.toHexString() })).toBe(5);
    for (const [i, t] of [apps.one, apps.two].entries()) {
      let seen: Product | undefined;
      await eventually(
        async () => {
          seen = (await t.http().get(`/api/products/${id}`).expect(200)).body.product as Product;
          return seen.variants[1].stock === 0;
        },
        `instance ${i + 1} says the 5 l is sold out`,
        30_000,
        () => seen,
      );
      expect(seen?.variants.map((v) => [v.stock, v.inStock])).toEqual([
        [30, true],
        [0, false],
      ]);
    }
  }, 90_000);
});
