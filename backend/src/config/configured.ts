import { createECDH } from 'node:crypto';

/** What the shop can do with its settings: each answer derived from the settings it needs. */

export function isGoogleEnabled(env: { GOOGLE_CLIENT_ID?: string; GOOGLE_CLIENT_SECRET?: string }): boolean {
  return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
}

/** Why online payment is unavailable, or null when it is configured. */
export function onlinePaymentProblem(env: { RAZORPAY_KEY_ID?: string; RAZORPAY_KEY_SECRET?: string }): string | null {
  if (!env.RAZORPAY_KEY_ID || !env.RAZORPAY_KEY_SECRET) return 'Online payment is not set up for this shop yet; please choose cash on delivery';
  return null;
}

/** Why no mail is sent, or null when SMTP_URL is set. */
export function mailProblem(env: { SMTP_URL?: string }): string | null {
  return env.SMTP_URL ? null : 'Mail is off: SMTP_URL is not set, so no order mails or password-reset links are sent';
}

/** Why no web push is sent, or null when both VAPID keys are set. */
export function pushProblem(env: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string }): string | null {
  return env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? null : 'Web push is off: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set';
}

/** A new VAPID key pair (P-256), base64url like web-push's generateVAPIDKeys(). */
export function generateVapidKeys(): { VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  // A private key with leading zero bytes comes out shorter: always 32 bytes.
  const privateKey = ecdh.getPrivateKey();
  return {
    VAPID_PUBLIC_KEY: ecdh.getPublicKey('base64url'),
    VAPID_PRIVATE_KEY: Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]).toString('base64url'),
  };
}

/** Whether the shop is served over https (from PUBLIC_URL; production assumes it when unset). */
export function servesHttps(env: { PUBLIC_URL?: string; NODE_ENV?: string }): boolean {
  return env.PUBLIC_URL ? env.PUBLIC_URL.startsWith('https:') : env.NODE_ENV === 'production';
}

/** The Vite dev server, allowed by default in development only. */
export const DEV_FRONTEND_ORIGIN = 'http://localhost:5173';

/** The origins besides the shop's own that may call the API with cookies (none, or FRONTEND_ORIGIN's). */
export function allowedOrigins(env: { FRONTEND_ORIGIN?: string }): string[] {
  return env.FRONTEND_ORIGIN ? [new URL(env.FRONTEND_ORIGIN).origin] : [];
}
