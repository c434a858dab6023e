import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGoogleAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  name?: string;
}

interface Grant {
  account: FakeGoogleAccount;
  clientId: string;
  redirectUri: string;
}

/**
 * A local OAuth 2.0 authorization server with Google's endpoints (authorization-code flow):
 * /authorize redirects back with a code (or error=access_denied), /token exchanges the code after
 * checking the client credentials and redirect_uri, /userinfo answers for a bearer token.
 * `signIn` is the account the next visitor "chooses" on the consent screen.
 */
export class FakeGoogle {
  readonly clientId = 'fake-client-id.apps.googleusercontent.com';
  readonly clientSecret = `secret-${randomBytes(8).toString('hex')}`;
  signIn: FakeGoogleAccount | 'deny' = { sub: '1000', email: 'user@gmail.com', email_verified: true, given_name: 'Gita', name: 'Gita G' };
  /** Every request the server saw, for assertions about what the app sent. */
  readonly requests: { path: string; query: URLSearchParams; body?: URLSearchParams; authorization?: string }[] = [];

  private server?: Server;
  private readonly codes = new Map<string, Grant>();
  private readonly tokens = new Map<string, FakeGoogleAccount>();

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  /** Settings that point the app at this server. */
  env(callbackUrl = 'http://127.0.0.1/api/auth/google/callback'): Record<string, string> {
    return {
      GOOGLE_CLIENT_ID: this.clientId,
      GOOGLE_CLIENT_SECRET: this.clientSecret,
      GOOGLE_CALLBACK_URL: callbackUrl,
      GOOGLE_AUTH_URL: `${this.url}/o/oauth2/v2/auth`,
      GOOGLE_TOKEN_URL: `${this.url}/token`,
      GOOGLE_USERINFO_URL: `${this.url}/v1/userinfo`,
    };
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake-google');
    const body = req.method === 'POST' ? new URLSearchParams(await readBody(req)) : undefined;
    this.requests.push({ path: url.pathname, query: url.searchParams, body, authorization: req.headers.authorization });
    if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') return this.authorize(url.searchParams, res);
    if (req.method === 'POST' && url.pathname === '/token') return this.token(body!, res);
    if (req.method === 'GET' && url.pathname === '/v1/userinfo') return this.userinfo(req, res);
    json(res, 404, { error: 'not_found' });
  }

  private authorize(query: URLSearchParams, res: ServerResponse) {
    const redirectUri = query.get('redirect_uri');
    if (query.get('client_id') !== this.clientId || !redirectUri) return json(res, 400, { error: 'invalid_request' });
    if (query.get('response_type') !== 'code') return json(res, 400, { error: 'unsupported_response_type' });
    const back = new URL(redirectUri);
    const state = query.get('state');
    if (state !== null) back.searchParams.set('state', state);
    if (this.signIn === 'deny') {
      back.searchParams.set('error', 'access_denied');
    } else {
      const code = `code-${randomBytes(12).toString('hex')}`;
      this.codes.set(code, { account: this.signIn, clientId: this.clientId, redirectUri });
      back.searchParams.set('code', code);
    }
    res.writeHead(302, { Location: back.toString() }).end();
  }

  private token(body: URLSearchParams, res: ServerResponse) {
    if (body.get('client_id') !== this.clientId || body.get('client_secret') !== this.clientSecret) return json(res, 401, { error: 'invalid_client' });
    if (body.get('grant_type') !== 'authorization_code') return json(res, 400, { error: 'unsupported_grant_type' });
    const grant = this.codes.get(body.get('code') ?? '');
    // Codes are single-use, and bound to the redirect_uri they were issued for.
    this.codes.delete(body.get('code') ?? '');
    if (!grant || grant.redirectUri !== body.get('redirect_uri'))
      return json(res, 400, { error: 'invalid_grant', error_description: 'Bad code or redirect_uri' });
    const accessToken = `ya29.${randomBytes(16).toString('hex')}`;
    this.tokens.set(accessToken, grant.account);
    json(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3599, scope: 'openid email profile' });
  }

  private userinfo(req: IncomingMessage, res: ServerResponse) {
    const match = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    const account = match ? this.tokens.get(match[1]) : undefined;
    if (!account) return json(res, 401, { error: 'invalid_token', error_description: 'Invalid Credentials' });
    json(res, 200, account);
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (data += chunk));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}
