import 'reflect-metadata';
import { validateEnvironment } from '../src/config/validate-environment';
import { createTestApp, type TestApp } from './support/test-app';

const production = {
  NODE_ENV: 'production',
  MONGODB_URI: 'mongodb://localhost:27017/greencart',
  JWT_SECRET: 'a-long-random-production-secret-value-0123',
  SELLER_EMAIL: 'owner@shop.in',
  SELLER_PASSWORD: 'a-strong-seller-password',
};

describe('settings', () => {
  it('refuses typos and unsafe values at start with a list of what is wrong', () => {
    let message = '';
    try {
      validateEnvironment({
        ...production,
        COOKIE_SECURE: 'maybe',
        SEED_DEMO: 'yes please',
        PUBLIC_URL: 'shop.example',
        SELLER_EMAIL: 'seller@greencart.local',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/COOKIE_SECURE must be true or false/);
    expect(message).toMatch(/SEED_DEMO must be true or false/);
    expect(message).toMatch(/PUBLIC_URL must be an http/);
    expect(message).toMatch(/SELLER_EMAIL is the public default/);
  });

  it('production: no demo data, no API docs, https assumed; development: the opposite; PUBLIC_URL drives origin and callback', () => {
    const prod = validateEnvironment(production);
    expect(prod).toMatchObject({ SEED_DEMO: false, API_DOCS: false });
    const dev = validateEnvironment({ NODE_ENV: 'development', MONGODB_URI: production.MONGODB_URI });
    expect(dev).toMatchObject({ SEED_DEMO: true, API_DOCS: true });
    const shop = validateEnvironment({ ...production, PUBLIC_URL: 'https://shop.example/' });
    expect(shop).toMatchObject({
      PUBLIC_URL: 'https://shop.example',
      FRONTEND_ORIGIN: 'https://shop.example',
      GOOGLE_CALLBACK_URL: 'https://shop.example/api/auth/google/callback',
    });
    expect(validateEnvironment({ ...production, SEED_DEMO: 'on', API_DOCS: '1' })).toMatchObject({ SEED_DEMO: true, API_DOCS: true });
  });
});

describe('production over plain http on a real address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...production, PUBLIC_URL: 'http://192.0.2.10:3000', LOG_LEVEL: 'silent' });
  });
  afterAll(() => t.close());

  it('does not force https (no HSTS, no upgrade-insecure-requests) and sets cookies the browser keeps', async () => {
    const res = await t.http().get('/api/health').expect(200);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['content-security-policy']).not.toMatch(/upgrade-insecure-requests/);
    const login = await t.http().post('/api/register').send({ firstName: 'Asha', email: 'asha@example.com', password: 'correct-horse-battery' }).expect(201);
    expect(String(login.headers['set-cookie'])).not.toMatch(/Secure/);
    await t.http().get('/api/docs').expect(404);
  });
});

describe('production over https', () => {
  let t: TestApp;
  beforeAll(async () => {
    // FRONTEND_ORIGIN given: the previous app's derived value stays in process.env within this test process.
    t = await createTestApp({ ...production, PUBLIC_URL: 'https://shop.example', FRONTEND_ORIGIN: 'https://shop.example', LOG_LEVEL: 'silent' });
  });
  afterAll(() => t.close());

  it('forces https and marks cookies Secure', async () => {
    const res = await t.http().get('/api/health/live').expect(200);
    expect(res.body).toMatchObject({ success: true, status: 'alive' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age/);
    expect(res.headers['content-security-policy']).toMatch(/upgrade-insecure-requests/);
    const login = await t
      .http()
      .post('/api/register')
      .set('Origin', 'https://shop.example')
      .send({ firstName: 'Asha', email: 'asha2@example.com', password: 'correct-horse-battery' })
      .expect(201);
    expect(String(login.headers['set-cookie'])).toMatch(/Secure/);
    expect((await t.http().get('/api/health/ready').expect(200)).body).toMatchObject({ database: { status: 'up' } });
  });
});
