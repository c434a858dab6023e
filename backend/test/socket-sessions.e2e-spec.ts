import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { Types } from 'mongoose';
import type { Socket } from 'socket.io-client';
import { AUTH_ENV, insertProducts, VALID_ADDRESS } from './support/actors';
import {
  caughtUp,
  claimsOf,
  closeSockets,
  closings,
  connect,
  cookieOf,
  emit,
  inbox,
  listen,
  register,
  sellerCookie,
  SHOPPER_PASSWORD,
  until,
} from './support/sockets';
import { createTestApp, type TestApp } from './support/test-app';
import { twoInstances } from './support/two-instances';

/** Sockets live no longer than their session (issue 24): logouts close them, an ended session never sends. */

const PASSWORD = SHOPPER_PASSWORD;

/** Another session of the same shopper (another device). */
const signIn = async (t: TestApp, email: string) => cookieOf(await t.http().post('/api/login').send({ email, password: PASSWORD }).expect(200));

async function placeOrder(t: TestApp, cookie: string): Promise<string> {
  const [product] = await insertProducts(t, [{ name: `Mango ${randomBytes(2).toString('hex')}`, offerPrice: 50 }]);
  const address = (await t.http().post('/api/Address/add').set('Cookie', cookie).send({ adress: VALID_ADDRESS }).expect(201)).body.address._id;
  const res = await t
    .http()
    .post('/api/placeorders')
    .set('Cookie', cookie)
    .send({ address, items: [{ product, quantity: 1 }] })
    .expect(201);
  return res.body.order._id;
}

const closedByServer = (reasons: string[]) => () => reasons.includes('io server disconnect');
const stored = (t: TestApp) => t.connection.collection('chat_messages').countDocuments();

afterEach(closeSockets);

describe('sockets close with their session', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp(AUTH_ENV);
    url = await listen(t);
  });
  afterAll(() => t.close());

  it('logging out (GET or POST) closes that session’s sockets only; the shopper’s other device stays', async () => {
    const asha = await register(t, 'Asha');
    const otherDevice = await signIn(t, asha.email);
    const [phone, phone2, laptop] = await Promise.all([connect(url, asha.cookie), connect(url, asha.cookie), connect(url, otherDevice)]);
    const [phoneClosed, phone2Closed, laptopClosed] = [closings(phone), closings(phone2), closings(laptop)];

    await t.http().get('/api/logout').set('Cookie', asha.cookie).expect(200);
    await until(() => closedByServer(phoneClosed)() && closedByServer(phone2Closed)());
    // Closed with the phones, the laptop would have heard of it before this round trip ends.
    await caughtUp(laptop);
    expect(laptopClosed).toEqual([]);
    expect(await emit(laptop, 'sendmessage-to-seller', { text: 'Still here' })).toMatchObject({ success: true });

    await t.http().post('/api/logout').set('Cookie', otherDevice).expect(200);
    await until(closedByServer(laptopClosed));
    // The ended session cannot open a new one either.
    await expect(connect(url, otherDevice)).rejects.toThrow(/log in/);
  });

  it('signing out everywhere closes every socket of the shopper, and nobody else’s', async () => {
    const asha = await register(t, 'Asha');
    const bala = await register(t, 'Bala');
    const second = await signIn(t, asha.email);
    const [a1, a2, b] = await Promise.all([connect(url, asha.cookie), connect(url, second), connect(url, bala.cookie)]);
    const [a1Closed, a2Closed, bClosed] = [closings(a1), closings(a2), closings(b)];

    await t.http().post('/api/logout/everywhere').set('Cookie', asha.cookie).expect(200);
    await until(() => closedByServer(a1Closed)() && closedByServer(a2Closed)());
    await caughtUp(b);
    expect(bClosed).toEqual([]);
  });

  it('the seller’s logout closes the seller’s socket, which hears of no new order after it', async () => {
    const asha = await register(t, 'Asha');
    const seller = await sellerCookie(t);
    const old = await connect(url, seller, 'seller');
    const [oldClosed, oldOrders] = [closings(old), inbox(old, 'order-placed')];

    await t.http().get('/api/sellerLogout').set('Cookie', seller).expect(200);
    await until(closedByServer(oldClosed));

    const fresh = await connect(url, await sellerCookie(t), 'seller');
    const freshOrders = inbox(fresh, 'order-placed');
    const orderId = await placeOrder(t, asha.cookie);
    // The old socket was closed before the order: nothing reaches it any more.
    await until(() => freshOrders.some((o) => o._id === orderId));
    expect(oldOrders).toEqual([]);
    await expect(connect(url, seller, 'seller')).rejects.toThrow(/seller/);
  });

  it('a socket closes when its token expires', async () => {
    const asha = await register(t, 'Asha');
    const { JwtService } = await import('@nestjs/jwt');
    const { SHOPPER_AUDIENCE, TOKEN_ISSUER } = await import('../src/sessions/session');
    const token = await t.app
      .get(JwtService)
      // Expiring a second from now to the millisecond (a NumericDate may have a fraction), not at a whole second up to two away.
      .signAsync(
        { sub: asha.id, role: 'shopper', sid: randomBytes(16).toString('base64url'), sv: 0, exp: (Date.now() + 1000) / 1000 },
        { audience: SHOPPER_AUDIENCE, issuer: TOKEN_ISSUER },
      );
    const short = await connect(url, `token=${token}`);
    const [shortClosed, longClosed] = [closings(short), closings(await connect(url, asha.cookie))];
    await until(closedByServer(shortClosed), 10_000);
    expect(longClosed).toEqual([]);
  });

  it('a chat message may reference only the sender’s own order; nothing is stored otherwise', async () => {
    const asha = await register(t, 'Asha');
    const bala = await register(t, 'Bala');
    const ashasOrder = await placeOrder(t, asha.cookie);
    const [a, b] = await Promise.all([connect(url, asha.cookie), connect(url, bala.cookie)]);
    const before = await stored(t);

    expect(await emit(b, 'sendmessage-to-seller', { text: 'About this order', orderId: ashasOrder })).toEqual({
      success: false,
      message: expect.stringMatching(/no order with this id/),
    });
    expect(await emit(b, 'sendmessage-to-seller', { text: 'And this one', orderId: '0123456789abcdef01234567' })).toMatchObject({ success: false });
    expect(await stored(t)).toBe(before);

    expect(await emit(a, 'sendmessage-to-seller', { text: 'About my order', orderId: ashasOrder })).toMatchObject({
      success: true,
      message: { orderId: ashasOrder, text: 'About my order' },
    });
    expect(await stored(t)).toBe(before + 1);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
(redisUrl ? describe : describe.skip)('sockets close with their session across two instances', () => {
  // Every message checks its session in the database: the tests below end sessions behind the shop's back.
  const apps = twoInstances('socketsessions', redisUrl, { SOCKET_SESSION_CHECK_MS: '0' }, { listening: [] });
  let one: TestApp;
  let two: TestApp;
  let url1: string;
  let url2: string;

  beforeAll(async () => {
    ({ one, two } = apps);
    url1 = await listen(one);
    url2 = await listen(two);
  });

  it('the seller’s logout on instance 2 closes the seller’s socket on instance 1, which hears of no new order', async () => {
    const asha = await register(one, 'Asha');
    const seller = await sellerCookie(one);
    const old = await connect(url1, seller, 'seller');
    const [oldClosed, oldOrders] = [closings(old), inbox(old, 'order-placed')];

    await two.http().post('/api/sellerLogout').set('Cookie', seller).expect(200);
    await until(closedByServer(oldClosed));

    const fresh = await connect(url1, await sellerCookie(two), 'seller');
    const freshOrders = inbox(fresh, 'order-placed');
    const orderId = await placeOrder(one, asha.cookie);
    // The old socket was closed before the order: nothing reaches it any more.
    await until(() => freshOrders.some((o) => o._id === orderId));
    expect(oldOrders).toEqual([]);
  });

  it('the seller signing out everywhere on instance 2 closes every seller socket on both instances', async () => {
    const [s1, s2] = [await sellerCookie(one), await sellerCookie(two)];
    const sockets: Socket[] = await Promise.all([connect(url1, s1, 'seller'), connect(url1, s2, 'seller'), connect(url2, s1, 'seller')]);
    const closed = sockets.map(closings);

    await two.http().post('/api/sellerLogout/everywhere').set('Cookie', s2).expect(200);
    await until(() => closed.every((reasons) => closedByServer(reasons)()));
  });

  it('a shopper’s logout and sign-out-everywhere on instance 2 close their sockets on instance 1', async () => {
    const asha = await register(one, 'Asha');
    const bala = await register(one, 'Bala');
    const second = await signIn(two, asha.email);
    const [a1, a2, b] = await Promise.all([connect(url1, asha.cookie), connect(url1, second), connect(url1, bala.cookie)]);
    const [a1Closed, a2Closed, bClosed] = [closings(a1), closings(a2), closings(b)];

    await two.http().get('/api/logout').set('Cookie', asha.cookie).expect(200);
    await until(closedByServer(a1Closed));
    await caughtUp(a2);
    expect(a2Closed).toEqual([]);

    await two.http().post('/api/logout/everywhere').set('Cookie', second).expect(200);
    await until(closedByServer(a2Closed));
    await caughtUp(b);
    expect(bClosed).toEqual([]);
  });

  it('a socket whose session ended sends nothing, even before the notice reaches it', async () => {
    const asha = await register(one, 'Asha');
    const seller = await sellerCookie(one);
    const [a, s] = await Promise.all([connect(url1, asha.cookie), connect(url1, seller, 'seller')]);
    const [aClosed, sClosed] = [closings(a), closings(s)];
    expect(await emit(a, 'sendmessage-to-seller', { text: 'Hello' })).toMatchObject({ success: true });
    const before = await stored(one);

    // Ended in the database with no notice to the instances (as if it were still on its way).
    const revoke = (sid: string) => one.connection.collection('revoked_sessions').insertOne({ _id: sid as never, until: new Date(Date.now() + 60_000) });
    await revoke(claimsOf(asha.cookie, 'token').sid);
    await revoke(claimsOf(seller, 'sellerToken').sid);

    expect(await emit(a, 'sendmessage-to-seller', { text: 'After logout' })).toEqual({ success: false, message: expect.stringMatching(/session has ended/) });
    expect(await emit(s, 'reply-to-user', { userId: asha.id, text: 'After logout' })).toEqual({
      success: false,
      message: expect.stringMatching(/session has ended/),
    });
    expect(await stored(one)).toBe(before);
    await until(() => closedByServer(aClosed)() && closedByServer(sClosed)());
  });

  it('a shopper signed out everywhere behind the shop’s back sends nothing either', async () => {
    const bala = await register(one, 'Bala');
    const b = await connect(url2, bala.cookie);
    const before = await stored(one);
    await one.connection.collection('users').updateOne({ _id: new Types.ObjectId(bala.id) }, { $inc: { sessionVersion: 1 } });
    expect(await emit(b, 'sendmessage-to-seller', { text: 'Still me?' })).toMatchObject({ success: false });
    expect(await stored(one)).toBe(before);
  });

  it('after Redis comes back (notices may have been lost), every open socket checks its session again', async () => {
    const chitra = await register(one, 'Chitra');
    const dev = await register(one, 'Dev');
    const [c, d] = await Promise.all([connect(url1, chitra.cookie), connect(url1, dev.cookie)]);
    const [cClosed, dClosed] = [closings(c), closings(d)];
    await one.connection.collection('revoked_sessions').insertOne({ _id: claimsOf(chitra.cookie, 'token').sid as never, until: new Date(Date.now() + 60_000) });

    // Instance 1 loses its subscription to the other instances and gets it back.
    const { ClusterBus } = await import('../src/common/cluster/cluster-bus');
    (one.app.get(ClusterBus) as unknown as { subscriber: Redis }).subscriber.disconnect(true);
    // The sockets whose session ended close once every open socket was checked: Dev's was, by now.
    await until(closedByServer(cClosed));
    await caughtUp(d);
    expect(dClosed).toEqual([]);
  });
});
