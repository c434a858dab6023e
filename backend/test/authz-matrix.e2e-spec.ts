import { roleMay, type SellerPermission, type SellerRole } from '@greencart/domain';
import { Types } from 'mongoose';
import request from 'supertest';
import { insertProducts, VALID_ADDRESS } from './support/actors';
import { cookie, PASSWORD, SELLER, SESSION_ENV, uniqueEmail } from './support/sessions';
import { staffCookie } from './support/staff';
import { registeredRoutes, type Route } from './support/routes';
import { createTestApp, type TestApp } from './support/test-app';
import { nextSecond } from './support/waiting';

/**
 * `signed`: nobody gets in by a session; only a valid signature of the request (webhooks).
 * `seller`: the owner only; `seller:<permission>`: the seller accounts whose role has that permission
 * (the domain's role table), every other role gets 403.
 */
type Access = 'public' | 'shopper' | 'seller' | `seller:${SellerPermission}` | 'signed' | 'account';

/**
 * Every route the API may register, and who may use it. A route the app registers that is not in
 * this table fails the suite: decide its access here when you add it. Rows for routes not (yet)
 * registered are allowed, so the table can name routes before their module lands.
 * A trailing * matches any path under that prefix.
 */
const ACCESS: Record<string, Access> = {
  // Operations and documentation
  'GET /api/health': 'public',
  'GET /api/health/live': 'public',
  'GET /api/health/ready': 'public',
  'GET /api/docs*': 'public',
  'POST /api/newsletter': 'public',
  // Shopper accounts
  'POST /api/register': 'public',
  'POST /api/login': 'public',
  'GET /api/logout': 'public',
  'POST /api/logout': 'public',
  'GET /api/isAuth': 'shopper',
  'GET /api/session': 'public',
  'POST /api/logout/everywhere': 'shopper',
  'POST /api/GoogleLogin': 'public',
  'POST /api/password/forgot': 'public',
  'POST /api/password/reset/check': 'public',
  'POST /api/password/reset': 'public',
  'POST /api/auth/verify-email': 'public',
  'POST /api/auth/verify-email/resend': 'shopper',
  'GET /api/account/preferences': 'shopper',
  'PATCH /api/account/preferences': 'shopper',
  // Web push: any browser may read the key; a signed-in shopper or the seller subscribes their own browser.
  'GET /api/push/key': 'public',
  'POST /api/push/subscribe': 'account',
  'POST /api/push/unsubscribe': 'account',
  'GET /api/auth/google': 'public',
  'GET /api/auth/google/status': 'public',
  'GET /api/auth/google/callback': 'public',
  // Seller session
  'POST /api/sellerlogin': 'public',
  'GET /api/is-auth-seller': 'seller:session',
  'GET /api/sellerLogout': 'public',
  'POST /api/sellerLogout': 'public',
  'POST /api/sellerLogout/everywhere': 'seller:session',
  // Cart
  'POST /api/updateCart': 'shopper',
  'POST /api/cart/merge': 'shopper',
  'GET /api/cart': 'shopper',
  'PATCH /api/cart': 'shopper',
  'DELETE /api/cart/notices': 'shopper',
  // Catalogue and images
  'GET /api/productList': 'public',
  'GET /api/products': 'public',
  'GET /api/products/:id': 'public',
  'GET /api/images/:id': 'public',
  'GET /api/images/:id/thumb': 'public',
  'POST /api/addproduct': 'seller:products',
  'POST /api/changeStock': 'seller:stock',
  'PATCH /api/products/:id': 'seller:products',
  'DELETE /api/products/:id': 'seller:products',
  'GET /api/seller/stock': 'seller:stock',
  // The catalogue as a spreadsheet: export, template, import (with its dry run) and its progress
  'GET /api/seller/products.csv': 'seller:products',
  'GET /api/seller/products/import/template.csv': 'seller:products',
  'POST /api/seller/products/import': 'seller:products',
  'GET /api/seller/products/import/:id': 'seller:products',
  // Delivery areas
  'GET /api/delivery': 'public',
  'GET /api/seller/delivery': 'seller:delivery',
  'GET /api/seller/coupons': 'seller:coupons',
  'POST /api/seller/coupons': 'seller:coupons',
  'PATCH /api/seller/coupons/:id': 'seller:coupons',
  'DELETE /api/seller/coupons/:id': 'seller:coupons',
  'GET /api/coupons': 'public',
  'POST /api/coupons/check': 'shopper',
  'PUT /api/seller/delivery': 'seller:delivery',
  'GET /api/delivery/slots': 'public',
  'GET /api/shop': 'public',
  // Delivery slots: the packer's view
  'GET /api/seller/slots': 'seller:picklists',
  'GET /api/seller/slots/:date/:start/orders': 'seller:picklists',
  'GET /api/seller/slots/:date/:start/picklist': 'seller:picklists',
  'GET /api/seller/slots/:date/:start/picklist.csv': 'seller:picklists',
  // Addresses and orders
  'POST /api/Address/add': 'shopper',
  'GET /api/Address/get': 'shopper',
  'PATCH /api/Address/:id': 'shopper',
  'DELETE /api/Address/:id': 'shopper',
  'POST /api/Address/:id/default': 'shopper',
  'POST /api/placeorders': 'shopper',
  'GET /api/getorder/user': 'shopper',
  'GET /api/getorder/admin/seller': 'seller:orders',
  'PATCH /api/orders/:id/status': 'seller:orders',
  'POST /api/orders/:id/cancel': 'shopper',
  // An order's private photos (a problem report's): its shopper and staff who see orders; 404 to every other signed-in caller
  'GET /api/orders/:id/photos/:photoId': 'account',
  // Online payment
  'GET /api/payments/options': 'public',
  'GET /api/getkey': 'shopper',
  'POST /api/paymentonline': 'shopper',
  'POST /api/payment-success': 'shopper',
  'POST /api/payments/razorpay/webhook': 'signed',
  // Chat history (live messages go through the socket gateway)
  'GET /api/chat/messages': 'shopper',
  'GET /api/chat/unread': 'shopper',
  'POST /api/chat/read': 'shopper',
  'GET /api/seller/chats': 'seller:chat',
  'GET /api/seller/chats/unread': 'seller:chat',
  'GET /api/seller/chats/:userId/messages': 'seller:chat',
  'POST /api/seller/chats/:userId/read': 'seller:chat',
  // Mail (the outbox): messages that gave up, and sending them again
  'GET /api/seller/notifications': 'seller',
  'POST /api/seller/notifications/resend': 'seller',
  'POST /api/seller/notifications/resend-all': 'seller',
  // The seller's dashboard, CSV export and tax invoices
  'GET /api/seller/stats': 'seller',
  'GET /api/seller/orders.csv': 'seller',
  'GET /api/seller/orders/:id/invoice.pdf': 'seller',
  'GET /api/seller/orders/:id/credit-notes': 'seller',
  'GET /api/seller/orders/:id/credit-notes/:n.pdf': 'seller',
  'GET /api/seller/gst/gstr1': 'seller',
  'POST /api/seller/orders/:id/adjust': 'seller:packing',
  'GET /api/seller/issues': 'seller:issues',
  'POST /api/seller/issues/:id/resolve': 'seller:issues',
  'POST /api/seller/issues/:id/settle': 'seller:issues',
  'POST /api/orders/:id/issues': 'shopper',
  'GET /api/orders/:id/invoice.pdf': 'shopper',
  'GET /api/orders/:id/credit-notes': 'shopper',
  'GET /api/orders/:id/credit-notes/:n.pdf': 'shopper',
  // The shop's legal details printed on invoices
  'GET /api/seller/shop': 'seller',
  'PUT /api/seller/shop': 'seller',
  // The shop's team (the owner's), the person signed in, and the activity log
  'GET /api/seller/me': 'seller:session',
  'POST /api/seller/password': 'seller:session',
  'GET /api/seller/staff': 'seller',
  'POST /api/seller/staff': 'seller',
  'PATCH /api/seller/staff/:id': 'seller',
  'DELETE /api/seller/staff/:id': 'seller',
  'POST /api/seller/staff/:id/reset': 'seller',
  'POST /api/seller/staff/accept': 'public',
  'GET /api/seller/activity': 'seller',
};

/** Routes that end the caller's session: called with a fresh session each time, so the others keep theirs. */
const ENDS_SESSION = new Set([
  'GET /api/logout',
  'POST /api/logout',
  'POST /api/logout/everywhere',
  'GET /api/sellerLogout',
  'POST /api/sellerLogout',
  'POST /api/sellerLogout/everywhere',
]);

function accessOf(route: Route): Access | undefined {
  const key = `${route.method} ${route.path.replace(/\/$/, '')}`;
  if (ACCESS[key]) return ACCESS[key];
  const prefix = Object.keys(ACCESS).find((k) => k.endsWith('*') && key.startsWith(k.slice(0, -1)));
  return prefix ? ACCESS[prefix] : undefined;
}

describe('authorization matrix', () => {
  let t: TestApp;
  let routes: Route[];
  const cookies: Record<'anonymous' | 'shopperA' | 'shopperB' | 'seller' | 'manager' | 'packer', string | undefined> = {
    anonymous: undefined,
    shopperA: undefined,
    shopperB: undefined,
    seller: undefined,
    manager: undefined,
    packer: undefined,
  };
  const staffEmails: Partial<Record<'manager' | 'packer', { email: string; password: string }>> = {};

  beforeAll(async () => {
    t = await createTestApp(SESSION_ENV);
    routes = registeredRoutes(t.app);
    cookies.shopperA = await shopperCookie('Asha');
    cookies.shopperB = await shopperCookie('Bala');
    cookies.seller = await sellerCookie();
    for (const role of ['manager', 'packer'] as const) {
      const { cookie: signedIn, email, password } = await staffCookie(t, cookies.seller, role);
      cookies[role] = signedIn;
      staffEmails[role] = { email, password };
    }
  });
  afterAll(() => t.close());

  it('finds the routes (sanity check of the router walk)', () => {
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    expect(keys).toEqual(expect.arrayContaining(['GET /api/health', 'POST /api/login', 'GET /api/isAuth', 'POST /api/updateCart', 'GET /api/is-auth-seller']));
  });

  it('has an access decision for every registered route', () => {
    if (process.env.SHOW_ROUTES) console.log(routes.map((r) => `${r.method} ${r.path}`).join('\n'));
    const missing = routes.filter((r) => !accessOf(r)).map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
  });

  const shopperCookie = async (name: string) => {
    const res = await t
      .http()
      .post('/api/register')
      .send({ firstName: name, email: uniqueEmail(name), password: PASSWORD })
      .expect(201);
    return `token=${cookie(res, 'token')!.value}`;
  };
  const sellerCookie = async () => `sellerToken=${cookie(await t.http().post('/api/sellerlogin').send(SELLER).expect(200), 'sellerToken')!.value}`;

  const staffSignIn = async (role: 'manager' | 'packer') =>
    `sellerToken=${cookie(await t.http().post('/api/sellerlogin').send(staffEmails[role]).expect(200), 'sellerToken')!.value}`;

  /** Calls a route as someone; path parameters get a well-formed id that names nothing. */
  async function call(route: Route, who: keyof typeof cookies): Promise<number> {
    const path = route.path.replace(/:(\w+)/g, () => new Types.ObjectId().toHexString()).replace(/\*.*$|\{.*\}$/, 'x');
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    let req = request(t.app.getHttpServer())[method](path);
    const fresh = ENDS_SESSION.has(`${route.method} ${route.path}`) && who !== 'anonymous';
    const session = fresh
      ? who === 'seller'
        ? await sellerCookie()
        : who === 'manager' || who === 'packer'
          ? await staffSignIn(who)
          : await shopperCookie(who)
      : cookies[who];
    if (session) req = req.set('Cookie', session);
    if (['post', 'put', 'patch'].includes(method)) req = req.send({});
    const { status } = await req;
    if (status === 200 && who === 'seller' && `${route.method} ${route.path}` === 'POST /api/sellerLogout/everywhere') {
      // Every seller session ended, the shared one too: a new one, signed after that second.
      await nextSecond();
      cookies.seller = await sellerCookie();
    }
    if (status === 200 && (who === 'manager' || who === 'packer') && `${route.method} ${route.path}` === 'POST /api/sellerLogout/everywhere')
      cookies[who] = await staffSignIn(who);
    return status;
  }

  it('lets only the right people through each route', async () => {
    const problems: string[] = [];
    for (const route of routes) {
      const access = accessOf(route);
      if (!access) continue;
      const name = `${route.method} ${route.path} (${access})`;
      const status = {
        anonymous: await call(route, 'anonymous'),
        shopperA: await call(route, 'shopperA'),
        shopperB: await call(route, 'shopperB'),
        seller: await call(route, 'seller'),
        manager: await call(route, 'manager'),
        packer: await call(route, 'packer'),
      };
      const denied = (s: number) => s === 401 || s === 403;
      if (access === 'public') {
        for (const [who, s] of Object.entries(status)) if (denied(s)) problems.push(`${name}: ${who} got ${s}`);
      }
      if (access === 'shopper') {
        if (status.anonymous !== 401) problems.push(`${name}: anonymous got ${status.anonymous}, expected 401`);
        for (const who of ['manager', 'packer'] as const) if (!denied(status[who])) problems.push(`${name}: ${who} got ${status[who]}, expected 401/403`);
        if (!denied(status.seller)) problems.push(`${name}: seller got ${status.seller}, expected 401/403`);
        if (denied(status.shopperA) || denied(status.shopperB)) problems.push(`${name}: shoppers got ${status.shopperA}/${status.shopperB}`);
      }
      if (access === 'account') {
        if (status.anonymous !== 401) problems.push(`${name}: anonymous got ${status.anonymous}, expected 401`);
        for (const who of ['shopperA', 'shopperB', 'seller', 'manager', 'packer'] as const)
          if (denied(status[who])) problems.push(`${name}: ${who} got ${status[who]}`);
      }
      if (access === 'signed') {
        for (const [who, s] of Object.entries(status))
          if (s !== 401 && s !== 503) problems.push(`${name}: ${who} got ${s}, expected 401 (or 503 when not set up)`);
      }
      if (access === 'seller' || access.startsWith('seller:')) {
        const permission = access === 'seller' ? undefined : (access.slice('seller:'.length) as SellerPermission);
        if (!denied(status.anonymous)) problems.push(`${name}: anonymous got ${status.anonymous}, expected 401/403`);
        if (!denied(status.shopperA) || !denied(status.shopperB))
          problems.push(`${name}: shoppers got ${status.shopperA}/${status.shopperB}, expected 401/403`);
        if (denied(status.seller)) problems.push(`${name}: seller got ${status.seller}`);
        for (const role of ['manager', 'packer'] as const satisfies SellerRole[]) {
          if (roleMay(role, permission) && denied(status[role])) problems.push(`${name}: ${role} got ${status[role]}`);
          if (!roleMay(role, permission) && status[role] !== 403) problems.push(`${name}: ${role} got ${status[role]}, expected 403`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('a change that cancels or refunds needs the refunds permission however it is asked for (status, packing nothing); packing short stays the packer’s', async () => {
    const [rice, dal] = await insertProducts(t, [
      { name: 'Matrix Rice', offerPrice: 80 },
      { name: 'Matrix Dal', offerPrice: 120 },
    ]);
    const shopper = cookies.shopperA!;
    const address = (await t.http().post('/api/Address/add').set('Cookie', shopper).send({ adress: VALID_ADDRESS }).expect(201)).body.address._id as string;
    const place = async () =>
      (
        await t
          .http()
          .post('/api/placeorders')
          .set('Cookie', shopper)
          .set('Idempotency-Key', new Types.ObjectId().toHexString())
          .send({
            address,
            items: [
              { product: rice, quantity: 1 },
              { product: dal, quantity: 2 },
            ],
          })
          .expect(201)
      ).body.order._id as string;
    const statusOf = async (id: string) => (await t.connection.collection('orders').findOne({ _id: new Types.ObjectId(id) }))?.status as string;
    for (const who of ['seller', 'manager', 'packer'] as const) {
      const role: SellerRole = who === 'seller' ? 'owner' : who;
      const allowed = roleMay(role, 'refunds');
      const asRole = (req: request.Test) => req.set('Cookie', cookies[who]!);
      // Packing nothing is a cancel with a full refund.
      const packedNothing = await place();
      const adjust = await asRole(t.http().post(`/api/seller/orders/${packedNothing}/adjust`)).send({
        lines: [
          { line: 0, packed: 0 },
          { line: 1, packed: 0 },
        ],
      });
      expect([who, adjust.status]).toEqual([who, allowed ? 200 : 403]);
      if (!allowed)
        expect(adjust.body).toEqual({ success: false, message: expect.stringMatching(/cancels the order and refunds it: your role cannot cancel orders/) });
      expect([who, await statusOf(packedNothing)]).toEqual([who, allowed ? 'Cancelled' : 'Order Placed']);
      // So is cancelling by the status.
      const cancelled = await place();
      const status = await asRole(t.http().patch(`/api/orders/${cancelled}/status`)).send({ status: 'Cancelled' });
      expect([who, status.status]).toEqual([who, allowed ? 200 : 403]);
      expect([who, await statusOf(cancelled)]).toEqual([who, allowed ? 'Cancelled' : 'Order Placed']);
      // Packing a line short (its exact value refunded by the money rule) is packing, which every role here may do.
      const short = await place();
      await asRole(t.http().post(`/api/seller/orders/${short}/adjust`))
        .send({ lines: [{ line: 1, packed: 1 }] })
        .expect(200);
    }
  });
});
