import fc from 'fast-check';
import { Types } from 'mongoose';
import request from 'supertest';
import { AUTH_ENV, TEST_SELLER, VALID_ADDRESS } from './support/actors';
import { FakeGoogle } from './support/fake-google';
import { FakeRazorpay } from './support/fake-razorpay';
import { registeredRoutes, type Route } from './support/routes';
import { closeSockets, connect, cookieOf, emit, listen } from './support/sockets';
import { createTestApp, type TestApp } from './support/test-app';

/** Fixed, so a failure is replayed exactly; fast-check prints the counterexample and the seed. */
const SEED = 20261122;
const RUNS = 600;
/** Routes that end the caller's session or start an external redirect dance: fuzzed, but with fresh sessions. */
const ENDS_SESSION = new Set([
  'GET /api/logout',
  'POST /api/logout',
  'POST /api/logout/everywhere',
  'GET /api/sellerLogout',
  'POST /api/sellerLogout',
  'POST /api/sellerLogout/everywhere',
]);

/** Strings an attacker or a buggy client sends: broken Unicode, controls, bidi, huge, operators, numbers as text. */
const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '\ud800',
    '\udfff@example.com',
    'a\u0000b',
    '\u202eevil',
    '\u200b\u200b',
    ' ',
    '',
    '$gt',
    '{"$ne":null}',
    '__proto__',
    'constructor',
    'x'.repeat(5000),
    '1e300',
    '-1',
    'NaN',
    '0x10',
    '../../etc/passwd',
    '<script>alert(1)</script>',
  ),
  fc.constant(new Types.ObjectId().toHexString()),
);

const nastyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    nastyString,
    fc.integer(),
    fc.double(),
    fc.constantFrom(1e300, -0, Number.MAX_SAFE_INTEGER + 2, true, false, null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(nastyString, fc.constantFrom('$where', '$ne', 'email', 'password', 'adress', 'items', 'cartItems', 'status', 'address')),
      tie('value'),
      { maxKeys: 4 },
    ),
  ),
})).value;

/** Bodies shaped like the real ones, with nasty values in their fields. */
const shapedBody = fc.record(
  {
    email: nastyValue,
    password: nastyValue,
    firstName: nastyValue,
    adress: fc.oneof(nastyValue, fc.record({ ...Object.fromEntries(Object.keys(VALID_ADDRESS).map((k) => [k, nastyString])) })),
    address: nastyValue,
    items: fc.oneof(nastyValue, fc.array(fc.record({ product: nastyValue, quantity: nastyValue }), { maxLength: 3 })),
    cartItems: nastyValue,
    status: nastyValue,
    amount: nastyValue,
    id: nastyValue,
    inStock: nastyValue,
    razorpay_payment_id: nastyValue,
    razorpay_order_id: nastyValue,
    razorpay_signature: nastyValue,
  },
  { requiredKeys: [] },
);

/** A path segment; text with a lone surrogate is sent as the (invalid UTF-8) bytes a broken client would send. */
function encodePathPart(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

const COLLECTIONS = ['users', 'addresses', 'orders', 'products', 'carts', 'checkouts', 'chat_messages', 'subscribers', 'newsletters'];

describe('bad input of any shape, on every route and role (property-based)', () => {
  let t: TestApp;
  let rzp: FakeRazorpay;
  let google: FakeGoogle;
  let routes: Route[];
  const cookies: Record<string, string> = {};

  const cookieOf = (res: request.Response) =>
    ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
  const shopperCookie = async (name: string) =>
    cookieOf(
      await t
        .http()
        .post('/api/register')
        .send({ firstName: name, email: `${name}-${new Types.ObjectId().toHexString()}@example.com`, password: 'correct-horse-battery' })
        .expect(201),
    );

  beforeAll(async () => {
    rzp = await new FakeRazorpay().start();
    google = await new FakeGoogle().start();
    t = await createTestApp({ ...AUTH_ENV, ...rzp.env(), ...google.env(), THROTTLE_LIMIT: '1000000', LOGIN_THROTTLE_LIMIT: '1000000' });
    routes = registeredRoutes(t.app);
    cookies.shopper = await shopperCookie('Asha');
    cookies.seller = cookieOf(await t.http().post('/api/sellerlogin').send(TEST_SELLER).expect(200));
  });
  afterAll(async () => {
    await t.close();
    await rzp.stop();
    await google.stop();
  });

  const counts = async () =>
    Object.fromEntries(await Promise.all(COLLECTIONS.map(async (name) => [name, await t.connection.collection(name).countDocuments()] as const)));

  it(`${RUNS} generated requests: no 5xx, every error in the { success, message } shape, nothing stored by a refused request`, async () => {
    const before = await counts();
    const seen = { requests: 0, byStatus: new Map<number, number>(), accepted: [] as string[] };
    const problems: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: 10_000 }),
        fc.constantFrom('anonymous', 'shopper', 'seller'),
        shapedBody,
        fc.oneof(nastyValue, shapedBody),
        fc.dictionary(fc.constantFrom('page', 'limit', 'search', 'category', 'inStock', 'ids', 'status', 'before', 'returnTo'), nastyString, { maxKeys: 3 }),
        fc.oneof(nastyString, fc.constant('valid-id')),
        fc.boolean(),
        async (pick, who, shaped, raw, query, param, useShaped) => {
          const route = routes[pick % routes.length];
          const key = `${route.method} ${route.path}`;
          const id = param === 'valid-id' ? new Types.ObjectId().toHexString() : encodePathPart(String(param)).slice(0, 200) || 'x';
          const path = route.path.replace(/:(\w+)/g, id).replace(/\*.*$|\{.*\}$/, 'x');
          const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
          let req = t
            .http()
            [method](path)
            .query(query as Record<string, string>);
          const session = ENDS_SESSION.has(key) && who !== 'anonymous' ? (who === 'seller' ? cookies.seller : await shopperCookie('Fuzz')) : cookies[who];
          if (session) req = req.set('Cookie', session);
          if (['post', 'put', 'patch'].includes(method))
            req = req.set('Content-Type', 'application/json').send(JSON.stringify(useShaped ? shaped : raw) ?? 'null');
          const res = await req.redirects(0);
          seen.requests++;
          seen.byStatus.set(res.status, (seen.byStatus.get(res.status) ?? 0) + 1);
          if (res.status >= 500) problems.push(`${key} as ${who}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
          const json = (res.headers['content-type'] ?? '').includes('json');
          if (res.status >= 400 && (!json || res.body?.success !== false || typeof res.body?.message !== 'string')) {
            problems.push(`${key} as ${who}: ${res.status} not in the error shape: ${res.text?.slice(0, 120)}`);
          }
          if (res.status < 300 && method !== 'get') seen.accepted.push(`${key} as ${who}: ${res.status}`);
          return problems.length === 0;
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    const after = await counts();
    console.log(
      `bad-input: ${seen.requests} requests over ${routes.length} routes; statuses ${JSON.stringify(Object.fromEntries(seen.byStatus))}; accepted writes: ${seen.accepted.length}`,
    );
    expect(problems).toEqual([]);
    expect(seen.requests).toBeGreaterThanOrEqual(500);
    // Only sessions may appear (the fresh shoppers minted for session-ending routes); nothing else was stored.
    expect({ ...after, users: 0 }).toEqual({ ...before, users: 0 });
  }, 180_000);
});

/** Chat payloads near the valid shape: text of any kind, an order id of any kind, the shopper's own id or another. */
const chatPayload = (shopperId: string) =>
  fc.record(
    {
      text: fc.oneof(nastyString, fc.constant('Is the mango ripe?')),
      orderId: fc.oneof(nastyString, fc.constant(new Types.ObjectId().toHexString())),
      userId: fc.oneof(nastyString, fc.constant(shopperId)),
    },
    { requiredKeys: ['text'] },
  );

describe('bad input of any shape over the chat sockets (property-based)', () => {
  let t: TestApp;
  let base: string;
  const SOCKET_RUNS = 200;

  beforeAll(async () => {
    t = await createTestApp({ ...AUTH_ENV, THROTTLE_LIMIT: '1000000' });
    base = await listen(t);
  });
  afterEach(() => closeSockets());
  afterAll(() => t.close());

  it(`${SOCKET_RUNS} generated messages from a shopper and the seller: every answer in the { success, message } shape, the sockets stay up, nothing stored by a refusal`, async () => {
    const shopperCookie = cookieOf(
      await t
        .http()
        .post('/api/register')
        .send({ firstName: 'Fuzz', email: `fuzz-${new Types.ObjectId().toHexString()}@example.com`, password: 'correct-horse-battery' })
        .expect(201),
    );
    const sellerCookie = cookieOf(await t.http().post('/api/sellerlogin').send(TEST_SELLER).expect(200));
    const shopperId = (await t.http().get('/api/isAuth').set('Cookie', shopperCookie).expect(200)).body.userData._id as string;
    const shopper = await connect(base, shopperCookie);
    const seller = await connect(base, sellerCookie, 'seller');
    const events = ['sendmessage-to-seller', 'reply-to-user'];
    const problems: string[] = [];
    let refused = 0;
    let stored = 0;
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.constantFrom(...events), fc.oneof(nastyValue, shapedBody, chatPayload(shopperId)), async (asSeller, event, payload) => {
        const socket = asSeller ? seller : shopper;
        const before = await t.connection.collection('chat_messages').countDocuments();
        const ack = await Promise.race([emit(socket, event, payload), new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), 5_000))]);
        const after = await t.connection.collection('chat_messages').countDocuments();
        if (ack === 'no answer') problems.push(`${event} as ${asSeller ? 'seller' : 'shopper'}: no answer to ${JSON.stringify(payload)?.slice(0, 120)}`);
        else if (typeof ack?.success !== 'boolean' || typeof ack.message === 'undefined')
          problems.push(`${event}: answer not in the shape: ${JSON.stringify(ack).slice(0, 120)}`);
        else if (!ack.success) {
          refused++;
          if (typeof ack.message !== 'string') problems.push(`${event}: refusal without a message`);
          if (after !== before) problems.push(`${event}: a refusal stored a message`);
        } else stored += after - before;
        if (!socket.connected) problems.push(`${event}: the socket was closed after ${JSON.stringify(payload)?.slice(0, 120)}`);
        return problems.length === 0;
      }),
      { seed: SEED, numRuns: SOCKET_RUNS, endOnFailure: true },
    );
    console.log(`bad-input over sockets: ${SOCKET_RUNS} messages, ${refused} refused, ${stored} stored`);
    expect(problems).toEqual([]);
    expect(refused).toBeGreaterThan(0);
  }, 180_000);
});
