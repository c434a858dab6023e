import request from 'supertest';
import { clears, cookie, registerShopper, SELLER, SESSION_ENV, signInSeller } from './support/sessions';
import { createTestApp, type TestApp } from './support/test-app';

describe('seller session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(SESSION_ENV);
  });
  afterAll(() => t.close());

  it('logs in with the configured credentials (email in any case), checks and logs out', async () => {
    const agent = request.agent(t.app.getHttpServer());
    const res = await agent.post('/api/sellerlogin').send({ email: SELLER.email.toUpperCase(), password: SELLER.password }).expect(200);
    expect(res.body).toEqual({ success: true, message: expect.any(String) });
    expect(cookie(res, 'sellerToken')?.attributes).toMatchObject({ httponly: true, samesite: 'Lax', path: '/' });
    expect(cookie(res, 'token')).toBeUndefined();

    expect((await agent.get('/api/is-auth-seller').expect(200)).body).toEqual({ success: true });
    const out = await agent.get('/api/sellerLogout').expect(200);
    expect(out.body).toEqual({ success: true, message: 'Logged out' });
    expect(clears(out, 'sellerToken')).toBe(true);
    const after = await agent.get('/api/is-auth-seller').expect(401);
    expect(after.body).toMatchObject({ success: false, message: expect.any(String) });
  });

  it.each([
    ['wrong password', { email: SELLER.email, password: 'not-the-password' }],
    ['wrong email', { email: 'someone@test.local', password: SELLER.password }],
  ])('refuses a %s with 401 and no cookie', async (_label, body) => {
    const res = await t.http().post('/api/sellerlogin').send(body).expect(401);
    expect(res.body).toMatchObject({ success: false, message: 'Invalid email or password' });
    expect(cookie(res, 'sellerToken')).toBeUndefined();
  });

  it.each([
    [{ email: SELLER.email }],
    [{ password: SELLER.password }],
    [{ email: { $ne: null }, password: SELLER.password }],
    [{ email: SELLER.email, password: { $gt: '' } }],
  ])('rejects %j with 400', async (body) => {
    const res = await t.http().post('/api/sellerlogin').send(body).expect(400);
    expect(res.body.success).toBe(false);
  });

  it('answers is-auth-seller 401 anonymous and 403 for a signed-in shopper', async () => {
    await t.http().get('/api/is-auth-seller').expect(401);
    const { agent } = await registerShopper(t);
    const res = await agent.get('/api/is-auth-seller').expect(403);
    expect(res.body).toMatchObject({ success: false, message: 'This area is for the seller only' });
  });

  it("does not let the seller's cookie open shopper routes, nor a shopper token pose as the seller's", async () => {
    const sellerAgent = await signInSeller(t);
    await sellerAgent.get('/api/isAuth').expect(401);

    const shopperRes = await t.http().post('/api/register').send({ firstName: 'Sly', email: 'sly@example.com', password: 'correct-horse-battery' }).expect(201);
    const shopperToken = cookie(shopperRes, 'token')!.value;
    await t.http().get('/api/is-auth-seller').set('Cookie', `sellerToken=${shopperToken}`).expect(401);
    const sellerToken = cookie(await t.http().post('/api/sellerlogin').send(SELLER).expect(200), 'sellerToken')!.value;
    await t.http().get('/api/isAuth').set('Cookie', `token=${sellerToken}`).expect(401);
  });
});

describe('seller credentials', () => {
  // Two starts of the app: 22 s on a slower machine, too near the default 30 s.
  it('signs the seller out when the seller password changes', async () => {
    const first = await createTestApp(SESSION_ENV);
    let sellerToken: string;
    try {
      sellerToken = cookie(await first.http().post('/api/sellerlogin').send(SELLER).expect(200), 'sellerToken')!.value;
      await first.http().get('/api/is-auth-seller').set('Cookie', `sellerToken=${sellerToken}`).expect(200);
    } finally {
      await first.close();
    }
    const second = await createTestApp({ ...SESSION_ENV, SELLER_PASSWORD: 'a-brand-new-seller-password' });
    try {
      await second.http().get('/api/is-auth-seller').set('Cookie', `sellerToken=${sellerToken}`).expect(401);
      await second.http().post('/api/sellerlogin').send(SELLER).expect(401);
      await second.http().post('/api/sellerlogin').send({ email: SELLER.email, password: 'a-brand-new-seller-password' }).expect(200);
    } finally {
      await second.close();
    }
  }, 60_000);

  it('rate-limits repeated seller sign-in attempts', async () => {
    const t = await createTestApp({ ...SESSION_ENV, LOGIN_THROTTLE_LIMIT: '2' });
    try {
      await t.http().post('/api/sellerlogin').send({ email: SELLER.email, password: 'guess-number-one' }).expect(401);
      await t.http().post('/api/sellerlogin').send({ email: SELLER.email, password: 'guess-number-two' }).expect(401);
      const res = await t.http().post('/api/sellerlogin').send(SELLER).expect(429);
      expect(res.body).toMatchObject({ success: false, message: 'Too many attempts, please try again later' });
    } finally {
      await t.close();
    }
  });
});
