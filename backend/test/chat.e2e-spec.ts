import { Types } from 'mongoose';
import type { Socket } from 'socket.io-client';
import { AUTH_ENV, insertProducts, VALID_ADDRESS } from './support/actors';
import { type Ack, caughtUp, closeSockets, connect, emit, inbox as received, listen, register, sellerCookie, until } from './support/sockets';
import { createTestApp, type TestApp } from './support/test-app';
import { twoInstances } from './support/two-instances';

/** What a socket receives of one event. */
const inbox = (socket: Socket, event: string) => received<{ text?: string; _id?: string; status?: string; from?: string }>(socket, event);

afterEach(() => closeSockets());

describe('chat with the shop over socket.io', () => {
  let t: TestApp;
  let url: string;
  let asha: { id: string; cookie: string };
  let bala: { id: string; cookie: string };
  let seller: string;

  beforeAll(async () => {
    t = await createTestApp(AUTH_ENV);
    url = await listen(t);
    asha = await register(t, 'Asha');
    bala = await register(t, 'Bala');
    seller = await sellerCookie(t);
  });
  afterAll(() => t.close());

  it('refuses anonymous and forged connections with a clear connect_error', async () => {
    await expect(connect(url, undefined)).rejects.toThrow(/log in/);
    await expect(connect(url, asha.cookie.replace(/\.[^.]+$/, '.forged'))).rejects.toThrow(/log in/);
    await expect(connect(url, asha.cookie, 'seller')).rejects.toThrow(/seller/);
  });

  it('each shopper sees only their own thread; the seller sees both; acks carry the stored message', async () => {
    const [a, a2, b, s] = await Promise.all([connect(url, asha.cookie), connect(url, asha.cookie), connect(url, bala.cookie), connect(url, seller, 'seller')]);
    const [aGot, a2Got, bGot, sGot] = [
      inbox(a, 'recive-this-message-foruser'),
      inbox(a2, 'recive-this-message-foruser'),
      inbox(b, 'recive-this-message-foruser'),
      inbox(s, 'recive-this-message-seller'),
    ];

    const sent = await emit(a, 'sendmessage-to-seller', { text: '  Is the mango ripe?  ' });
    expect(sent).toEqual({
      success: true,
      message: { _id: expect.any(String), userId: asha.id, from: 'user', text: 'Is the mango ripe?', createdAt: expect.any(String) },
    });
    const bare = await emit(b, 'sendmessage-to-seller', 'Bare string works');
    expect(bare).toMatchObject({ success: true, message: { userId: bala.id, text: 'Bare string works' } });
    const reply = await emit(s, 'reply-to-user', { userId: asha.id, text: 'Yes, sweet and ripe' });
    expect(reply).toMatchObject({ success: true, message: { userId: asha.id, from: 'seller', text: 'Yes, sweet and ripe' } });

    await until(() => sGot.length >= 2 && aGot.length >= 2 && a2Got.length >= 2);
    // Anything more (a message twice, one to the wrong shopper) would have come before these round trips end.
    await Promise.all([caughtUp(a), caughtUp(a2), caughtUp(b), caughtUp(s, 'seller')]);
    expect(sGot.filter((m) => m.from === 'user').map((m) => m.text)).toEqual(['Is the mango ripe?', 'Bare string works']);
    expect(aGot.map((m) => m.text)).toEqual(['Is the mango ripe?', 'Yes, sweet and ripe']);
    expect(a2Got.map((m) => m.text)).toEqual(['Is the mango ripe?', 'Yes, sweet and ripe']);
    expect(bGot.map((m) => m.text)).toEqual(['Bare string works']);
  });

  it('refuses empty, whitespace-only and oversized text from both sides, and wrong roles', async () => {
    const [a, s] = await Promise.all([connect(url, asha.cookie), connect(url, seller, 'seller')]);
    const before = await t.connection.collection('chat_messages').countDocuments();
    expect(await emit(a, 'sendmessage-to-seller', { text: '   \n\t ' })).toMatchObject({ success: false, message: expect.stringMatching(/empty/) });
    expect(await emit(a, 'sendmessage-to-seller', { text: '\u200b\u200b' })).toMatchObject({ success: false });
    expect(await emit(a, 'sendmessage-to-seller', { text: 'x'.repeat(1001) })).toMatchObject({ success: false, message: expect.stringMatching(/1000/) });
    expect(await emit(a, 'sendmessage-to-seller', { text: 'hi', orderId: { $ne: null } })).toMatchObject({ success: false });
    expect(await emit(a, 'sendmessage-to-seller', null)).toMatchObject({ success: false });
    expect(await emit(s, 'reply-to-user', { userId: asha.id, text: '   ' })).toMatchObject({ success: false, message: expect.stringMatching(/empty/) });
    expect(await emit(s, 'reply-to-user', { userId: '0123456789abcdef01234567', text: 'hello' })).toEqual({
      success: false,
      message: expect.stringMatching(/no such shopper/i),
    });
    expect(await emit(s, 'reply-to-user', { userId: { $gt: '' }, text: 'hello' })).toMatchObject({ success: false });
    // A shopper can neither reply as the seller nor write into another shopper's thread.
    expect(await emit(a, 'reply-to-user', { userId: bala.id, text: 'I am the shop' })).toEqual({
      success: false,
      message: expect.stringMatching(/Only the seller/),
    });
    expect(await emit(s, 'sendmessage-to-seller', { text: 'hi' })).toMatchObject({ success: false });
    expect(await t.connection.collection('chat_messages').countDocuments()).toBe(before);
  });

  it('keeps history across reconnects, with the seller inbox, unread counts and marking read', async () => {
    const [product] = await insertProducts(t, [{ name: 'Guava', offerPrice: 30 }]);
    const address = (await t.http().post('/api/Address/add').set('Cookie', asha.cookie).send({ adress: VALID_ADDRESS }).expect(201)).body.address._id;
    const placed = (
      await t
        .http()
        .post('/api/placeorders')
        .set('Cookie', asha.cookie)
        .send({ address, items: [{ product, quantity: 1 }] })
        .expect(201)
    ).body.order;
    const orderId: string = placed._id;
    const orderNumber: string = placed.orderNumber;
    expect(orderNumber).toMatch(/^GC-\d+$/);
    const [a, s] = await Promise.all([connect(url, asha.cookie), connect(url, seller, 'seller')]);
    const sGot = inbox(s, 'recive-this-message-seller');
    // The message names the order by its number, to both sides, and keeps it stored.
    expect(await emit(a, 'sendmessage-to-seller', { text: 'About my order', orderId })).toMatchObject({ success: true, message: { orderId, orderNumber } });
    await until(() => sGot.length >= 1);
    expect(sGot[0]).toMatchObject({ orderId, orderNumber, text: 'About my order' });
    expect(await t.connection.collection('chat_messages').findOne({ orderId: new Types.ObjectId(orderId) })).toMatchObject({ orderNumber });
    // Bala cannot point the shop at Asha's order.
    const b = await connect(url, bala.cookie);
    expect(await emit(b, 'sendmessage-to-seller', { text: 'Mine?', orderId })).toMatchObject({ success: false, message: expect.stringMatching(/no order/) });
    a.disconnect();
    b.disconnect();
    s.disconnect();
    const shopperHttp = () => t.http().get('/api/chat/messages').set('Cookie', asha.cookie);
    const history = await shopperHttp().expect(200);
    expect(history.body.messages.map((m: { text: string }) => m.text)).toEqual(['Is the mango ripe?', 'Yes, sweet and ripe', 'About my order']);
    expect(history.body.messages[2]).toMatchObject({ orderId, orderNumber, from: 'user' });
    expect(history.body.unread).toBe(1);
    const older = await t.http().get(`/api/chat/messages?limit=1&before=${history.body.messages[2]._id}`).set('Cookie', asha.cookie).expect(200);
    expect(older.body).toMatchObject({ messages: [{ text: 'Yes, sweet and ripe' }], hasMore: true });

    const box = await t.http().get('/api/seller/chats').set('Cookie', seller).expect(200);
    expect(box.body.conversations.map((c: { name: string }) => c.name)).toEqual(['Asha', 'Bala']);
    expect(box.body.conversations[0]).toMatchObject({ userId: asha.id, lastMessage: { text: 'About my order', from: 'user' }, unread: 2 });
    expect(box.body).toMatchObject({ unread: 3, total: 2, page: 1 });
    // A message stored before numbers were kept with messages still names its order by number.
    await t.connection.collection('chat_messages').updateOne({ orderId: new Types.ObjectId(orderId) }, { $unset: { orderNumber: 1 } });
    const thread = await t.http().get(`/api/seller/chats/${asha.id}/messages`).set('Cookie', seller).expect(200);
    expect(thread.body.messages).toHaveLength(3);
    expect(thread.body.messages[2]).toMatchObject({ orderId, orderNumber });
    // The seller's order search finds it by number and by the id older messages show; the shopper's too.
    for (const search of [orderNumber, orderNumber.toLowerCase().replace('-', ''), orderId]) {
      const found = await t
        .http()
        .get(`/api/getorder/admin/seller?search=${encodeURIComponent(search)}`)
        .set('Cookie', seller)
        .expect(200);
      expect(found.body.orderdata.map((o: { _id: string }) => o._id)).toEqual([orderId]);
    }
    const mine = await t.http().get(`/api/getorder/user?search=${orderId}`).set('Cookie', asha.cookie).expect(200);
    expect(mine.body.orderdata.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([orderNumber]);
    expect((await t.http().get(`/api/getorder/user?search=${orderId}`).set('Cookie', bala.cookie).expect(200)).body.orderdata).toEqual([]);
    await t.http().post(`/api/seller/chats/${asha.id}/read`).set('Cookie', seller).expect(200);
    expect((await t.http().get('/api/seller/chats/unread').set('Cookie', seller).expect(200)).body.unread).toBe(1);
    await t.http().post('/api/chat/read').set('Cookie', asha.cookie).expect(200);
    expect((await t.http().get('/api/chat/unread').set('Cookie', asha.cookie).expect(200)).body.unread).toBe(0);
    // Nobody reads another's conversation.
    await t.http().get(`/api/seller/chats/${asha.id}/messages`).set('Cookie', bala.cookie).expect(403);
    await t.http().get('/api/chat/messages').expect(401);
    await t.http().get('/api/seller/chats/nope/messages').set('Cookie', seller).expect(400);
    await t.http().get('/api/chat/messages?limit=1000').set('Cookie', asha.cookie).expect(400);
  });

  it('the spec’s seller client: a socket with only the seller’s session (no role hint) is the seller’s, sends and receives everything', async () => {
    const chandra = await register(t, 'Chandra');
    const s = await connect(url, seller);
    const a = await connect(url, chandra.cookie);
    const toSeller = new Promise<{ text: string }>((resolve) => s.once('recive-this-message-seller', resolve));
    expect(await emit(a, 'sendmessage-to-seller', { text: 'Hello from the spec client test' })).toMatchObject({ success: true });
    expect(await toSeller).toMatchObject({ text: 'Hello from the spec client test' });
    const toShopper = new Promise<{ text: string }>((resolve) => a.once('recive-this-message-foruser', resolve));
    expect(await emit(s, 'reply-to-user', { userId: chandra.id, text: 'Hello back, no hint needed' })).toMatchObject({ success: true });
    expect(await toShopper).toMatchObject({ text: 'Hello back, no hint needed' });
    // Both sessions in one browser and no hint: the shopper's (the hint picks the seller).
    const both = await connect(url, `${chandra.cookie}; ${seller}`);
    expect(await emit(both, 'sendmessage-to-seller', { text: 'As the shopper' })).toMatchObject({ success: true });
    const hinted = await connect(url, `${chandra.cookie}; ${seller}`, 'seller');
    expect(await emit(hinted, 'reply-to-user', { userId: chandra.id, text: 'As the seller' })).toMatchObject({ success: true });
  });

  it('rate-limits a shopper who sends too fast, with a clear refusal', async () => {
    const b = await connect(url, bala.cookie);
    const answers: Ack[] = [];
    for (let i = 0; i < 14; i++) answers.push(await emit(b, 'sendmessage-to-seller', `message ${i}`));
    const refused = answers.filter((answer) => !answer.success);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]).toMatchObject({ success: false, message: expect.stringMatching(/too fast/) });
  });

  it('pushes order changes live: the shop hears of a new order, the shopper of its status, nobody else', async () => {
    const [product] = await insertProducts(t, [{ name: 'Apple', offerPrice: 40 }]);
    const address = (await t.http().post('/api/Address/add').set('Cookie', asha.cookie).send({ adress: VALID_ADDRESS }).expect(201)).body.address._id;
    const [a, b, s] = await Promise.all([connect(url, asha.cookie), connect(url, bala.cookie), connect(url, seller, 'seller')]);
    const [aOrders, bOrders, sPlaced, sUpdated] = [inbox(a, 'order-updated'), inbox(b, 'order-updated'), inbox(s, 'order-placed'), inbox(s, 'order-updated')];
    const placed = await t
      .http()
      .post('/api/placeorders')
      .set('Cookie', asha.cookie)
      .send({ address, items: [{ product, quantity: 2 }] })
      .expect(201);
    await until(() => sPlaced.length === 1);
    expect(sPlaced[0]).toMatchObject({
      _id: placed.body.order._id,
      status: 'Order Placed',
      address: { city: 'Bengaluru' },
      expectedDeliveryAt: expect.any(String),
    });
    await t.http().patch(`/api/orders/${placed.body.order._id}/status`).set('Cookie', seller).send({ status: 'Packing' }).expect(200);
    await until(() => aOrders.some((o) => o.status === 'Packing') && sUpdated.some((o) => o.status === 'Packing'));
    await caughtUp(b);
    expect(bOrders).toEqual([]);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
(redisUrl ? describe : describe.skip)('chat and order pushes across two instances through Redis', () => {
  const apps = twoInstances('chat', redisUrl, {}, { listening: [] });
  let one: TestApp;
  let two: TestApp;
  let url1: string;
  let url2: string;

  beforeAll(async () => {
    ({ one, two } = apps);
    url1 = await listen(one);
    url2 = await listen(two);
  });

  it('a shopper on instance 1 and the seller on instance 2 hear each other; a third shopper hears nothing', async () => {
    const asha = await register(one, 'Asha');
    const chitra = await register(one, 'Chitra');
    const seller = await sellerCookie(two);
    const [a, c, s] = await Promise.all([connect(url1, asha.cookie), connect(url2, chitra.cookie), connect(url2, seller, 'seller')]);
    const [aGot, cGot, sGot, sPlaced, aOrders, cOrders] = [
      inbox(a, 'recive-this-message-foruser'),
      inbox(c, 'recive-this-message-foruser'),
      inbox(s, 'recive-this-message-seller'),
      inbox(s, 'order-placed'),
      inbox(a, 'order-updated'),
      inbox(c, 'order-updated'),
    ];
    expect(await emit(a, 'sendmessage-to-seller', { text: 'Hello from instance one' })).toMatchObject({ success: true });
    await until(() => sGot.some((m) => m.text === 'Hello from instance one'));
    expect(await emit(s, 'reply-to-user', { userId: asha.id, text: 'Hello from instance two' })).toMatchObject({ success: true });
    await until(() => aGot.some((m) => m.text === 'Hello from instance two'));

    const [product] = await insertProducts(one, [{ name: 'Milk', offerPrice: 30 }]);
    const address = (await one.http().post('/api/Address/add').set('Cookie', asha.cookie).send({ adress: VALID_ADDRESS }).expect(201)).body.address._id;
    const order = (
      await one
        .http()
        .post('/api/placeorders')
        .set('Cookie', asha.cookie)
        .send({ address, items: [{ product, quantity: 1 }] })
        .expect(201)
    ).body.order;
    await until(() => sPlaced.some((o) => o._id === order._id));
    await two.http().patch(`/api/orders/${order._id}/status`).set('Cookie', seller).send({ status: 'Packing' }).expect(200);
    await until(() => aOrders.some((o) => o._id === order._id && o.status === 'Packing'));
    await caughtUp(c);
    expect(cGot).toEqual([]);
    expect(cOrders).toEqual([]);
  });
});
