import { randomBytes, randomUUID } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import request from 'supertest';
import { AUTH_ENV, insertProducts, quickShoppers, VALID_ADDRESS, VERIFICATION_MAIL, type Agent } from './support/actors';
import { FakeGoogle } from './support/fake-google';
import { SmtpCatcher } from './support/smtp-catcher';
import { createTestApp, type TestApp } from './support/test-app';
import { eventually } from './support/waiting';

/**
 * A shopper's address is verified by a link mailed after sign-up: until then the shop mails it nothing
 * but that link and password resets (other mails are recorded as skipped, with the reason). Google
 * sign-in counts as verified; accounts from before verification are taken as verified.
 */
const CALLBACK = 'http://127.0.0.1/api/auth/google/callback';
const SELLER_NOTIFY = 'orders@shop.test';
const tokenIn = (text: string) => /\/verify-email#token=([\w.-]+)/.exec(text)?.[1];

describe('email verification', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  let google: FakeGoogle;
  let milk: string;

  beforeAll(async () => {
    smtp = await new SmtpCatcher().up();
    google = await new FakeGoogle().start();
    t = await createTestApp({
      ...AUTH_ENV,
      ...google.env(CALLBACK),
      SMTP_URL: smtp.url,
      SELLER_NOTIFY_EMAIL: SELLER_NOTIFY,
      PUBLIC_URL: 'https://shop.greencart.test',
      COOKIE_SECURE: 'false',
      OUTBOX_RETRY_MS: '200',
    });
    [milk] = await insertProducts(t, [{ name: 'Milk', offerPrice: 30, category: 'Dairy' }]);
  });
  afterAll(async () => {
    await t?.close();
    await google.stop();
    await smtp.down();
  });

  async function signUp(firstName = 'Vera') {
    const agent = request.agent(t.app.getHttpServer());
    const email = `${firstName.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com`;
    const res = await agent.post('/api/register').send({ firstName, email, password: 'correct-horse-battery' }).expect(201);
    return { agent, email, id: res.body.userData._id as string, userData: res.body.userData };
  }
  async function placeOrder(agent: Agent) {
    const address = (await agent.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id as string;
    const res = await agent
      .post('/api/placeorders')
      .set('Idempotency-Key', randomUUID())
      .send({ address, items: [{ product: milk, quantity: 1 }] })
      .expect(201);
    return res.body.order._id as string;
  }
  const outboxState = async (id: string) => t.connection.collection('outbox').findOne({ _id: id as never });
  async function linkFor(email: string, count = 1): Promise<string> {
    await smtp.until(() => smtp.to(email, VERIFICATION_MAIL).length === count);
    return tokenIn(smtp.to(email, VERIFICATION_MAIL)[count - 1].text)!;
  }

  it('a new account is unverified: it gets the link, no order mail until it opens it, then order mails again', async () => {
    const vera = await signUp('Vera');
    expect(vera.userData.emailVerified).toBe(false);
    expect((await vera.agent.get('/api/isAuth').expect(200)).body.userData.emailVerified).toBe(false);

    const token = await linkFor(vera.email);
    const mail = smtp.to(vera.email, VERIFICATION_MAIL)[0];
    expect(mail.subject).toBe('Confirm your email for GreenCart');
    expect(mail.text).toContain(`https://shop.greencart.test/verify-email#token=${token}`);

    // An order before: the seller hears of it, the shopper's receipt is skipped (with the reason), not failed.
    const before = await placeOrder(vera.agent);
    await smtp.until(() => smtp.to(SELLER_NOTIFY, `email:seller-new-order:${before}`).length === 1);
    await eventually(async () => (await outboxState(`email:order-confirmation:${before}`))?.state === 'skipped', 'the receipt skipped');
    expect(await outboxState(`email:order-confirmation:${before}`)).toMatchObject({ lastError: expect.stringContaining('not confirmed') });
    expect(smtp.to(vera.email)).toHaveLength(1);

    const opened = await t.http().post('/api/auth/verify-email').send({ token }).expect(200);
    expect(opened.body).toMatchObject({ success: true, email: vera.email, message: expect.stringContaining('confirmed') });
    expect((await vera.agent.get('/api/isAuth').expect(200)).body.userData).not.toHaveProperty('emailVerified');
    expect((await t.connection.collection('users').findOne({ email: vera.email }))?.emailVerified).toBe(true);

    const after = await placeOrder(vera.agent);
    await smtp.until(() => smtp.to(vera.email, `email:order-confirmation:${after}`).length === 1);
    expect(smtp.to(vera.email, 'email:order-confirmation:')).toHaveLength(1);
    // "Resend" once verified: nothing to send.
    expect((await vera.agent.post('/api/auth/verify-email/resend').expect(200)).body).toMatchObject({ success: true, emailVerified: true });
  });

  it('a link works once, and a forged, expired or malformed one is a 400 with a message; nothing changes', async () => {
    const ivo = await signUp('Ivo');
    const token = await linkFor(ivo.email);
    const jwt = new JwtService({ secret: AUTH_ENV.JWT_SECRET });
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sub: string; jti: string; eml: string };
    const claims = { sub: payload.sub, jti: payload.jti, eml: payload.eml };
    const bad = async (body: unknown, message: RegExp) => {
      const res = await t
        .http()
        .post('/api/auth/verify-email')
        .send(body as object)
        .expect(400);
      expect(res.body).toMatchObject({ success: false, message: expect.stringMatching(message) });
    };
    // Forged: another secret; a changed payload under the real signature; a token for another purpose.
    const other = new JwtService({ secret: 'not-the-shop-secret-not-the-shop-secret' });
    await bad({ token: await other.signAsync(claims, { audience: 'greencart:email-verification', issuer: 'greencart' }) }, /not valid/);
    const [head, , sig] = token.split('.');
    await bad({ token: `${head}.${Buffer.from(JSON.stringify({ ...payload, sub: '000000000000000000000000' })).toString('base64url')}.${sig}` }, /not valid/);
    await bad({ token: await jwt.signAsync(claims, { audience: 'greencart:password-reset', issuer: 'greencart' }) }, /not valid/);
    await bad(
      { token: await jwt.signAsync({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }, { audience: 'greencart:email-verification', issuer: 'greencart' }) },
      /expired/,
    );
    await bad({ token: '' }, /incomplete/);
    await bad({ token: { $gt: '' } }, /./);
    await bad({ token, extra: 1 }, /./);
    expect((await t.connection.collection('users').findOne({ email: ivo.email }))?.emailVerified).toBe(false);

    // Twice at once: one wins, the other is told it was used.
    const both = await Promise.all([1, 2].map(() => t.http().post('/api/auth/verify-email').send({ token })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 400)!.body.message).toMatch(/used already/);
    await bad({ token }, /used already/);
    expect((await t.connection.collection('users').findOne({ email: ivo.email }))?.emailVerified).toBe(true);
  });

  it('"Resend": signed in only, one mail per 2 minutes (429 sooner), a new link that works', async () => {
    const rosa = await signUp('Rosa');
    await linkFor(rosa.email);
    await t.http().post('/api/auth/verify-email/resend').expect(401);
    const soon = await rosa.agent.post('/api/auth/verify-email/resend').expect(429);
    expect(soon.body).toEqual({ success: false, message: expect.stringContaining('less than 2 minutes ago') });
    expect(smtp.to(rosa.email)).toHaveLength(1);

    // Two minutes later (the account's clock set back): one new link, even for two presses at once.
    await t.connection.collection('users').updateOne({ email: rosa.email }, { $set: { verificationMailAt: new Date(Date.now() - 121_000) } });
    const presses = await Promise.all([1, 2].map(() => rosa.agent.post('/api/auth/verify-email/resend')));
    expect(presses.map((r) => r.status).sort()).toEqual([200, 429]);
    expect(presses.find((r) => r.status === 200)!.body.message).toContain(`We sent a new confirmation link to ${rosa.email}`);
    const second = await linkFor(rosa.email, 2);
    await t.http().post('/api/auth/verify-email').send({ token: second }).expect(200);
    expect((await rosa.agent.get('/api/isAuth').expect(200)).body.userData).not.toHaveProperty('emailVerified');
    expect(smtp.counts().get(smtp.to(rosa.email)[1].outboxId)).toBe(1);
  });

  it('a password reset still reaches an unverified address', async () => {
    const lena = await signUp('Lena');
    await linkFor(lena.email);
    await t.http().post('/api/password/forgot').send({ email: lena.email }).expect(200);
    await smtp.until(() => smtp.to(lena.email, 'email:password-reset:').length === 1);
  });

  it('Google sign-in counts as verified: a new Google account, and an unverified account Google signs into', async () => {
    const googleSignIn = async (agent: Agent) => {
      const start = await agent.get('/api/auth/google').expect(302);
      const consent = await fetch(start.headers.location, { redirect: 'manual' });
      const back = new URL(consent.headers.get('location')!);
      await agent.get(`${back.pathname}${back.search}`).expect(302);
    };
    const fresh = `g${randomBytes(4).toString('hex')}@gmail.com`;
    google.signIn = { sub: String(Date.now()), email: fresh, email_verified: true, given_name: 'Gita', name: 'Gita G' };
    const gita = request.agent(t.app.getHttpServer());
    await googleSignIn(gita);
    expect((await gita.get('/api/isAuth').expect(200)).body.userData).not.toHaveProperty('emailVerified');

    const omar = await signUp('Omar');
    await linkFor(omar.email);
    expect((await omar.agent.get('/api/isAuth').expect(200)).body.userData.emailVerified).toBe(false);
    google.signIn = { sub: String(Date.now() + 1), email: omar.email, email_verified: true, given_name: 'Omar', name: 'Omar O' };
    await googleSignIn(omar.agent);
    expect((await omar.agent.get('/api/isAuth').expect(200)).body.userData).not.toHaveProperty('emailVerified');
    expect((await t.connection.collection('users').findOne({ email: omar.email }))?.emailVerified).toBe(true);
    const order = await placeOrder(omar.agent);
    await smtp.until(() => smtp.to(omar.email, `email:order-confirmation:${order}`).length === 1);
  });

  it('accounts from before verification (no field) are taken as verified: their mails go, no link is asked for', async () => {
    const [old] = await quickShoppers(t, 1, 'Oldtimer');
    const { email } = (await t.connection.collection('users').findOne({ _id: new (await import('mongodb')).ObjectId(old.id) }))!;
    expect((await old.agent.get('/api/isAuth').expect(200)).body.userData).not.toHaveProperty('emailVerified');
    expect((await old.agent.post('/api/auth/verify-email/resend').expect(200)).body.emailVerified).toBe(true);
    const order = await placeOrder(old.agent);
    await smtp.until(() => smtp.to(email as string, `email:order-confirmation:${order}`).length === 1);
    expect(smtp.to(email as string, VERIFICATION_MAIL)).toHaveLength(0);
  });
});
