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

  it('allows CORS only for the configured frontend origin', async () => {
    const ok = await t.http().options('/api/health').set('Origin', 'http://localhost:5173').set('Access-Control-Request-Method', 'GET');
    expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:5173');
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
