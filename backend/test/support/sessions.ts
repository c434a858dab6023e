import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { TestApp } from './test-app';

export type Agent = ReturnType<typeof request.agent>;

export const SELLER = { email: 'seller@test.local', password: 'seller-test-password' };
export const PASSWORD = 'correct-horse-battery';

/** Settings for suites that sign people in; limits high enough that only the rate-limit tests meet them. */
export const SESSION_ENV = {
  JWT_SECRET: 'test-jwt-secret-for-e2e-suites-only',
  SELLER_EMAIL: SELLER.email,
  SELLER_PASSWORD: SELLER.password,
  THROTTLE_LIMIT: '100000',
  LOGIN_THROTTLE_LIMIT: '1000',
  LOGIN_ADDRESS_THROTTLE_LIMIT: '100000',
  LOGIN_ACCOUNT_THROTTLE_LIMIT: '100000',
  REGISTER_THROTTLE_LIMIT: '100000',
  GOOGLE_CLIENT_ID: '',
  GOOGLE_CLIENT_SECRET: '',
};

export function uniqueEmail(name = 'shopper'): string {
  return `${name.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com`;
}

/** A newly registered shopper whose agent keeps the session cookie. */
export async function registerShopper(t: TestApp, firstName = 'Asha'): Promise<{ agent: Agent; id: string; email: string }> {
  const agent = request.agent(t.app.getHttpServer());
  const email = uniqueEmail(firstName);
  const res = await agent.post('/api/register').send({ firstName, email, password: PASSWORD }).expect(201);
  return { agent, id: res.body.userData._id, email };
}

export async function signInSeller(t: TestApp): Promise<Agent> {
  const agent = request.agent(t.app.getHttpServer());
  await agent.post('/api/sellerlogin').send(SELLER).expect(200);
  return agent;
}

export interface SetCookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}

/** The Set-Cookie headers of a response, parsed. */
export function setCookies(res: { headers: Record<string, unknown> }): SetCookie[] {
  const raw = res.headers['set-cookie'];
  const lines = Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
  return lines.map((line) => {
    const [pair, ...attrs] = line.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    const attributes: Record<string, string | true> = {};
    for (const attr of attrs) {
      const i = attr.indexOf('=');
      attributes[(i < 0 ? attr : attr.slice(0, i)).toLowerCase()] = i < 0 ? true : attr.slice(i + 1);
    }
    return { name: pair.slice(0, eq), value: decodeURIComponent(pair.slice(eq + 1)), attributes };
  });
}

export function cookie(res: { headers: Record<string, unknown> }, name: string): SetCookie | undefined {
  return setCookies(res).find((c) => c.name === name);
}

/** True when the response tells the browser to drop the cookie. */
export function clears(res: { headers: Record<string, unknown> }, name: string): boolean {
  const c = cookie(res, name);
  return !!c && c.value === '' && typeof c.attributes.expires === 'string' && new Date(c.attributes.expires).getTime() <= Date.now();
}
