import { randomUUID } from 'node:crypto';
import { CATALOGUE_NAMESPACE, SOCKET_EVENTS, type CataloguePush } from '@greencart/domain';
import { io, type Socket } from 'socket.io-client';
import { AUTH_ENV, insertProducts, seller, shopper, VALID_ADDRESS, type Agent } from './support/actors';
import { listen } from './support/sockets';
import { createTestApp, type TestApp } from './support/test-app';
import { twoInstances } from './support/two-instances';

/**
 * Issue 53: catalogue answers pass the whole pipeline (helmet, CORS, the rate limit), and open pages
 * learn of stock and price changes from a push on the catalogue's namespace, guests too.
 */

const ORIGIN = 'http://localhost:5173';

describe('catalogue answers pass the front desk', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ ...AUTH_ENV, FRONTEND_ORIGIN: ORIGIN, THROTTLE_LIMIT: '8' });
  });
  afterAll(() => t.close());

  it('every answer, a repeated one and a 304 too, carries helmet’s headers and CORS for the allowed origin', async () => {
    for (const path of ['/api/productList', '/api/products?page=1&limit=5']) {
      const first = await t.http().get(path).set('Origin', ORIGIN).expect(200);
      for (const res of [first, await t.http().get(path).expect(200), await t.http().get(path).set('If-None-Match', first.headers.etag).expect(304)]) {
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['content-security-policy']).toContain("default-src 'self'");
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(res.headers['x-powered-by']).toBeUndefined();
        expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=1');
        expect(res.headers.etag).toBe(first.headers.etag);
      }
      expect(first.headers['access-control-allow-origin']).toBe(ORIGIN);
      expect(first.headers['access-control-allow-credentials']).toBe('true');
    }
  });

  it('counts every catalogue read in the rate limit: past it, 429 in the error shape', async () => {
    let refused: { status: number; body: unknown; headers: Record<string, string> } | undefined;
    // The limit is 8 a minute from this address, and the test above spent some of it.
    for (let i = 0; i < 10 && !refused; i++) {
      const res = await t.http().get('/api/productList');
      if (res.status === 429) refused = res;
      else expect(res.status).toBe(200);
    }
    expect(refused?.body).toEqual({ success: false, message: expect.any(String) });
    expect(refused?.headers['x-content-type-options']).toBe('nosniff');
  });
});

/** A socket on the catalogue's namespace, with no cookie (a guest). */
function guest(url: string): Promise<Socket> {
  const socket = io(`${url}${CATALOGUE_NAMESPACE}`, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** The next push naming `id` (waits for the event; the suite's timeout is the limit). */
function pushNaming(socket: Socket, id: string): Promise<CataloguePush> {
  return new Promise((resolve) => {
    const listener = (change: CataloguePush) => {
      if (change.ids && !change.ids.includes(id)) return;
      socket.off(SOCKET_EVENTS.catalogueChanged, listener);
      resolve(change);
    };
    socket.on(SOCKET_EVENTS.catalogueChanged, listener);
  });
}

const redisUrl = process.env.TEST_REDIS_URL;
(redisUrl ? describe : describe.skip)('catalogue pushes on two instances sharing Redis', () => {
  // The suite above lowered the rate limit (settings stay in process.env).
  const apps = twoInstances('pushes', redisUrl, { THROTTLE_LIMIT: '600' });
  let one: TestApp;
  let two: TestApp;
  let url2: string;
  let sellerAgent: Agent;
  let buyer: { agent: Agent; address: string };
  let mango: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    ({ one, two } = apps);
    url2 = await listen(two);
    sellerAgent = await seller(one);
    const { agent } = await shopper(one, 'Meera');
    buyer = { agent, address: (await agent.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id as string };
    [mango] = await insertProducts(one, [{ name: 'Pushed Mango', offerPrice: 60 }]);
    // Written around the app: both read it in.
    const { Catalogue } = await import('../src/products/catalogue');
    await Promise.all([one, two].map((app) => app.app.get(Catalogue).reload()));
  });
  afterAll(() => sockets.forEach((socket) => socket.disconnect()));

  const onTwo = async () =>
    (await two.http().get(`/api/products?ids=${mango}&page=1&limit=5`).expect(200)).body.products[0] as { stock: number | null; offerPrice: number };

  it('a guest on instance 2 hears of a stock change made on instance 1, and instance 2 already answers with it', async () => {
    const socket = await guest(url2);
    sockets.push(socket);

    const pushed = pushNaming(socket, mango);
    await sellerAgent.post('/api/changeStock').send({ id: mango, stock: 10 }).expect(200);
    expect((await pushed).version).toEqual(expect.any(Number));
    expect(await onTwo()).toMatchObject({ stock: 10 });

    // An order takes units: an availability-only change, told once the lists show it. A late push of the
    // stock change above may still come first, so each push after the order is met with what instance 2
    // answers at once: the order's push must find 7 there (were it told before the lists show it, none would).
    const answeredOnPush: number[] = [];
    const sold = new Promise<void>((resolve) => {
      const listener = (change: CataloguePush) => {
        if (change.ids && !change.ids.includes(mango)) return;
        void onTwo().then(({ stock }) => {
          answeredOnPush.push(stock!);
          if (stock !== 7) return;
          socket.off(SOCKET_EVENTS.catalogueChanged, listener);
          resolve();
        });
      };
      socket.on(SOCKET_EVENTS.catalogueChanged, listener);
    });
    await buyer.agent
      .post('/api/placeorders')
      .set('Idempotency-Key', randomUUID())
      .send({ address: buyer.address, items: [{ product: mango, quantity: 3 }] })
      .expect(201);
    await sold;
    expect(answeredOnPush.at(-1)).toBe(7);
  });

  it('a price change made on instance 1 is pushed too', async () => {
    const socket = await guest(url2);
    sockets.push(socket);
    const pushed = pushNaming(socket, mango);
    await sellerAgent
      .patch(`/api/products/${mango}`)
      .field('productData', JSON.stringify({ offerPrice: 55 }))
      .expect(200);
    await pushed;
    expect(await onTwo()).toMatchObject({ offerPrice: 55 });
  });
});
