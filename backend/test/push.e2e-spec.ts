import 'reflect-metadata';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createECDH, randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { pushProblem } from '../src/config/environment';
import { validateEnvironment } from '../src/config/validate-environment';
import { fillLocalSecrets } from '../src/config/local-secrets';
import { AUTH_ENV, insertProducts, seller, shopper, VALID_ADDRESS, type Agent } from './support/actors';
import { FakePushService, verifyVapid } from './support/push-service';
import { createTestApp, type TestApp } from './support/test-app';
import { eventually } from './support/waiting';
import { subscriptionId } from '../src/notifications/push/push-subscriptions.service';

/**
 * Web push (issue 26) against a push service on this machine: each push arrives in the Web Push
 * protocol, signed with the shop's VAPID key and encrypted for the browser's keys (decrypted here with
 * them); a browser the push service says is gone is forgotten; subscribing checks its input.
 */
const VAPID = (() => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const privateKey = ecdh.getPrivateKey();
  return {
    VAPID_PUBLIC_KEY: ecdh.getPublicKey('base64url'),
    VAPID_PRIVATE_KEY: Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]).toString('base64url'),
  };
})();

/** A storefront build with a service worker and manifest, mounted as in production. */
function fakeStorefront(): string {
  const dist = mkdtempSync(join(tmpdir(), 'greencart-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>GreenCart</title><link rel="manifest" href="/manifest.webmanifest">');
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("push", () => {});');
  writeFileSync(join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'GreenCart', start_url: '/' }));
  return dist;
}

const until = (check: () => boolean | Promise<boolean>, ms = 30_000) => eventually(check, 'what this push test waits for', ms);

describe('web push through the outbox', () => {
  let t: TestApp;
  let push: FakePushService;
  let sellerAgent: Agent;
  let apple: string;
  /** Something on this machine the shop must never be made to call: a raw TCP service counting connections. */
  let internal: Server;
  let internalPort: number;
  let internalConnections = 0;

  beforeAll(async () => {
    push = await new FakePushService().start();
    internal = createServer((socket) => {
      internalConnections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
    internalPort = (internal.address() as AddressInfo).port;
    t = await createTestApp({
      ...AUTH_ENV,
      ...VAPID,
      // The push service stand-in by its exact origin; `localhost` as an allowed push host that resolves to this machine.
      PUSH_INSECURE_TEST_ORIGINS: push.url,
      PUSH_ALLOWED_HOSTS: 'localhost',
      VAPID_SUBJECT: 'mailto:push@shop.test',
      OUTBOX_RETRY_MS: '200',
      OUTBOX_SWEEP_MS: '500',
      FRONTEND_DIST: fakeStorefront(),
    });
    [apple] = await insertProducts(t, [{ name: 'Alphonso Mango', offerPrice: 120, price: 150 }]);
    sellerAgent = await seller(t);
  });
  afterAll(async () => {
    await t?.close();
    await push.stop();
    await new Promise((resolve) => internal?.close(resolve));
  });

  async function subscribedShopper(name = 'Asha') {
    const s = await shopper(t, name);
    const address = (await s.agent.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id as string;
    const browser = push.browser();
    await s.agent.post('/api/push/subscribe').send(browser.subscription).expect(201);
    return { ...s, address, browser };
  }

  const placeCod = async (s: { agent: Agent; address: string }) =>
    (
      await s.agent
        .post('/api/placeorders')
        .set('Idempotency-Key', randomUUID())
        .send({ address: s.address, items: [{ product: apple, quantity: 2 }] })
        .expect(201)
    ).body.order as { _id: string; orderNumber: string };
  const move = (orderId: string, status: string) => sellerAgent.patch(`/api/orders/${orderId}/status`).send({ status }).expect(200);
  const subscriptionCount = (endpoint: string) => t.connection.collection('push_subscriptions').countDocuments({ endpoint });
  /** Nothing left to send: no due marker, no message pending (a message is marked sent after the push service took it). */
  const outboxSettled = async () =>
    (await t.connection.collection('outbox_due').countDocuments({})) === 0 &&
    (await t.connection.collection('outbox').countDocuments({ state: 'pending' })) === 0;
  /** Everything queued so far has been sent, and a sweep of the outbox has run since (it would have sent anything left over). */
  /** What is left in the outbox, said when a wait for it times out. */
  const outboxLeft = async () => ({
    due: await t.connection.collection('outbox_due').find({}).limit(10).toArray(),
    pending: await t.connection
      .collection('outbox')
      .find({ state: 'pending' }, { projection: { data: 0 } })
      .limit(10)
      .toArray(),
  });
  async function sentAndSwept() {
    // Under load a retried send can wait out its back-off: a minute, then the outbox's own state is said.
    await eventually(outboxSettled, 'the outbox has nothing left to send', 60_000, outboxLeft);
    const marker = await subscribedShopper('Sweep');
    const [subscription] = await t.connection.collection('push_subscriptions').find({ endpoint: marker.browser.endpoint }).toArray();
    const id = `push:sweep-marker:${randomUUID()}`;
    // Left as a stopped instance leaves it: only a sweep sends it.
    await t.connection.collection('outbox_due').insertOne({ _id: id as never, dueAt: new Date(Date.now() - 10_000) });
    await t.connection.collection('outbox').insertOne({
      _id: id as never,
      channel: 'push',
      kind: 'order-status',
      recipient: String(subscription._id),
      data: { title: 'Sweep marker', body: '', url: '/', tag: 'marker' },
      state: 'pending',
      attempts: 0,
      queuedAt: new Date(),
    });
    await until(() => push.to(marker.browser).length === 1);
    await eventually(outboxSettled, 'the outbox has nothing left to send after the sweep marker', 60_000, outboxLeft);
  }

  it('gives the public key to anyone', async () => {
    const res = await t.http().get('/api/push/key').expect(200);
    expect(res.body).toEqual({ success: true, publicKey: VAPID.VAPID_PUBLIC_KEY });
  });

  it('sends an order status change to the shopper in the Web Push protocol: VAPID-signed, encrypted for the browser', async () => {
    const asha = await subscribedShopper('Asha');
    const order = await placeCod(asha);
    await move(order._id, 'Packing');
    await until(() => push.to(asha.browser).length === 1);
    const [received] = push.to(asha.browser);
    expect(received.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(received.headers.ttl)).toBeGreaterThan(0);
    expect(received.body.length).toBeGreaterThan(0);
    // Nothing readable on the wire.
    expect(received.body.toString('latin1')).not.toContain(order.orderNumber);
    expect(verifyVapid(received.headers.authorization, VAPID.VAPID_PUBLIC_KEY, push.url)).toMatchObject({ sub: 'mailto:push@shop.test' });
    expect(asha.browser.read(received)).toEqual({
      title: `Order ${order.orderNumber}: Packing`,
      body: 'We are packing your order.',
      url: `/My-orders?order=${order.orderNumber}`,
      tag: `order:${order._id}`,
    });

    // Each change once; another shopper's browser gets nothing.
    const bala = await subscribedShopper('Bala');
    await move(order._id, 'Out for delivery');
    await until(() => push.to(asha.browser).length === 2);
    expect(asha.browser.read(push.to(asha.browser)[1])).toMatchObject({ title: `Order ${order.orderNumber}: Out for delivery` });
    await sentAndSwept();
    expect(push.to(asha.browser)).toHaveLength(2);
    expect(push.to(bala.browser)).toHaveLength(0);
  });

  it('a shop-cancelled order: the push gives the shop’s reason', async () => {
    const farah = await subscribedShopper('Farah');
    const order = await placeCod(farah);
    await sellerAgent.patch(`/api/orders/${order._id}/status`).send({ status: 'Cancelled', reason: 'Our delivery bike broke down' }).expect(200);
    await until(() => push.to(farah.browser).length === 1);
    expect(farah.browser.read(push.to(farah.browser)[0])).toMatchObject({
      title: `Order ${order.orderNumber}: Cancelled`,
      body: 'Cancelled by the shop: Our delivery bike broke down',
    });
  });

  it('tells the seller when a shopper cancels (it may be on the packing table), once, and not when the shop cancels', async () => {
    const sellerBrowser = push.browser();
    await sellerAgent.post('/api/push/subscribe').send(sellerBrowser.subscription).expect(201);
    const gopal = await subscribedShopper('Gopal');
    const byShop = await placeCod(gopal);
    const byShopper = await placeCod(gopal);
    await until(() => push.to(sellerBrowser).length === 2);
    await sellerAgent.patch(`/api/orders/${byShop._id}/status`).send({ status: 'Cancelled' }).expect(200);
    await gopal.agent.post(`/api/orders/${byShopper._id}/cancel`).expect(200);
    // The shopper hears of both cancellations: by then the seller's pushes of both events are queued too.
    await until(() => push.to(gopal.browser).length === 2);
    await until(() => push.to(sellerBrowser).length === 3);
    expect(sellerBrowser.read(push.to(sellerBrowser)[2])).toEqual({
      title: `Cancelled — do not send: ${byShopper.orderNumber}`,
      body: expect.stringMatching(/^The shopper cancelled ₹[\d,.]+ \(cash on delivery\)\.$/),
      url: `/seller/orders?order=${byShopper.orderNumber}`,
      tag: `order:${byShopper._id}`,
    });
    await sentAndSwept();
    expect(push.to(sellerBrowser)).toHaveLength(3);
    await sellerAgent.post('/api/push/unsubscribe').send({ endpoint: sellerBrowser.subscription.endpoint }).expect(200);
  });

  it('tells the seller about a new order, and the shopper about the seller’s chat reply', async () => {
    const sellerBrowser = push.browser();
    await sellerAgent.post('/api/push/subscribe').send(sellerBrowser.subscription).expect(201);
    const chitra = await subscribedShopper('Chitra');
    const order = await placeCod(chitra);
    await until(() => push.to(sellerBrowser).length === 1);
    expect(sellerBrowser.read(push.to(sellerBrowser)[0])).toMatchObject({ title: `New order ${order.orderNumber}`, url: '/seller/orders' });

    // The seller answers in the chat (socket.io, as the seller's inbox does).
    await t.app.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    const cookie = (await t.http().post('/api/sellerlogin').send({ email: AUTH_ENV.SELLER_EMAIL, password: AUTH_ENV.SELLER_PASSWORD }).expect(200)).headers[
      'set-cookie'
    ] as unknown as string[];
    const socket: Socket = io(url, {
      transports: ['websocket'],
      extraHeaders: { Cookie: cookie.map((c) => c.split(';')[0]).join('; ') },
      auth: { role: 'seller' },
      reconnection: false,
      forceNew: true,
    });
    try {
      await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('connect_error', reject));
      const ack = await new Promise<{ success: boolean }>((resolve) =>
        socket.emit('reply-to-user', { userId: chitra.id, text: 'Your mangoes are packed' }, resolve),
      );
      expect(ack.success).toBe(true);
    } finally {
      socket.disconnect();
    }
    await until(() => push.to(chitra.browser).length === 1);
    expect(chitra.browser.read(push.to(chitra.browser)[0])).toEqual({ title: 'GreenCart replied', body: 'Your mangoes are packed', url: '/chat', tag: 'chat' });
  });

  it('forgets a browser the push service says is gone (410), and one that unsubscribed', async () => {
    const devi = await subscribedShopper('Devi');
    const order = await placeCod(devi);
    push.answer.set(devi.browser.endpoint.split('/').pop()!, 410);
    expect(await subscriptionCount(devi.browser.endpoint)).toBe(1);
    await move(order._id, 'Packing');
    await until(() => push.to(devi.browser).length === 1);
    await until(async () => (await subscriptionCount(devi.browser.endpoint)) === 0);
    // Devi's new browser gets the next change: the marker that the change's pushes were queued.
    const deviAgain = push.browser();
    await devi.agent.post('/api/push/subscribe').send(deviAgain.subscription).expect(201);
    await move(order._id, 'Out for delivery');
    await until(() => push.to(deviAgain).length === 1);
    await sentAndSwept();
    expect(push.to(devi.browser)).toHaveLength(1);

    const esha = await subscribedShopper('Esha');
    const second = await placeCod(esha);
    await esha.agent.post('/api/push/unsubscribe').send({ endpoint: esha.browser.endpoint }).expect(200);
    const eshaAgain = push.browser();
    await esha.agent.post('/api/push/subscribe').send(eshaAgain.subscription).expect(201);
    await move(second._id, 'Packing');
    await until(() => push.to(eshaAgain).length === 1);
    await sentAndSwept();
    expect(push.to(esha.browser)).toHaveLength(0);
  });

  it('sends a push another instance queued and left (adopted by the sweep), with mail off in this run', async () => {
    const gita = await subscribedShopper('Gita');
    const [subscription] = await t.connection.collection('push_subscriptions').find({ endpoint: gita.browser.endpoint }).toArray();
    const id = `push:order-status:left-behind:Packing:${String(subscription._id)}`;
    const payload = { title: 'Order GC-1: Packing', body: 'We are packing your order.', url: '/My-orders?order=GC-1', tag: 'order:left-behind' };
    // As a stopped instance leaves them: the marker, then the message (see OutboxService.write).
    await t.connection.collection('outbox_due').insertOne({ _id: id as never, dueAt: new Date(Date.now() - 10_000) });
    await t.connection.collection('outbox').insertOne({
      _id: id as never,
      channel: 'push',
      kind: 'order-status',
      recipient: String(subscription._id),
      data: payload,
      state: 'pending',
      attempts: 0,
      queuedAt: new Date(),
    });
    await until(() => push.to(gita.browser).length === 1);
    expect(gita.browser.read(push.to(gita.browser)[0])).toEqual(payload);
    await until(async () => (await t.connection.collection('outbox').findOne({ _id: id as never }))?.state === 'sent');
  });

  it('refuses bad subscriptions with 400 and anonymous ones with 401, in the error shape', async () => {
    const { agent } = await shopper(t, 'Farah');
    const good = push.browser().subscription;
    const bad: unknown[] = [
      {},
      { endpoint: good.endpoint },
      { endpoint: 'not a url', keys: good.keys },
      { endpoint: 'javascript:alert(1)', keys: good.keys },
      { endpoint: { $gt: '' }, keys: good.keys },
      { endpoint: good.endpoint, keys: 'keys' },
      { endpoint: good.endpoint, keys: { p256dh: good.keys.p256dh } },
      { endpoint: good.endpoint, keys: { ...good.keys, p256dh: 'not base64!' } },
      { endpoint: good.endpoint, keys: { ...good.keys, p256dh: 'AAAA' } },
      { endpoint: good.endpoint, keys: { ...good.keys, auth: 'AAAA' } },
      { ...good, extra: 1 },
      { ...good, account: 'admin' },
    ];
    for (const body of bad) {
      const res = await agent.post('/api/push/subscribe').send(body as object);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body).toMatchObject({ success: false, message: expect.any(String) });
    }
    const anonymous = await t.http().post('/api/push/subscribe').send(good).expect(401);
    expect(anonymous.body).toEqual({ success: false, message: expect.any(String) });
    await t.http().post('/api/push/unsubscribe').send({ endpoint: good.endpoint }).expect(401);
    expect(await subscriptionCount(good.endpoint)).toBe(0);
  });

  it('refuses endpoints that are not a known push service on the public internet, with 400 and a message', async () => {
    const { agent } = await shopper(t, 'Hari');
    const { keys } = push.browser().subscription;
    const refused = [
      `http://127.0.0.1:${internalPort}/internal-admin?token=1`,
      `http://[::1]:${internalPort}/internal-admin`,
      `http://0x7f000001:${internalPort}/internal-admin`,
      `https://127.0.0.1:${internalPort}/push/1`,
      `https://[::ffff:127.0.0.1]:${internalPort}/push/1`,
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.1/push/1',
      'http://fcm.googleapis.com/fcm/send/1',
      'https://fcm.googleapis.com.attacker.example/fcm/send/1',
      'https://push.apple.com.attacker.example/3/device/1',
      'https://attacker.example/push/1',
      'https://user:secret@fcm.googleapis.com/fcm/send/1',
      // An allowed host name whose addresses are this machine's.
      `https://localhost:${internalPort}/push/1`,
    ];
    for (const endpoint of refused) {
      const res = await agent.post('/api/push/subscribe').send({ endpoint, keys });
      expect({ endpoint, status: res.status }).toEqual({ endpoint, status: 400 });
      expect(res.body).toEqual({ success: false, message: expect.stringMatching(/endpoint/) });
    }
    expect(await t.connection.collection('push_subscriptions').countDocuments({ endpoint: { $in: refused } })).toBe(0);
    expect(internalConnections).toBe(0);
  });

  it('sends nothing to an endpoint refused at send time (kept from before, or a name now resolving to this machine): the other browser gets its push', async () => {
    const ivan = await subscribedShopper('Ivan');
    const stored = [`http://127.0.0.1:${internalPort}/internal-admin?token=1`, `https://localhost:${internalPort}/push/2`];
    for (const endpoint of stored) {
      const { keys } = push.browser().subscription;
      await t.connection.collection('push_subscriptions').insertOne({
        _id: subscriptionId(endpoint) as never,
        account: `shopper:${ivan.id}`,
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
        createdAt: new Date(),
      });
    }
    const order = await placeCod(ivan);
    await move(order._id, 'Packing');
    // The marker: the allowed browser's push arrives; the others are given up without a connection.
    await until(() => push.to(ivan.browser).length === 1);
    const outcome = async (endpoint: string) =>
      (await t.connection.collection('outbox').findOne({ recipient: subscriptionId(endpoint), kind: 'order-status' })) as {
        state: string;
        lastError?: string;
      } | null;
    await until(async () => ['skipped', 'failed'].includes((await outcome(stored[0]))?.state ?? '') && (await outcome(stored[1]))?.state === 'failed');
    expect((await outcome(stored[0]))!.lastError).toMatch(/https/);
    expect((await outcome(stored[1]))!.lastError).toMatch(/private or reserved address/);
    expect(await subscriptionCount(stored[0])).toBe(0);
    expect(internalConnections).toBe(0);
  });

  it('serves the service worker and the manifest for revalidation, with their content types', async () => {
    const sw = await t.http().get('/sw.js').expect(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    const manifest = await t.http().get('/manifest.webmanifest').expect(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
  });

  it('makes the VAPID key pair outside production and keeps it with the local secrets; production without keys has push off', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'greencart-secrets-')), 'secrets.json');
    const first: NodeJS.ProcessEnv = { NODE_ENV: 'development' };
    fillLocalSecrets(first, file, () => undefined);
    expect(first.VAPID_PUBLIC_KEY).toMatch(/^[\w-]{87}$/);
    expect(Buffer.from(first.VAPID_PRIVATE_KEY!, 'base64url')).toHaveLength(32);
    const again: NodeJS.ProcessEnv = { NODE_ENV: 'development' };
    fillLocalSecrets(again, file, () => undefined);
    expect([again.VAPID_PUBLIC_KEY, again.VAPID_PRIVATE_KEY]).toEqual([first.VAPID_PUBLIC_KEY, first.VAPID_PRIVATE_KEY]);

    const production = {
      NODE_ENV: 'production',
      MONGODB_URI: 'mongodb://localhost:27017/greencart',
      JWT_SECRET: 'a-long-random-production-secret-value',
      SELLER_EMAIL: 'owner@shop.in',
      SELLER_PASSWORD: 'a-strong-seller-password',
    };
    expect(pushProblem(validateEnvironment(production))).toMatch(/push is off/);
    expect(pushProblem(validateEnvironment({ ...production, ...VAPID }))).toBeNull();
    expect(() => validateEnvironment({ ...production, VAPID_PUBLIC_KEY: VAPID.VAPID_PUBLIC_KEY })).toThrow(/VAPID/);
    expect(() => validateEnvironment({ ...production, ...VAPID, VAPID_SUBJECT: 'shop owner' })).toThrow(/VAPID_SUBJECT/);
    expect(() => validateEnvironment({ ...production, ...VAPID, PUSH_INSECURE_TEST_ORIGINS: 'http://127.0.0.1:4100' })).toThrow(/PUSH_INSECURE_TEST_ORIGINS/);
    expect(() => validateEnvironment({ ...production, ...VAPID, PUSH_ALLOWED_HOSTS: '10.0.0.1' })).toThrow(/PUSH_ALLOWED_HOSTS/);
    expect(validateEnvironment({ ...production, ...VAPID, PUSH_ALLOWED_HOSTS: 'push.example.net, *.push.example.org' }).PUSH_ALLOWED_HOSTS).toBeDefined();
  });
});
