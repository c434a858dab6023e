import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { MAX_STAFF, roleMay, SELLER_ROLES, SELLER_SOCKET_PERMISSIONS, SOCKET_EVENTS, STAFF_ROLES, type SellerRole } from '@greencart/domain';
import request from 'supertest';
import { AUTH_ENV, insertProducts, shopper, TEST_SELLER, VALID_ADDRESS } from './support/actors';
import { caughtUp, closeSockets, closings, connect, emit, inbox, listen, until } from './support/sockets';
import { invite, signInStaff, STAFF_PASSWORD, staffCookie } from './support/staff';
import { createTestApp, type TestApp } from './support/test-app';
import { twoInstances } from './support/two-instances';
import { nextSecond } from './support/waiting';

/** Staff accounts (issue 42): invitations, sign-in per role, role changes and removal at once, the activity log. */

const redisUrl = process.env.TEST_REDIS_URL;

const sellerCookieOf = (res: request.Response) => {
  const raw = res.headers['set-cookie'] as unknown as string[];
  return raw.find((line) => line.startsWith('sellerToken='))!.split(';')[0];
};

describe('staff accounts', () => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp({ ...AUTH_ENV });
    owner = sellerCookieOf(await t.http().post('/api/sellerlogin').send(TEST_SELLER).expect(200));
  });
  afterAll(async () => {
    closeSockets();
    await t.close();
  });

  it("keeps the owner's spec sign-in exactly as it was", async () => {
    const res = await t.http().post('/api/sellerlogin').send(TEST_SELLER).expect(200);
    expect(res.body).toEqual({ success: true, message: 'Welcome back! You are signed in as the seller.' });
    expect((await t.http().get('/api/is-auth-seller').set('Cookie', sellerCookieOf(res)).expect(200)).body).toEqual({ success: true });
    expect((await t.http().get('/api/seller/me').set('Cookie', owner).expect(200)).body.account).toMatchObject({ role: 'owner' });
  });

  it.each(['manager', 'packer'] as const)('invites a %s, who sets a password with the link and signs in on the seller page', async (role) => {
    const { cookie, email } = await staffCookie(t, owner, role);
    const me = (await t.http().get('/api/seller/me').set('Cookie', cookie).expect(200)).body.account;
    expect(me).toMatchObject({ role, email });
    expect(me.permissions).toContain('orders');
    expect(me.permissions).not.toContain('staff');
    await t.http().get('/api/is-auth-seller').set('Cookie', cookie).expect(200);
    await t.http().get('/api/getorder/admin/seller').set('Cookie', cookie).expect(200);
    const forbidden = await t.http().get('/api/seller/staff').set('Cookie', cookie).expect(403);
    expect(forbidden.body).toMatchObject({ success: false, message: expect.stringMatching(/role/) });
    await t
      .http()
      .get('/api/seller/coupons')
      .set('Cookie', cookie)
      .expect(role === 'manager' ? 200 : 403);
    const listed = (await t.http().get('/api/seller/staff').set('Cookie', owner).expect(200)).body.staff;
    expect(listed.find((m: { email: string }) => m.email === email)).toMatchObject({ role, state: 'active', invitationExpiresAt: null });
  });

  it('refuses a short or common password, a reused link, an expired link and a removed person’s link', async () => {
    const a = await invite(t, owner, 'packer');
    expect((await t.http().post('/api/seller/staff/accept').send({ token: a.token, password: 'short-one' }).expect(400)).body.message).toMatch(/12/);
    expect((await t.http().post('/api/seller/staff/accept').send({ token: a.token, password: 'qwerty123456' }).expect(400)).body.message).toMatch(/common/);
    await t.http().post('/api/seller/staff/accept').send({ token: a.token, password: STAFF_PASSWORD }).expect(200);
    expect((await t.http().post('/api/seller/staff/accept').send({ token: a.token, password: STAFF_PASSWORD }).expect(410)).body.message).toMatch(
      /used already/,
    );

    const b = await invite(t, owner, 'packer');
    // 48 hours later, without sleeping: the invitation's expiry is moved into the past.
    await t.connection.collection('staff_members').updateOne({ email: b.email }, { $set: { inviteExpiresAt: new Date(Date.now() - 1000) } });
    expect((await t.http().post('/api/seller/staff/accept').send({ token: b.token, password: STAFF_PASSWORD }).expect(410)).body.message).toMatch(/expired/);

    const c = await invite(t, owner, 'manager');
    await t.http().delete(`/api/seller/staff/${c.id}`).set('Cookie', owner).expect(200);
    expect((await t.http().post('/api/seller/staff/accept').send({ token: c.token, password: STAFF_PASSWORD }).expect(410)).body.message).toMatch(/removed/);
    expect((await t.http().post('/api/seller/staff/accept').send({ token: 'nonsense', password: STAFF_PASSWORD }).expect(400)).body.success).toBe(false);
    // Exactly one "." in a token: one with extra parts is refused, and the link itself still works.
    const d = await invite(t, owner, 'packer');
    const extra = await t
      .http()
      .post('/api/seller/staff/accept')
      .send({ token: `${d.token}.more`, password: STAFF_PASSWORD })
      .expect(400);
    expect(extra.body).toMatchObject({ success: false });
    await t.http().post('/api/seller/staff/accept').send({ token: d.token, password: STAFF_PASSWORD }).expect(200);
  });

  it('refuses a second account for one address, and the owner’s address', async () => {
    const a = await invite(t, owner, 'packer');
    await t.http().post('/api/seller/staff').set('Cookie', owner).send({ name: 'Twin', email: a.email, role: 'packer' }).expect(409);
    await t.http().post('/api/seller/staff').set('Cookie', owner).send({ name: 'Me', email: TEST_SELLER.email, role: 'manager' }).expect(409);
    await t.http().post('/api/seller/staff').set('Cookie', owner).send({ name: 'X', email: 'x@example.com', role: 'owner' }).expect(400);
  });

  it('applies a role change at the next request, and a removal at once', async () => {
    const p = await staffCookie(t, owner, 'packer');
    await t.http().get('/api/seller/delivery').set('Cookie', p.cookie).expect(403);
    await t.http().patch(`/api/seller/staff/${p.id}`).set('Cookie', owner).send({ role: 'manager' }).expect(200);
    await t.http().get('/api/seller/delivery').set('Cookie', p.cookie).expect(200);
    await t.http().patch(`/api/seller/staff/${p.id}`).set('Cookie', owner).send({ role: 'packer' }).expect(200);
    await t.http().get('/api/seller/delivery').set('Cookie', p.cookie).expect(403);
    await t.http().delete(`/api/seller/staff/${p.id}`).set('Cookie', owner).expect(200);
    await t.http().get('/api/is-auth-seller').set('Cookie', p.cookie).expect(401);
    await request(t.app.getHttpServer()).post('/api/sellerlogin').send({ email: p.email, password: STAFF_PASSWORD }).expect(401);
  });

  it('lets staff change their own password, which ends their other sessions; the owner can reset a sign-in', async () => {
    const p = await staffCookie(t, owner, 'packer');
    const other = await signInStaff(t, p.email);
    const changed = await t
      .http()
      .post('/api/seller/password')
      .set('Cookie', p.cookie)
      .send({ currentPassword: STAFF_PASSWORD, password: 'a-brand-new-secret-77' })
      .expect(200);
    await t.http().get('/api/is-auth-seller').set('Cookie', other).expect(401);
    await t.http().get('/api/is-auth-seller').set('Cookie', sellerCookieOf(changed)).expect(200);
    const reset = await t.http().post(`/api/seller/staff/${p.id}/reset`).set('Cookie', owner).expect(200);
    await t.http().get('/api/is-auth-seller').set('Cookie', sellerCookieOf(changed)).expect(401);
    await request(t.app.getHttpServer()).post('/api/sellerlogin').send({ email: p.email, password: 'a-brand-new-secret-77' }).expect(401);
    const token = new URL(reset.body.inviteLink as string).searchParams.get('token');
    await t.http().post('/api/seller/staff/accept').send({ token, password: STAFF_PASSWORD }).expect(200);
    await signInStaff(t, p.email);
  });

  it('lets a packer move an order up to Delivered but not cancel it; the timeline and the log say who', async () => {
    const [product] = await insertProducts(t, [{ name: 'Tomato', offerPrice: 30, category: 'Vegetables' }]);
    const buyer = await shopper(t);
    const address = (await buyer.agent.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id as string;
    const order = (
      await buyer.agent
        .post('/api/placeorders')
        .set('Idempotency-Key', randomUUID())
        .send({ address, items: [{ product, quantity: 1 }] })
        .expect(201)
    ).body.order;
    const p = await staffCookie(t, owner, 'packer', 'Ravi Kumar');
    await t.http().patch(`/api/orders/${order._id}/status`).set('Cookie', p.cookie).send({ status: 'Cancelled' }).expect(403);
    const moved = (await t.http().patch(`/api/orders/${order._id}/status`).set('Cookie', p.cookie).send({ status: 'Packing' }).expect(200)).body.order;
    expect(moved.statusHistory.at(-1)).toMatchObject({ status: 'Packing', by: 'Ravi' });
    const log = (await t.http().get(`/api/seller/activity?actor=${p.id}&kind=order.status`).set('Cookie', owner).expect(200)).body;
    expect(log.entries[0]).toMatchObject({
      actor: { id: p.id, name: 'Ravi Kumar', role: 'packer' },
      before: { status: 'Order Placed' },
      after: { status: 'Packing' },
    });
    const all = (await t.http().get('/api/seller/activity').set('Cookie', owner).expect(200)).body.entries as { kind: string }[];
    expect(all.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['sign-in', 'staff.invited', 'staff.joined', 'order.status', 'staff.removed', 'staff.changed']),
    );
    await t.http().get('/api/seller/activity?kind=nonsense').set('Cookie', owner).expect(400);
  });

  it('lets a packer reply to shoppers on the socket, signed with their first name', async () => {
    const url = await listen(t);
    const p = await staffCookie(t, owner, 'packer', 'Ravi Kumar');
    const buyer = await shopper(t, 'Kiran');
    const socket = await connect(url, p.cookie, 'seller');
    const ack = await emit(socket, 'reply-to-user', { userId: buyer.id, text: 'Your order is packed' });
    expect(ack).toMatchObject({ success: true, message: { from: 'seller', by: 'Ravi' } });
    const history = (await buyer.agent.get('/api/chat/messages').expect(200)).body.messages as { text: string; by?: string }[];
    expect(history.find((m) => m.text === 'Your order is packed')).toMatchObject({ by: 'Ravi' });
  });
  it('keeps the team to 50 people', async () => {
    const team = (await t.http().get('/api/seller/staff').set('Cookie', owner).expect(200)).body.staff as unknown[];
    for (let i = team.length; i < MAX_STAFF; i++) await invite(t, owner, 'packer', `Helper ${i}`);
    const refused = await t
      .http()
      .post('/api/seller/staff')
      .set('Cookie', owner)
      .send({ name: 'One Too Many', email: 'extra@example.com', role: 'packer' })
      .expect(409);
    expect(refused.body.message).toMatch(/50/);
    // Room again once someone leaves.
    const [first] = (await t.http().get('/api/seller/staff').set('Cookie', owner).expect(200)).body.staff as { _id: string }[];
    await t.http().delete(`/api/seller/staff/${first._id}`).set('Cookie', owner).expect(200);
    await t.http().post('/api/seller/staff').set('Cookie', owner).send({ name: 'Now Fits', email: 'fits@example.com', role: 'packer' }).expect(201);
  });
});

describe('seller socket events by role', () => {
  let t: TestApp;
  let url: string;
  const cookies: Partial<Record<SellerRole, string>> = {};
  beforeAll(async () => {
    t = await createTestApp({ ...AUTH_ENV });
    url = await listen(t);
    cookies.owner = sellerCookieOf(await t.http().post('/api/sellerlogin').send(TEST_SELLER).expect(200));
    for (const role of STAFF_ROLES) cookies[role] = (await staffCookie(t, cookies.owner, role)).cookie;
  });
  afterAll(async () => {
    closeSockets();
    await t.close();
  });

  it('lets each role send the events its permissions allow, and refuses the rest', async () => {
    const buyer = await shopper(t, 'Lata');
    const sent = Object.entries(SELLER_SOCKET_PERMISSIONS).filter(([event]) => event === SOCKET_EVENTS.replyToUser);
    expect(sent.length).toBeGreaterThan(0);
    for (const role of SELLER_ROLES) {
      const socket = await connect(url, cookies[role], 'seller');
      for (const [event, permission] of sent) {
        const ack = await emit(socket, event, { userId: buyer.id, text: `Hello from the ${role}` });
        expect({ role, event, ok: ack.success }).toEqual({ role, event, ok: roleMay(role, permission) });
      }
    }
  });

  it('sends order updates to every role, and the money figures to the owner only', async () => {
    const sockets = Object.fromEntries(await Promise.all(SELLER_ROLES.map(async (role) => [role, await connect(url, cookies[role], 'seller')] as const)));
    const received = Object.fromEntries(SELLER_ROLES.map((role) => [role, inbox(sockets[role], SOCKET_EVENTS.statsUpdated)]));
    const updates = Object.fromEntries(SELLER_ROLES.map((role) => [role, inbox(sockets[role], SOCKET_EVENTS.orderPlaced)]));
    const [product] = await insertProducts(t, [{ name: 'Onion', offerPrice: 40, category: 'Vegetables' }]);
    const buyer = await shopper(t, 'Uma');
    const address = (await buyer.agent.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id as string;
    await buyer.agent
      .post('/api/placeorders')
      .set('Idempotency-Key', randomUUID())
      .send({ address, items: [{ product, quantity: 1 }] })
      .expect(201);
    await until(() => SELLER_ROLES.every((role) => updates[role].length === 1) && received.owner.length > 0);
    for (const role of SELLER_ROLES) await caughtUp(sockets[role], 'seller');
    for (const role of STAFF_ROLES) expect(received[role]).toEqual([]);
  });
});

describe('staff on two instances', () => {
  const apps = twoInstances('staff', redisUrl!);
  afterAll(() => closeSockets());

  it('removing a packer closes their socket on the other instance, and their next request is 401', async () => {
    const ownerCookie = sellerCookieOf(await apps.one.http().post('/api/sellerlogin').send(TEST_SELLER).expect(200));
    const p = await staffCookie(apps.one, ownerCookie, 'packer');
    const url = await listen(apps.two);
    const socket = await connect(url, p.cookie, 'seller');
    const reasons = closings(socket);
    await apps.two.http().get('/api/is-auth-seller').set('Cookie', p.cookie).expect(200);
    await apps.one.http().delete(`/api/seller/staff/${p.id}`).set('Cookie', ownerCookie).expect(200);
    await until(() => reasons.length > 0, 1000);
    await apps.two.http().get('/api/is-auth-seller').set('Cookie', p.cookie).expect(401);
  });

  it("the owner's sign out everywhere ends the team's sessions and sockets too, on every instance", async () => {
    const ownerCookie = sellerCookieOf(await apps.one.http().post('/api/sellerlogin').send(TEST_SELLER).expect(200));
    const m = await staffCookie(apps.one, ownerCookie, 'manager');
    const server = apps.two.app.getHttpServer();
    const url = server.listening ? `http://127.0.0.1:${(server.address() as AddressInfo).port}` : await listen(apps.two);
    const socket = await connect(url, m.cookie, 'seller');
    const reasons = closings(socket);
    await apps.two.http().get('/api/is-auth-seller').set('Cookie', m.cookie).expect(200);
    await apps.one.http().post('/api/sellerLogout/everywhere').set('Cookie', ownerCookie).expect(200);
    await until(() => reasons.length > 0);
    await apps.two.http().get('/api/is-auth-seller').set('Cookie', m.cookie).expect(401);
    await apps.one.http().get('/api/is-auth-seller').set('Cookie', m.cookie).expect(401);
    // Signing in again afterwards works (a token of a later second).
    await nextSecond();
    const again = await signInStaff(apps.two, m.email);
    await apps.one.http().get('/api/is-auth-seller').set('Cookie', again).expect(200);
  });
});
