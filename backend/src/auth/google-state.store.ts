import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { JwtService } from '@nestjs/jwt';
import type { Request } from 'express';
import type { SessionCookies } from '../sessions/session-cookies';
import { TOKEN_ISSUER } from '../sessions/session';
import { safeReturnTo } from './return-to';

export const GOOGLE_STATE_COOKIE = 'google_oauth_state';
const STATE_AUDIENCE = 'greencart:google-state';
const STATE_COOKIE_PATH = '/api/auth/google';
const STATE_MAX_AGE_MS = 10 * 60 * 1000;

export interface GoogleState {
  returnTo: string;
}

type StoreCallback = (err: Error | null, state?: string) => void;
type VerifyCallback = (err: Error | null, ok: boolean, state?: GoogleState | { message: string }) => void;

/**
 * passport-oauth2 state store without server sessions: the `state` sent to Google is a random
 * nonce, and a short-lived signed cookie bound to this browser holds the same nonce plus where to
 * return. The callback is accepted only when both agree (CSRF protection of the sign-in).
 */
export class GoogleStateStore {
  constructor(
    private readonly jwt: JwtService,
    private readonly cookies: SessionCookies,
  ) {}

  store(req: Request, state: Partial<GoogleState> | undefined, _meta: unknown, callback: StoreCallback): void {
    const nonce = randomBytes(24).toString('base64url');
    const returnTo = safeReturnTo(state?.returnTo);
    this.jwt
      .signAsync({ n: nonce, r: returnTo }, { audience: STATE_AUDIENCE, issuer: TOKEN_ISSUER, expiresIn: STATE_MAX_AGE_MS / 1000 })
      .then((signed) => {
        req.res!.cookie(GOOGLE_STATE_COOKIE, signed, { ...this.cookies.options({ path: STATE_COOKIE_PATH }), maxAge: STATE_MAX_AGE_MS });
        callback(null, nonce);
      })
      .catch((error: Error) => callback(error));
  }

  verify(req: Request, providedState: unknown, _meta: unknown, callback: VerifyCallback): void {
    const cookie: unknown = req.cookies?.[GOOGLE_STATE_COOKIE];
    const refused = () => callback(null, false, { message: 'Sign-in expired or was started elsewhere, please try again' });
    if (typeof cookie !== 'string' || typeof providedState !== 'string' || !providedState) return refused();
    this.jwt
      .verifyAsync<{ n: string; r: string }>(cookie, { audience: STATE_AUDIENCE, issuer: TOKEN_ISSUER, algorithms: ['HS256'] })
      .then(({ n, r }) => {
        const expected = Buffer.from(String(n));
        const given = Buffer.from(providedState);
        if (expected.length !== given.length || !timingSafeEqual(expected, given)) return refused();
        callback(null, true, { returnTo: safeReturnTo(r) });
      })
      .catch(refused);
  }

  /** The callback route clears the cookie whatever the outcome (denied consent never reaches verify). */
  static clear(req: Request, cookies: SessionCookies): void {
    req.res?.clearCookie(GOOGLE_STATE_COOKIE, cookies.options({ path: STATE_COOKIE_PATH }));
  }
}
