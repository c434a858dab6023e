import 'reflect-metadata';
import { validateEnvironment } from '../src/config/validate-environment';
import { createTestApp, type TestApp } from './support/test-app';

describe('foundation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GET /api/health reports the database up', async () => {
    const res = await t.http().get('/api/health').expect(200);
    expect(res.body).toMatchObject({ success: true, status: 'ok', database: { status: 'up' } });
  });

  it('unknown API routes answer 404 in the error shape', async () => {
    const res = await t.http().get('/api/no-such-thing').expect(404);
    expect(res.body).toMatchObject({ success: false, message: expect.stringContaining('/api/no-such-thing') });
  });

  it('malformed JSON is a 400, not a 500', async () => {
    const res = await t.http().post('/api/newsletter').set('content-type', 'application/json').send('{"email"').expect(400);
    expect(res.body.success).toBe(false);
    expect(typeof res.body.message).toBe('string');
  });

  it('sets security headers and serves OpenAPI docs', async () => {
    const res = await t.http().get('/api/docs-json').expect(200);
    expect(res.body.info.title).toBe('GreenCart API');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('outside development no other origin gets CORS by default: not even the dev server’s', async () => {
    for (const origin of ['http://localhost:5173', 'http://evil.example']) {
      const preflight = await t.http().options('/api/health').set('Origin', origin).set('Access-Control-Request-Method', 'GET');
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
      const read = await t.http().get('/api/health').set('Origin', origin).expect(200);
      expect(read.headers['access-control-allow-origin']).toBeUndefined();
    }
    // A credentialed write from there is refused outright.
    await t.http().post('/api/login').set('Origin', 'http://localhost:5173').send({ email: 'a@b.example', password: 'whatever-123' }).expect(403);
  });

  it('FRONTEND_ORIGIN: development allows the dev server, PUBLIC_URL its own origin, production and tests nothing unless set', () => {
    const base = { MONGODB_URI: 'mongodb://localhost:27017/greencart' };
    expect(validateEnvironment({ ...base, NODE_ENV: 'development' }).FRONTEND_ORIGIN).toBe('http://localhost:5173');
    expect(validateEnvironment({ ...base }).FRONTEND_ORIGIN).toBe('http://localhost:5173');
    expect(validateEnvironment({ ...base, NODE_ENV: 'test' }).FRONTEND_ORIGIN).toBeUndefined();
    const production = {
      ...base,
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(48),
      SELLER_EMAIL: 'owner@shop.example',
      SELLER_PASSWORD: 'a-long-password-1',
    };
    expect(validateEnvironment(production).FRONTEND_ORIGIN).toBeUndefined();
    expect(validateEnvironment({ ...production, PUBLIC_URL: 'https://shop.example/' }).FRONTEND_ORIGIN).toBe('https://shop.example');
    expect(validateEnvironment({ ...production, FRONTEND_ORIGIN: 'https://app.shop.example' }).FRONTEND_ORIGIN).toBe('https://app.shop.example');
  });
});

describe('an allowed frontend origin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ FRONTEND_ORIGIN: 'http://localhost:5173' });
  });
  afterAll(() => t.close());

  it('gets credentialed CORS; any other origin none', async () => {
    const ok = await t.http().options('/api/health').set('Origin', 'http://localhost:5173').set('Access-Control-Request-Method', 'GET');
    expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(ok.headers['access-control-allow-credentials']).toBe('true');
    const other = await t.http().options('/api/health').set('Origin', 'http://evil.example').set('Access-Control-Request-Method', 'GET');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('newsletter', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('subscribes a new email (stored lower-cased)', async () => {
    const res = await t.http().post('/api/newsletter').send({ email: ' Asha@Example.com ' }).expect(201);
    expect(res.body.success).toBe(true);
    const stored = await t.connection.collection('subscribers').findOne({ email: 'asha@example.com' });
    expect(stored).not.toBeNull();
  });

  it('answers a duplicate (any case) with 409', async () => {
    const res = await t.http().post('/api/newsletter').send({ email: 'ASHA@example.com' }).expect(409);
    expect(res.body).toMatchObject({ success: false, message: 'This email is already subscribed' });
  });

  it.each([[{ email: 'not-an-email' }], [{}], [{ email: { $ne: null } }], [{ email: 'a@b.co', extra: 1 }]])('rejects %j with 400', async (body) => {
    const before = await t.connection.collection('subscribers').countDocuments();
    const res = await t.http().post('/api/newsletter').send(body).expect(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toEqual(expect.any(String));
    expect(await t.connection.collection('subscribers').countDocuments()).toBe(before);
  });
});
