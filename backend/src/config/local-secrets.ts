import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { generateVapidKeys } from './environment';

interface LocalSecrets {
  JWT_SECRET: string;
  SELLER_PASSWORD: string;
  VAPID_PUBLIC_KEY: string;
  VAPID_PRIVATE_KEY: string;
}

/**
 * Outside production, settings that are secrets but not set (JWT_SECRET, SELLER_PASSWORD, the VAPID key pair of web push) get strong
 * random values on first start, kept in `file` (mode 600) so sessions and the seller's password
 * survive restarts. The seller's sign-in is printed once, when it is made. Production never gets
 * here: it must be configured explicitly (the environment validation refuses to start otherwise).
 */
export function fillLocalSecrets(env: NodeJS.ProcessEnv, file: string, print: (message: string) => void = console.log): void {
  if (env.NODE_ENV === 'production') return;
  const vapidSet = Boolean(env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY);
  if (env.JWT_SECRET && env.SELLER_PASSWORD && vapidSet) return;
  let stored: Partial<LocalSecrets> = {};
  if (existsSync(file)) {
    try {
      stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<LocalSecrets>;
    } catch {
      stored = {};
    }
  }
  const made: Partial<LocalSecrets> = {};
  if (!stored.JWT_SECRET) made.JWT_SECRET = randomBytes(48).toString('base64url');
  if (!stored.SELLER_PASSWORD) made.SELLER_PASSWORD = randomBytes(12).toString('base64url');
  if (!stored.VAPID_PUBLIC_KEY || !stored.VAPID_PRIVATE_KEY) Object.assign(made, generateVapidKeys());
  if (made.JWT_SECRET || made.SELLER_PASSWORD || made.VAPID_PUBLIC_KEY) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ ...stored, ...made }, null, 2) + '\n', { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  const secrets = { ...stored, ...made } as LocalSecrets;
  env.JWT_SECRET ||= secrets.JWT_SECRET;
  if (!vapidSet) {
    env.VAPID_PUBLIC_KEY = secrets.VAPID_PUBLIC_KEY;
    env.VAPID_PRIVATE_KEY = secrets.VAPID_PRIVATE_KEY;
  }
  if (!env.SELLER_PASSWORD) {
    env.SELLER_PASSWORD = secrets.SELLER_PASSWORD;
    if (made.SELLER_PASSWORD) {
      print(
        `\nSeller sign-in for this shop (shown once; kept in ${file}):\n  email:    ${env.SELLER_EMAIL || 'seller@greencart.local'}\n  password: ${secrets.SELLER_PASSWORD}\n`,
      );
    }
  }
}
