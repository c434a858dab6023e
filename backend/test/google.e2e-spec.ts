import request from 'supertest';
import { FakeGoogle, type FakeGoogleAccount } from './support/fake-google';
import { cookie, PASSWORD, SESSION_ENV, type Agent } from './support/sessions';
import { createTestApp, type TestApp } from './support/test-app';

const CALLBACK = 'http://127.0.0.1/api/auth/google/callback';

/** Browser-like trip: app → fake Google (consent) → app callback. Returns the callback's answer. */
async function googleSignIn(t: TestApp, agent: Agent, returnTo?: string) {
  const start = await agent
    .get('/api/auth/google')
    .query(returnTo === undefined ? {} : { returnTo })
    .expect(302);
  const consent = await fetch(start.headers.location, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
  return { start, back, callback: await agent.get(`${back.pathname}${back.search}`) };
}

describe('Google sign-in (OAuth 2.0 against a local server)', () => {
  let t: TestApp;
  let google: FakeGoogle;
  const account = (over: Partial<FakeGoogleAccount> = {}): FakeGoogleAccount => ({
    sub: String(Math.floor(Math.random() * 1e12)),
    email: `g${Math.floor(Math.random() * 1e9)}@gmail.com`,
    email_verified: true,
    given_name: 'Gita',
    name: 'Gita Gopal',
    ...over,
  });

  beforeAll(async () => {
    google = await new FakeGoogle().start();
    t = await createTestApp({ ...SESSION_ENV, ...google.env(CALLBACK) });
  });
  afterAll(async () => {
    await t.close();
    await google.stop();
  });

  it('reports itself enabled', async () => {
    expect((await t.http().get('/api/auth/google/status').expect(200)).body).toEqual({ success: true, enabled: true });
  });

  it("redirects to Google's authorization URL with client id, callback, scopes and an opaque state", async () => {
    const res = await t.http().get('/api/auth/google?returnTo=/cart').expect(302);
    const url = new URL(res.headers.location);
    expect(`${url.origin}${url.pathname}`).toBe(`${google.url}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: google.clientId,
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'openid email profile',
      state: expect.stringMatching(/^[\w-]{20,}$/),
    });
    expect(url.searchParams.get('state')).not.toContain('cart');
    const state = cookie(res, 'google_oauth_state');
    expect(state?.attributes).toMatchObject({ httponly: true, samesite: 'Lax', path: '/api/auth/google' });
  });

  it('creates an account for a new verified Google user, signs them in and returns to returnTo', async () => {
    const who = account({ given_name: 'Gita' });
    google.signIn = who;
    const agent = request.agent(t.app.getHttpServer());
    const { callback } = await googleSignIn(t, agent, '/products/fruits?sort=new');
    expect(callback.status).toBe(302);
    expect(callback.headers.location).toBe('/products/fruits?sort=new');
    expect(cookie(callback, 'token')?.attributes).toMatchObject({ httponly: true, samesite: 'Lax' });

    const me = await agent.get('/api/isAuth').expect(200);
    expect(me.body.userData).toEqual({ _id: expect.any(String), firstName: 'Gita', email: who.email, cartItems: {} });
    const stored = await t.connection.collection('users').findOne({ email: who.email });
    expect(stored).toMatchObject({ googleId: who.sub });
    expect(stored?.passwordHash).toBeUndefined();
    // The app fetched the profile with the access token in the Authorization header.
    const userinfo = google.requests.filter((r) => r.path === '/v1/userinfo').pop();
    expect(userinfo?.authorization).toMatch(/^Bearer ya29\./);
    expect(userinfo?.query.get('access_token')).toBeNull();
  });

  it('links a returning password account by email (any case) and keeps password login working', async () => {
    const email = `linked${Math.floor(Math.random() * 1e9)}@gmail.com`;
    const registered = await t.http().post('/api/register').send({ firstName: 'Hari', email, password: PASSWORD }).expect(201);
    google.signIn = account({ email: email.toUpperCase(), given_name: 'Harish' });
    const agent = request.agent(t.app.getHttpServer());
    const { callback } = await googleSignIn(t, agent, '/');
    expect(callback.headers.location).toBe('/');
    const me = await agent.get('/api/isAuth').expect(200);
    expect(me.body.userData).toMatchObject({ _id: registered.body.userData._id, firstName: 'Hari', email });
    expect(await t.connection.collection('users').countDocuments({ email })).toBe(1);
    await t.http().post('/api/login').send({ email, password: PASSWORD }).expect(200);

    // Next time the Google id finds the account, even if the Google email changed.
    google.signIn = { ...(google.signIn as FakeGoogleAccount), email: 'renamed@gmail.com' };
    const again = request.agent(t.app.getHttpServer());
    await googleSignIn(t, again);
    expect((await again.get('/api/isAuth').expect(200)).body.userData._id).toBe(registered.body.userData._id);
  });

  it('defaults returnTo to / and refuses anything but a same-site path', async () => {
    for (const returnTo of [undefined, 'https://evil.example/x', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'cart']) {
      google.signIn = account();
      const { callback } = await googleSignIn(t, request.agent(t.app.getHttpServer()), returnTo);
      expect(callback.status).toBe(302);
      expect(callback.headers.location).toBe('/');
    }
  });

  it('sends a denied consent to /?login=failed without a session', async () => {
    google.signIn = 'deny';
    const agent = request.agent(t.app.getHttpServer());
    const { back, callback } = await googleSignIn(t, agent, '/cart');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(callback.status).toBe(302);
    expect(callback.headers.location).toBe('/?login=failed');
    expect(cookie(callback, 'token')).toBeUndefined();
    await agent.get('/api/isAuth').expect(401);
  });

  it('refuses a Google account whose email is not verified', async () => {
    const who = account({ email_verified: false });
    google.signIn = who;
    const { callback } = await googleSignIn(t, request.agent(t.app.getHttpServer()));
    expect(callback.headers.location).toBe('/?login=failed');
    expect(cookie(callback, 'token')).toBeUndefined();
    expect(await t.connection.collection('users').countDocuments({ email: who.email })).toBe(0);
  });

  it('refuses a callback whose state was not issued to this browser (login CSRF)', async () => {
    google.signIn = account();
    const victim = request.agent(t.app.getHttpServer());
    const attacker = request.agent(t.app.getHttpServer());
    const start = await attacker.get('/api/auth/google').expect(302);
    const consent = await fetch(start.headers.location, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    const res = await victim.get(`${back.pathname}${back.search}`).expect(302);
    expect(res.headers.location).toBe('/?login=failed');
    expect(cookie(res, 'token')).toBeUndefined();

    // A state that does not match the browser's cookie is refused as well.
    const own = await victim.get('/api/auth/google').expect(302);
    expect(own.headers.location).toBeTruthy();
    back.searchParams.set('state', 'x'.repeat(32));
    const mismatch = await victim.get(`${back.pathname}${back.search}`).expect(302);
    expect(mismatch.headers.location).toBe('/?login=failed');
  });

  it('cannot replay an authorization code', async () => {
    google.signIn = account();
    const agent = request.agent(t.app.getHttpServer());
    const { back, callback } = await googleSignIn(t, agent);
    expect(cookie(callback, 'token')).toBeDefined();
    const other = request.agent(t.app.getHttpServer());
    const start = await other.get('/api/auth/google').expect(302);
    const state = new URL(start.headers.location).searchParams.get('state')!;
    back.searchParams.set('state', state);
    const replay = await other.get(`${back.pathname}${back.search}`).expect(302);
    expect(replay.headers.location).toBe('/?login=failed');
  });
});

describe('Google sign-in when not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...SESSION_ENV, GOOGLE_CLIENT_ID: '', GOOGLE_CLIENT_SECRET: '' });
  });
  afterAll(() => t.close());

  it('reports enabled:false and answers the flow with 503', async () => {
    expect((await t.http().get('/api/auth/google/status').expect(200)).body).toEqual({ success: true, enabled: false });
    const res = await t.http().get('/api/auth/google?returnTo=/cart').expect(503);
    expect(res.body).toMatchObject({ success: false, message: 'Google sign-in is not configured' });
    await t.http().get('/api/auth/google/callback?code=x&state=y').expect(503);
  });
});
