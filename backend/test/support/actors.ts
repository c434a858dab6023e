import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { TestApp } from './test-app';

export const TEST_SELLER = { email: 'seller@test.local', password: 'test-seller-password' };
/** Settings every suite that signs people in passes to createTestApp. */
export const AUTH_ENV = {
  SELLER_EMAIL: TEST_SELLER.email,
  SELLER_PASSWORD: TEST_SELLER.password,
  JWT_SECRET: 'test-secret-test-secret-test-secret!',
  // Suites register and sign in many people from 127.0.0.1; the limits have suites of their own.
  REGISTER_THROTTLE_LIMIT: '100000',
  LOGIN_ADDRESS_THROTTLE_LIMIT: '100000',
  LOGIN_ACCOUNT_THROTTLE_LIMIT: '100000',
};

export type Agent = ReturnType<typeof request.agent>;

/** A new shopper with a session cookie, whose address is verified (the link itself is tested in email-verification.e2e-spec.ts). */
export async function shopper(t: TestApp, firstName = 'Asha'): Promise<{ agent: Agent; id: string; email: string }> {
  const agent = request.agent(t.app.getHttpServer());
  const email = `${firstName.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com`;
  const res = await agent.post('/api/register').send({ firstName, email, password: 'correct-horse-battery' }).expect(201);
  await verifyEmail(t, res.body.userData._id, email);
  return { agent, id: res.body.userData._id, email };
}

/**
 * Marks a new account's address verified, as opening its link does (the same service call, which also
 * tells every instance). The verification mail sign-up queued still arrives: suites that count a
 * shopper's mails leave it out (its outbox id starts with VERIFICATION_MAIL).
 */
export async function verifyEmail(t: TestApp, id: string, email: string): Promise<void> {
  const { UsersService } = await import('../../src/users/users.service');
  const users = t.app.get(UsersService);
  // Until the mail side reads the address as confirmed: CI runs saw a new shopper's receipts skipped as
  // "not confirmed" right after this call (not explained; see the stop-48 note), so marked again until it does.
  for (let attempt = 0; attempt < 50; attempt++) {
    if (!(await users.markEmailVerified(id, email.toLowerCase()))) throw new Error(`No account ${id} with ${email}`);
    if ((await users.contactOf(id))?.emailVerified) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`The address of account ${id} never read as confirmed`);
}

export const VERIFICATION_MAIL = 'email:email-verification:';
/** Every mail but the address verification link each new account gets. */
export const notVerification = (mail: { outboxId: string }) => !mail.outboxId.startsWith(VERIFICATION_MAIL);

export async function seller(t: TestApp): Promise<Agent> {
  const agent = request.agent(t.app.getHttpServer());
  await agent.post('/api/sellerlogin').send(TEST_SELLER).expect(200);
  return agent;
}

export interface SeedProduct {
  name: string;
  category?: string;
  price?: number;
  offerPrice: number;
  inStock?: boolean;
}

/** Products written straight to the collection (the catalogue API is tested elsewhere). */
export async function insertProducts(t: TestApp, products: SeedProduct[]): Promise<string[]> {
  const now = new Date();
  const docs = products.map((p, i) => ({
    name: p.name,
    description: [`About ${p.name}`],
    category: p.category ?? 'Fruits',
    price: p.price ?? p.offerPrice,
    offerPrice: p.offerPrice,
    image: ['/api/images/000000000000000000000000'],
    inStock: p.inStock ?? true,
    createdAt: new Date(now.getTime() + i),
    updatedAt: now,
  }));
  const result = await t.connection.collection('products').insertMany(docs);
  return Object.values(result.insertedIds).map(String);
}

export const VALID_ADDRESS = {
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.com',
  street: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560001',
  country: 'India',
  phone: '+91 98765 43210',
};

/**
 * Many shoppers at once for race tests, without paying argon2 for each sign-up: accounts written
 * straight to the users collection (no password), sessions signed by the app's own SessionService.
 */
export async function quickShoppers(t: TestApp, count: number, name = 'Racer'): Promise<{ agent: Agent; id: string }[]> {
  const now = new Date();
  const docs = Array.from({ length: count }, (_, i) => ({
    firstName: `${name}${i}`,
    email: `${name.toLowerCase()}${i}-${Math.random().toString(36).slice(2, 10)}@example.com`,
    sessionVersion: 0,
    createdAt: now,
    updatedAt: now,
  }));
  const ids = Object.values((await t.connection.collection('users').insertMany(docs)).insertedIds).map(String);
  const { SessionService } = await import('../../src/sessions/session.service');
  const { SHOPPER_COOKIE } = await import('../../src/sessions/session');
  const sessions = t.app.get(SessionService);
  return Promise.all(
    ids.map(async (id) => {
      const agent = request.agent(t.app.getHttpServer());
      agent.jar.setCookie(`${SHOPPER_COOKIE}=${await sessions.signShopper(id)}; Path=/`, '127.0.0.1', '/');
      return { agent, id };
    }),
  );
}
