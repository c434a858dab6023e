import { createSecretKey, type KeyObject } from 'node:crypto';
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
  /** The owner's email, or a staff member's id (with `staff`). */
  sub: string;
  role: 'seller';
  /** Fingerprint of the seller password the token was issued under: changing the password signs the seller out (the owner's tokens). */
  pwd?: string;
  /** A staff member's session (the owner's tokens have neither this nor `sv`). */
  staff?: true;
  /** The staff member's session version when signed in: a password change, reset or removal raises it. */
  sv?: number;
  /** This session's id: logging out revokes it. */
  sid: string;
  exp?: number;
  /** When it was signed (seconds): "sign out everywhere" ends every seller session signed before. */
  iat?: number;
  /**
   * When it was signed, in milliseconds: `iat` is whole seconds, so a session signed in the same second as a
   * "sign out everywhere" but after it would count as signed before (tokens without it are judged by `iat`).
   */
  at?: number;
}

/**
 * Whether a seller token was signed before the seller's last "sign out everywhere" (`since`, ms; 0: never): by
 * its `at` (ms), else by its `iat` (whole seconds: one signed in that second counts as before).
 */
export function signedBefore(payload: { iat?: number; at?: number }, since: number): boolean {
  if (since <= 0) return false;
  if (typeof payload.at === 'number') return payload.at < since;
  return typeof payload.iat !== 'number' || payload.iat * 1000 < since;
}

const signingKeys = new Map<string, KeyObject>();

/**
 * JWT_SECRET as an HMAC key, made once. Given the secret as a string, jsonwebtoken first tries to
 * read it as a PEM public key (which throws) for every token it checks: about 1.5 ms of CPU per
 * request. The key is the same (the secret's UTF-8 bytes), so tokens already issued stay valid.
 */
export function signingKey(secret: string): KeyObject {
  let key = signingKeys.get(secret);
  if (!key) signingKeys.set(secret, (key = createSecretKey(Buffer.from(secret, 'utf8'))));
  return key;
}

/** signingKey for passport-jwt (its types say string or Buffer; jsonwebtoken takes a KeyObject as well). */
export function passportSigningKey(secret: string) {
  const key = signingKey(secret) as unknown as Buffer;
  return (_request: unknown, _token: unknown, done: (error: null, key: Buffer) => void) => done(null, key);
}

type CookieSettings = Pick<Environment, 'NODE_ENV' | 'COOKIE_SECURE' | 'PUBLIC_URL'>;

export function isSecureCookie(env: CookieSettings): boolean {
  return env.COOKIE_SECURE ?? servesHttps(env);
}

/** httpOnly, SameSite=Lax, Secure in production; `maxAge` only when setting. */
export function sessionCookieOptions(env: CookieSettings, maxAge?: number): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: isSecureCookie(env), path: '/', ...(maxAge ? { maxAge } : {}) };
}
