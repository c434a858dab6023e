import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { AUTH_ENV, insertProducts, seller, shopper, VALID_ADDRESS, type Agent } from './support/actors';
import { createTestApp, type TestApp } from './support/test-app';
import { twoInstances } from './support/two-instances';
import { eventually } from './support/waiting';

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

async function listen(t: TestApp): Promise<string> {
  await t.app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
}

/** A GET with exactly these headers, answered as the bytes on the wire (no client-side decoding). */
function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(raw: Raw): unknown {
  const encoding = raw.headers['content-encoding'];
  const bytes = encoding === 'br' ? brotliDecompressSync(raw.body) : encoding === 'gzip' ? gunzipSync(raw.body) : raw.body;
  return JSON.parse(bytes.toString());
}

type Product = { _id: string; name: string; inStock: boolean; offerPrice: number };

const productList = async (base: string) => (decoded(await get(base, '/api/productList')) as { productsdata: Product[] }).productsdata;
const page = async (base: string, query: string) =>
  decoded(await get(base, `/api/products?${query}`)) as { products: Product[]; total: number; droppedWords?: string[] };

async function picture(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="60" height="40"><rect width="60" height="40" fill="hsl(120, 70%, 50%)"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Every product write of the seller, through the API. */
function sellerWrites(agent: () => Agent, png: () => Buffer) {
  return {
    add: async (name: string) =>
      (
        await agent()
          .post('/api/addproduct')
          .field('productData', JSON.stringify({ name, description: 'Fresh', category: 'Fruits', price: 50, offerPrice: 45 }))
          .attach('image', png(), { filename: 'p.png', contentType: 'image/png' })
          .expect(201)
      ).body.product as Product,
    edit: (id: string, changes: object) => agent().patch(`/api/products/${id}`).field('productData', JSON.stringify(changes)).expect(200),
    stock: (id: string, inStock: boolean) => agent().post('/api/changeStock').send({ id, inStock }).expect(200),
    remove: (id: string) => agent().delete(`/api/products/${id}`).expect(200),
  };
}

describe('catalogue read model', () => {
  let t: TestApp;
  let base: string;
  let sellerAgent: Agent;
  let png: Buffer;

  beforeAll(async () => {
    t = await createTestApp(AUTH_ENV);
    base = await listen(t);
    sellerAgent = await seller(t);
    png = await picture();
  });
  afterAll(() => t.close());

  const writes = () =>
    sellerWrites(
      () => sellerAgent,
      () => png,
    );

  it('shows every product write of this instance at once: add, edit, stock, delete', async () => {
    const { add, edit, stock, remove } = writes();
    const product = await add('Catalogue Guava');
    expect((await productList(base)).map((p) => p.name)).toContain('Catalogue Guava');
    expect((await page(base, 'search=catalogue guava')).products.map((p) => p._id)).toEqual([product._id]);
    // Before the rename no product is pink: the search answers the other words and says it left 'pink' out.
    expect((await page(base, 'search=catalogue pink guava')).droppedWords).toEqual(['pink']);

    await edit(product._id, { name: 'Catalogue Pink Guava', offerPrice: 40 });
    expect((await productList(base)).find((p) => p._id === product._id)).toMatchObject({ name: 'Catalogue Pink Guava', offerPrice: 40 });
    expect((await page(base, `ids=${product._id}`)).products[0]).toMatchObject({ name: 'Catalogue Pink Guava' });
    const renamed = await page(base, 'search=catalogue pink guava');
    expect(renamed.products.map((p) => p._id)).toEqual([product._id]);
    expect(renamed.droppedWords).toBeUndefined();

    await stock(product._id, false);
    expect((await page(base, 'inStock=false')).products.map((p) => p._id)).toContain(product._id);
    expect((await page(base, 'inStock=true')).products.map((p) => p._id)).not.toContain(product._id);
    expect((await t.http().get(`/api/products/${product._id}`).expect(200)).body.product.inStock).toBe(false);

    await remove(product._id);
    expect((await productList(base)).map((p) => p._id)).not.toContain(product._id);
    expect((await page(base, 'search=pink guava')).total).toBe(0);
    await t.http().get(`/api/products/${product._id}`).expect(404);
  });

  it('answers with an ETag and 304 while the catalogue is unchanged, and a new ETag after a change', async () => {
    const first = await get(base, '/api/productList');
    expect(first.status).toBe(200);
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^W\/".+"$/);
    // A browser asks again every time; a shared cache (proxy, CDN) may answer for a second.
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=1');
    expect(first.headers.vary).toMatch(/Accept-Encoding/i);
    // CORS headers depend on the Origin: a shared cache keeps one answer per Origin.
    expect(first.headers.vary).toMatch(/Origin/i);

    // Twice: the prepared body's ETag holds while nothing changes.
    for (let i = 0; i < 2; i++) {
      const again = await get(base, '/api/productList', { 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
    }
    const pageEtag = (await get(base, '/api/products?page=1&limit=5')).headers.etag!;
    expect((await get(base, '/api/products?page=1&limit=5', { 'if-none-match': pageEtag })).status).toBe(304);

    const { _id: id } = await writes().add('Catalogue Chikoo');
    const product = await get(base, `/api/products/${id}`);
    expect(product.headers['cache-control']).toBe('public, max-age=0, s-maxage=1');
    expect(product.headers.vary).toMatch(/Origin/i);
    expect((await get(base, `/api/products/${id}`, { 'if-none-match': product.headers.etag! })).status).toBe(304);
    const changed = await get(base, '/api/productList', { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((decoded(changed) as { productsdata: Product[] }).productsdata.map((p) => p.name)).toContain('Catalogue Chikoo');
    expect((await get(base, '/api/products?page=1&limit=5', { 'if-none-match': pageEtag })).status).toBe(200);
  });

  it('negotiates Content-Encoding: brotli, gzip or none, with the same JSON and ETag', async () => {
    // Enough products for a list worth compressing.
    await insertProducts(
      t,
      Array.from({ length: 30 }, (_, i) => ({ name: `Bulk Item ${i}`, offerPrice: 10 + i })),
    );
    await t.app.get((await import('../src/products/catalogue')).Catalogue).reload();
    const plain = await get(base, '/api/productList');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const expected = JSON.parse(plain.body.toString());
    expect(expected.productsdata.length).toBeGreaterThanOrEqual(30);

    for (let i = 0; i < 2; i++) {
      const cases: [Record<string, string>, string | undefined][] = [
        [{ 'accept-encoding': 'gzip, deflate, br' }, 'br'],
        [{ 'accept-encoding': 'gzip' }, 'gzip'],
        [{ 'accept-encoding': 'br;q=0, gzip;q=0.5' }, 'gzip'],
        [{ 'accept-encoding': 'identity' }, undefined],
        [{ 'accept-encoding': '*' }, 'br'],
      ];
      for (const [headers, encoding] of cases) {
        const res = await get(base, '/api/productList', headers);
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(Number(res.headers['content-length'])).toBe(res.body.length);
        expect(res.headers.etag).toBe(plain.headers.etag);
        expect(decoded(res)).toEqual(expected);
        // Security headers are the same on a repeated answer as on the first; nothing says what runs
        // here, and a public (shareable) answer carries no client's rate-limit count.
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-powered-by']).toBeUndefined();
        if (i === 1) expect(Object.keys(res.headers).filter((name) => name.startsWith('x-ratelimit-'))).toEqual([]);
      }
    }
    const pageRes = await get(base, '/api/products?limit=50', { 'accept-encoding': 'br' });
    expect(pageRes.headers['content-encoding']).toBe('br');
    expect((decoded(pageRes) as { total: number }).total).toBe(expected.productsdata.length);
  });

  it('still validates every query, however often it is asked', async () => {
    await t.http().get('/api/products?page=0').expect(400);
    await t.http().get('/api/products?page=0').expect(400);
    await t.http().get('/api/products?nope=1').expect(400);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
(redisUrl ? describe : describe.skip)('catalogue read model on two instances sharing Redis', () => {
  // Both subscribed before the first write.
  const apps = twoInstances('catalogue', redisUrl);
  let one: TestApp;
  let two: TestApp;
  let url2: string;
  let sellerAgent: Agent;
  let png: Buffer;

  beforeAll(async () => {
    ({ one, two } = apps);
    url2 = await listen(two);
    sellerAgent = await seller(one);
    png = await picture();
  });

  /** Polls the second instance until `check` holds (told over the ClusterBus: how soon is a bench figure, not a test's). */
  async function soon(check: () => Promise<boolean>): Promise<number> {
    const started = Date.now();
    await eventually(check, 'the second instance sees the change', 10_000);
    return Date.now() - started;
  }

  it('a write on instance 1 reaches instance 2: add, edit, stock, delete', async () => {
    const { add, edit, stock, remove } = sellerWrites(
      () => sellerAgent,
      () => png,
    );
    const product = await add('Shared Papaya');
    await soon(async () => (await productList(url2)).some((p) => p._id === product._id));

    await edit(product._id, { name: 'Shared Red Papaya' });
    await soon(async () => (await page(url2, 'search=red papaya')).total === 1);

    await stock(product._id, false);
    await soon(async () => (await page(url2, `ids=${product._id}`)).products[0]?.inStock === false);
    expect((await two.http().get(`/api/products/${product._id}`).expect(200)).body.product.inStock).toBe(false);

    await remove(product._id);
    await soon(async () => !(await productList(url2)).some((p) => p._id === product._id));
    await two.http().get(`/api/products/${product._id}`).expect(404);
  });
});

describe('catalogue copy beside the embedded database', () => {
  it('is saved after each change, and a restart from it catches up with the database within seconds', async () => {
    const { SNAPSHOT_DIR_VARIABLE } = await import('../src/products/catalogue');
    const dir = mkdtempSync(join(tmpdir(), 'greencart-copy-'));
    const file = join(dir, 'catalogue.json');
    const database = `t_catalogue_copy_${randomBytes(3).toString('hex')}`;
    process.env[SNAPSHOT_DIR_VARIABLE] = dir;
    let second: TestApp | undefined;
    try {
      const first = await createTestApp(AUTH_ENV, { database });
      const png = await picture();
      const sellerAgent = await seller(first);
      const { add } = sellerWrites(
        () => sellerAgent,
        () => png,
      );
      const mango = await add('Copy Mango');
      const saved = () => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { products: Product[] }).products : []);
      await eventually(() => saved().some((p) => p._id === mango._id), 'the copy has the new product', 30_000);
      // Written around the running shop (as a restore or a script would), then the shop stops: the copy does not have it.
      await insertProducts(first, [{ name: 'Added While Down', offerPrice: 12 }]);
      await first.app.close();
      expect(saved().map((p) => p.name)).not.toContain('Added While Down');

      second = await createTestApp(AUTH_ENV, { database });
      const names = async () => ((await second!.http().get('/api/productList').expect(200)).body.productsdata as Product[]).map((p) => p.name);
      expect(await names()).toContain('Copy Mango');
      // "Within seconds": the 3 s are what this test promises.
      await eventually(async () => (await names()).includes('Added While Down'), 'the restarted shop lists what was added while it was down', 15_000);
      await eventually(() => saved().some((p) => p.name === 'Added While Down'), 'the copy has what was added while the shop was down', 15_000);
    } finally {
      delete process.env[SNAPSHOT_DIR_VARIABLE];
      await second?.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('orders with thousands of other shoppers’ orders stored', () => {
  let t: TestApp;
  let asha: Agent;
  let address: string;
  let product: string;
  const OTHERS = 3_000;

  beforeAll(async () => {
    t = await createTestApp(AUTH_ENV);
    [product] = await insertProducts(t, [{ name: 'Milk', category: 'Dairy', offerPrice: 30 }]);
    asha = (await shopper(t, 'Asha')).agent;
    address = (await asha.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id;
    // Other shoppers' orders, written straight to the database in the app's format (orders and their
    // places in the seller's and their shopper's list), as many as an API run would take minutes for.
    const { Types } = await import('mongoose');
    const others = Array.from({ length: 100 }, () => new Types.ObjectId());
    const orders = [];
    const entries = [];
    for (let i = 0; i < OTHERS; i++) {
      const _id = new Types.ObjectId();
      const user = others[i % others.length];
      const at = new Date(Date.now() - (OTHERS - i) * 1000);
      orders.push({
        _id,
        user,
        items: [{ product: new Types.ObjectId(product), quantity: 1, name: 'Milk', category: 'Dairy', image: '', offerPrice: 30, offerPricePaise: 3000 }],
        address: { _id: new Types.ObjectId(), ...VALID_ADDRESS },
        amount: 30.6,
        amountPaise: 3060,
        subtotalPaise: 3000,
        taxPaise: 60,
        paymentType: 'COD',
        paymentStatus: 'pending',
        isPaid: false,
        status: 'Order Placed',
        statusHistory: [{ status: 'Order Placed', at }],
        idempotencyKey: `other-${i}`,
        requestHash: 'other',
        createdAt: at,
        updatedAt: at,
      });
      entries.push({ _id: `seller#${i}`, order: _id }, { _id: `shopper:${String(user)}#${Math.floor(i / others.length)}`, order: _id });
    }
    await t.connection.collection('orders').insertMany(orders);
    await t.connection.collection('order_lists').insertMany(entries as never[]);
  });
  afterAll(() => t.close());

  const place = (key?: string, quantity = 1) => {
    const req = asha.post('/api/placeorders');
    if (key) req.set('Idempotency-Key', key);
    return req.send({ address, items: [{ product, quantity }] });
  };

  it('lists only the shopper’s own orders, newest first, with the right totals and pages', async () => {
    const placed: string[] = [];
    for (let i = 0; i < 5; i++) placed.push((await place(randomUUID(), i + 1).expect(201)).body.order._id);
    const all = await asha.get('/api/getorder/user?limit=100').expect(200);
    expect(all.body).toMatchObject({ total: 5, page: 1, totalPages: 1 });
    expect(all.body.orderdata.map((o: { _id: string }) => o._id)).toEqual([...placed].reverse());
    expect(all.body.orderdata[0].items[0].product).toMatchObject({ _id: product, name: 'Milk' });
    const second = await asha.get('/api/getorder/user?limit=2&page=2').expect(200);
    expect(second.body.orderdata.map((o: { _id: string }) => o._id)).toEqual([placed[2], placed[1]]);
    const past = await asha.get('/api/getorder/user?limit=2&page=4').expect(200);
    expect(past.body).toMatchObject({ orderdata: [], total: 5 });

    const sellerAgent = await seller(t);
    const sellerPage = await sellerAgent.get('/api/getorder/admin/seller?limit=10').expect(200);
    expect(sellerPage.body.total).toBe(OTHERS + 5);
    expect(sellerPage.body.orderdata.slice(0, 5).map((o: { _id: string }) => o._id)).toEqual([...placed].reverse());
  });

  it('replays an Idempotency-Key, alone or concurrently, as the one first order', async () => {
    const key = randomUUID();
    const first = await place(key, 2).expect(201);
    const again = await Promise.all(Array.from({ length: 6 }, () => place(key, 2)));
    expect(again.every((r) => r.status === 200 && r.body.order._id === first.body.order._id)).toBe(true);
    await place(key, 3).expect(409);
    const racing = randomUUID();
    const results = await Promise.all(Array.from({ length: 8 }, () => place(racing, 1)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(new Set(results.map((r) => r.body.order._id)).size).toBe(1);
    const mine = await asha.get('/api/getorder/user?limit=100').expect(200);
    const ids = mine.body.orderdata.map((o: { _id: string }) => o._id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id: string) => id === first.body.order._id || id === results[0].body.order._id)).toHaveLength(2);
    expect(await t.connection.collection('orders').countDocuments({ idempotencyKey: { $in: [key, racing] } })).toBe(2);
  });

  it('without a key, the same order twice within 10 seconds is one order', async () => {
    const [a, b] = await Promise.all([place(undefined, 7), place(undefined, 7)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.order._id).toBe(b.body.order._id);
  });
});
