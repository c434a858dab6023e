import type { CookieOptions } from 'express';
import { servesHttps, type Environment } from '../config/environment';

/** Cookie names the frontend and the original API know. */
export const SHOPPER_COOKIE = 'token';
export const SELLER_COOKIE = 'sellerToken';

export const SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_EXPIRES_IN = '7d';

/** Each kind of token has its own audience, so one can never be replayed as another. */
export const TOKEN_ISSUER = 'greencart';
export const SHOPPER_AUDIENCE = 'greencart:shopper';
export const SELLER_AUDIENCE = 'greencart:seller';

export interface ShopperTokenPayload {
  sub: string;
  role: 'shopper';
  /** This session's id: logging out revokes it. */
  sid: string;
  /** The account's session version when signed in: "sign out everywhere" raises it. */
  sv: number;
  exp?: number;
}

export interface SellerTokenPayload {
  sub: string;
  role: 'seller';
  /** Fingerprint of the seller password the token was issued under: changing the password signs the seller out. */
  pwd: string;
  /** This session's id: logging out revokes it. */
  sid: string;
  exp?: number;
}

type CookieSettings = Pick<Environment, 'NODE_ENV' | 'COOKIE_SECURE' | 'PUBLIC_URL'>;

export function isSecureCookie(env: CookieSettings): boolean {
  return env.COOKIE_SECURE ?? servesHttps(env);
}

/** httpOnly, SameSite=Lax, Secure in production; `maxAge` only when setting. */
export function sessionCookieOptions(env: CookieSettings, maxAge?: number): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: isSecureCookie(env), path: '/', ...(maxAge ? { maxAge } : {}) };
}
