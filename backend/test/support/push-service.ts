import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

/** One push as the push service received it. */
export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A browser's side of a subscription: its P-256 key pair and auth secret (what the payload is encrypted for). */
export class FakeBrowser {
  readonly ecdh: ECDH = createECDH('prime256v1');
  readonly auth = randomBytes(16);
  constructor(readonly endpoint: string) {
    this.ecdh.generateKeys();
  }

  /** The body of POST /api/push/subscribe, as PushSubscription.toJSON() gives it. */
  get subscription() {
    return { endpoint: this.endpoint, keys: { p256dh: this.ecdh.getPublicKey('base64url'), auth: this.auth.toString('base64url') } };
  }

  /** The payload, decrypted with this browser's keys (RFC 8291, aes128gcm). */
  read(push: ReceivedPush): unknown {
    return JSON.parse(decrypt(push.body, { version: 'aes128gcm', privateKey: this.ecdh, authSecret: this.auth }).toString('utf8'));
  }
}

/**
 * A push service on this machine, speaking RFC 8030 as far as the shop uses it: takes POST /push/<id>,
 * answers 201 (or what `answer` says for that id) and keeps what it got.
 */
export class FakePushService {
  readonly received: ReceivedPush[] = [];
  readonly answer = new Map<string, number>();
  private server?: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        this.received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        const status = this.answer.get((req.url ?? '').split('/').pop() ?? '') ?? 201;
        res.writeHead(status, { 'Content-Type': 'text/plain' }).end(status === 201 ? '' : 'gone');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  browser(): FakeBrowser {
    return new FakeBrowser(`${this.url}/push/${randomBytes(8).toString('hex')}`);
  }

  to(browser: FakeBrowser): ReceivedPush[] {
    return this.received.filter((push) => `${this.url}${push.path}` === browser.endpoint);
  }
}

/**
 * Checks the VAPID Authorization header (RFC 8292): `vapid t=<JWT>, k=<public key>`, the JWT signed
 * ES256 by that key, for the push service's origin, not expired, with a contact. Returns its claims.
 */
export function verifyVapid(header: string | undefined, publicKey: string, audience: string): { aud: string; exp: number; sub: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`Not a VAPID Authorization header: ${header}`);
  const [, token, key] = match;
  if (key !== publicKey) throw new Error('The header names another public key');
  const [head, claims, signature] = token.split('.');
  const raw = Buffer.from(key, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') };
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('The VAPID signature does not verify');
  if (JSON.parse(Buffer.from(head, 'base64url').toString()).alg !== 'ES256') throw new Error('Not ES256');
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (body.aud !== audience) throw new Error(`aud is ${body.aud}, not ${audience}`);
  const now = Date.now() / 1000;
  if (!(body.exp > now && body.exp <= now + 24 * 3600)) throw new Error('exp is not within the next 24 hours');
  return body;
}
