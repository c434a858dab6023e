import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import type request from 'supertest';
import { randomBytes } from 'node:crypto';
import { AUTH_ENV } from './actors';
import type { TestApp } from './test-app';

export type Ack =
  | { success: true; message: { _id: string; userId: string; from: string; text: string; orderId?: string; orderNumber?: string; createdAt: string } }
  | { success: false; message: string };

/** Starts the app's HTTP server (sockets included) on a free port; its base URL. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
}

/** The `Cookie` header that sends back what a response set. */
export const cookieOf = (res: request.Response) =>
  ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');

/** The claims of the session token in a `Cookie` header (read, not verified). */
export function claimsOf(cookie: string, name: 'token' | 'sellerToken'): { sid: string; exp: number; sub: string } {
  const token = cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${name}=`))!
    .slice(name.length + 1);
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

/** Sockets a suite opens and closes after each test (`afterEach(closeSockets)`). */
const open: Socket[] = [];
export function closeSockets() {
  while (open.length) open.pop()!.disconnect();
}

/** A connected socket (no reconnection: a socket the server closes stays closed). */
export function connect(url: string, cookie: string | undefined, role?: 'seller'): Promise<Socket> {
  const socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: cookie ? { Cookie: cookie } : {},
    auth: role ? { role } : {},
    reconnection: false,
    forceNew: true,
  });
  open.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
  });
}

export const emit = (socket: Socket, event: string, payload: unknown) => new Promise<Ack>((resolve) => socket.emit(event, payload, resolve));

/** What a socket receives of one event. */
export function inbox<T = { _id?: string; text?: string }>(socket: Socket, event: string): T[] {
  const got: T[] = [];
  socket.on(event, (message: T) => got.push(message));
  return got;
}

/** The reasons a socket was closed for, as they happen. */
export function closings(socket: Socket): string[] {
  const reasons: string[] = [];
  socket.on('disconnect', (reason) => reasons.push(reason));
  return reasons;
}

/** Waits until `check` holds, polling, failing after a generous deadline. */
export async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Settles once everything the server sent this socket before it read this call's event has arrived (or
 * the socket is closed): a round trip, and one connection delivers in order, so whatever should not have
 * come, had it been sent with what was awaited before, is here by now. The event is one the socket's
 * role may not send: refused at once, nothing stored and nothing counted against its rate.
 */
export function caughtUp(socket: Socket, role: 'shopper' | 'seller' = 'shopper'): Promise<void> {
  return new Promise((resolve) => {
    if (!socket.connected) return resolve();
    const done = () => {
      socket.off('disconnect', done);
      resolve();
    };
    socket.once('disconnect', done);
    socket.emit(role === 'seller' ? 'sendmessage-to-seller' : 'reply-to-user', {}, done);
  });
}

/** The password of the shoppers `register` creates. */
export const SHOPPER_PASSWORD = 'correct-horse-battery';

/** A new shopper, signed in: their id, email and session cookie (for sockets and plain requests). */
export async function register(t: TestApp, firstName: string): Promise<{ id: string; email: string; cookie: string }> {
  const email = `${firstName.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com`;
  const res = await t.http().post('/api/register').send({ firstName, email, password: SHOPPER_PASSWORD }).expect(201);
  return { id: res.body.userData._id, email, cookie: cookieOf(res) };
}

/** The seller's session cookie. */
export const sellerCookie = async (t: TestApp) =>
  cookieOf(await t.http().post('/api/sellerlogin').send({ email: AUTH_ENV.SELLER_EMAIL, password: AUTH_ENV.SELLER_PASSWORD }).expect(200));
