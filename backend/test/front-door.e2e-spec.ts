import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { connect, type Socket as NetSocket } from 'node:net';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { io } from 'socket.io-client';
import request from 'supertest';
import { AUTH_ENV, insertProducts, seller, shopper, TEST_SELLER, VALID_ADDRESS, type Agent } from './support/actors';
import { cookieOf, listen } from './support/sockets';
import { createTestApp, type TestApp } from './support/test-app';
import type { FrontDoor, openFrontDoor as OpenFrontDoor } from '../src/front-door/front-door-link';
import type { Catalogue } from '../src/products/catalogue';

/**
 * The front door (issue 19): a process of its own holding the port, answering repeated catalogue
 * requests with the app's bytes and handing every other connection to the app.
 */

const HOOK = join(__dirname, 'support', 'swc-require-hook.cjs');

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request on a connection of its own. */
function get(port: number, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Writes `raw` on one connection and reads until `count` answers have come (HTTP/1.1, Content-Length bodies). */
function pipelined(port: number, raw: string, count: number): Promise<{ status: number; body: string }[]> {
  return new Promise((resolve, reject) => {
    const socket: NetSocket = connect(port, '127.0.0.1', () => socket.write(raw));
    let buffer = Buffer.alloc(0);
    const answers: { status: number; body: string }[] = [];
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buffer.subarray(0, end).toString('latin1');
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (buffer.length < end + 4 + length) return;
        answers.push({ status: Number(head.split(' ')[1]), body: buffer.subarray(end + 4, end + 4 + length).toString() });
        buffer = buffer.subarray(end + 4 + length);
        if (answers.length === count) {
          socket.destroy();
          return resolve(answers);
        }
      }
    });
    socket.on('error', reject);
  });
}

const list = (answer: Answer) =>
  JSON.parse((answer.headers['content-encoding'] === 'br' ? brotliDecompressSync(answer.body) : answer.body).toString()).productsdata as {
    _id: string;
    stock: number | null;
    inStock: boolean;
  }[];

describe('the front door', () => {
  let t: TestApp;
  let door: FrontDoor;
  let port: number;
  let sellerAgent: Agent;
  let tomatoes: string;
  let onions: string;
  /** Connections the front door handed to the app. */
  let handedOver = 0;
  let lost: string | undefined;
  let open: typeof OpenFrontDoor;
  let catalogue: Catalogue;
  /** List requests the app's HTTP server handled (forwarded by the front door or not). */
  let appListRequests = 0;

  beforeAll(async () => {
    t = await createTestApp({ ...AUTH_ENV, THROTTLE_LIMIT: '1000', FRONTEND_ORIGIN: 'http://shop.test' });
    // Listening on a port of its own too, so that supertest does not start and close the server per
    // request (closing it closes socket.io's engine).
    await listen(t);
    sellerAgent = await seller(t);
    [tomatoes, onions] = await insertProducts(t, [
      { name: 'Desi Tomatoes', offerPrice: 40, category: 'Vegetables' },
      { name: 'Red Onions', offerPrice: 35, category: 'Vegetables' },
    ]);
    catalogue = t.app.get((await import('../src/products/catalogue')).Catalogue);
    await catalogue.reload();
    // From the same module registry as this app (createTestApp starts a new one per app).
    open = (await import('../src/front-door/front-door-link')).openFrontDoor;
    door = await open(t.app, 0, (reason) => (lost = reason), { execArgv: ['-r', HOOK] });
    port = door.port;
    t.app.getHttpServer().on('connection', (socket: NetSocket) => {
      if (socket.localPort === port) handedOver++;
    });
    t.app.getHttpServer().on('request', (req: IncomingMessage) => {
      if (req.url === '/api/productList') appListRequests++;
    });
  });
  afterAll(async () => {
    await door?.close();
    await t.close();
  });

  it('answers catalogue reads on its connections: repeated ones with the bytes and headers the app gave, new ones through the app', async () => {
    const first = await get(port, '/api/productList', { 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    const again = await get(port, '/api/productList', { 'accept-encoding': 'br' });
    expect(again.status).toBe(200);
    expect(again.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      etag: first.headers.etag,
      'x-content-type-options': 'nosniff',
      'content-security-policy': first.headers['content-security-policy'],
    });
    expect(list(again)).toEqual(list(first));
    expect(list(again).map((p) => p._id)).toEqual([tomatoes, onions]);

    // Unchanged since: 304 without a body.
    const notModified = await get(port, '/api/productList', { 'if-none-match': first.headers.etag as string });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    // Answered by the app's full pipeline for the front door: CORS headers for an Origin, a 400 in the API's shape.
    const cors = await get(port, '/api/productList', { origin: 'http://shop.test' });
    expect(cors.headers['access-control-allow-origin']).toBe('http://shop.test');
    const bad = await get(port, '/api/products?page=0');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body.toString())).toMatchObject({ success: false });
    expect((await get(port, `/api/products/${onions}`)).status).toBe(200);
    // None of these connections went to the app.
    expect(handedOver).toBe(0);

    // Anything else is the app's: the connection is handed over.
    expect((await get(port, '/api/health')).status).toBe(200);
    expect(handedOver).toBe(1);
    expect(lost).toBeUndefined();
  });

  it('hands a kept-alive connection to the app at its first other request, with the bytes read so far, in order', async () => {
    const before = handedOver;
    const answers = await pipelined(
      port,
      'GET /api/productList HTTP/1.1\r\nHost: shop\r\n\r\n' +
        'POST /api/placeorders HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}' +
        'GET /api/productList HTTP/1.1\r\nHost: shop\r\n\r\n',
      3,
    );
    expect(answers.map((a) => a.status)).toEqual([200, 401, 200]);
    expect(JSON.parse(answers[1].body)).toMatchObject({ success: false });
    expect(JSON.parse(answers[2].body)).toEqual(JSON.parse(answers[0].body));
    expect(handedOver).toBe(before + 1);
  });

  it('keeps answering the list as orders take units: the next bytes reach it without a request through the app', async () => {
    await sellerAgent.post('/api/changeStock').send({ id: tomatoes, stock: 10 }).expect(200);
    const counted = await get(port, '/api/productList');
    expect(list(counted).find((p) => p._id === tomatoes)).toMatchObject({ stock: 10, inStock: true });

    const { agent } = await shopper(t, 'Asha');
    const address = (await agent.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id as string;
    const references = catalogue.referenceVersion;
    await agent
      .post('/api/placeorders')
      .send({ address, items: [{ product: tomatoes, quantity: 3 }] })
      .expect(201);
    // Units taken (the write moves updatedAt too) change availability only: what orders show stays.
    expect(catalogue.referenceVersion).toBe(references);
    const before = handedOver;
    appListRequests = 0;
    let stock: number | null | undefined;
    const waitUntil = Date.now() + 5_000;
    while (Date.now() < waitUntil) {
      stock = list(await get(port, '/api/productList')).find((p) => p._id === tomatoes)?.stock;
      if (stock === 7) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(stock).toBe(7);
    expect(handedOver).toBe(before);
    expect(appListRequests).toBe(0);
  });

  it('never answers an old list after a seller change: the next request sees it', async () => {
    await get(port, '/api/productList');
    await sellerAgent.post('/api/changeStock').send({ id: onions, inStock: false }).expect(200);
    expect(list(await get(port, '/api/productList')).find((p) => p._id === onions)).toMatchObject({ inStock: false });
  });

  it("loses nothing a client sends right after the app's first answer on a handed-over connection (400 websockets)", async () => {
    // Until the app acknowledges a connection, the front door still holds it: it must not read what the
    // client sends meanwhile (here socket.io's CONNECT, sent the moment the app's 101 arrives).
    const cookie = cookieOf(await request(t.app.getHttpServer()).post('/api/sellerlogin').send(TEST_SELLER).expect(200));
    const before = handedOver;
    const outcomes: string[] = [];
    const sockets: ReturnType<typeof io>[] = [];
    const open = (i: number) => {
      const socket = io(`http://127.0.0.1:${port}`, { transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { Cookie: cookie } });
      sockets.push(socket);
      return new Promise<string>((resolve) => {
        const timer = setTimeout(() => resolve(`socket ${i}: no answer to CONNECT`), 3_000);
        socket.on('connect', () => {
          clearTimeout(timer);
          resolve('connected');
        });
        socket.on('connect_error', (error) => resolve(`socket ${i}: ${error.message}`));
      });
    };
    // Ten at a time, as many shoppers arriving at once.
    for (let i = 0; i < 400; i += 10) outcomes.push(...(await Promise.all(Array.from({ length: 10 }, (_, j) => open(i + j)))));
    for (const socket of sockets) socket.disconnect();
    expect(outcomes.filter((outcome) => outcome !== 'connected')).toEqual([]);
    expect(handedOver - before).toBe(400);
  });

  it("hands websockets to the app's socket.io", async () => {
    const cookie = cookieOf(await request(t.app.getHttpServer()).post('/api/sellerlogin').send(TEST_SELLER).expect(200));
    const socket = io(`http://127.0.0.1:${port}`, { transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { Cookie: cookie } });
    const outcome = await new Promise<string>((resolve) => {
      socket.on('connect', () => resolve('connected'));
      socket.on('connect_error', (error) => resolve(`refused: ${error.message}`));
    });
    socket.disconnect();
    expect(outcome).toBe('connected');
  });

  it('closes: its port takes no more connections', async () => {
    const extra = await open(t.app, 0, () => undefined, { execArgv: ['-r', HOOK] });
    expect((await get(extra.port, '/api/productList')).status).toBe(200);
    await extra.close();
    await expect(get(extra.port, '/api/productList')).rejects.toThrow(/ECONNREFUSED/);
  });
  it('counts its answers in the shared rate limit: a client over it is answered 429 by the app', async () => {
    const limited = await createTestApp({ ...AUTH_ENV, THROTTLE_LIMIT: '15', THROTTLE_TTL_MS: '60000' });
    await listen(limited);
    const { openFrontDoor } = await import('../src/front-door/front-door-link');
    const second = await openFrontDoor(limited.app, 0, () => undefined, { execArgv: ['-r', HOOK] });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++) {
        statuses.push((await get(second.port, '/api/productList')).status);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const answered = statuses.filter((s) => s === 200).length;
      expect(answered).toBeGreaterThanOrEqual(15);
      // Counts reach the app every 100 ms: a few more may be answered meanwhile, never the 60.
      expect(answered).toBeLessThanOrEqual(40);
      expect(new Set(statuses.slice(-10))).toEqual(new Set([429]));
    } finally {
      await second.close();
      await limited.close();
    }
  });
});
