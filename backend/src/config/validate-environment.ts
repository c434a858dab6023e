import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validateSync } from 'class-validator';
import { randomBytes } from 'node:crypto';
import { DEV_FRONTEND_ORIGIN, generateVapidKeys } from './configured';
import { DEFAULT_SELLER_EMAIL, Environment } from './environment';

/** The name of every setting of Environment, read from its decorators (the docs and .env.example are checked against it). */
export function settingNames(): string[] {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(Environment, '', true, false);
  return [...new Set(metadata.map((m) => m.propertyName))];
}

export function validateEnvironment(raw: Record<string, unknown>): Environment {
  const production = raw.NODE_ENV === 'production';
  const publicUrl = typeof raw.PUBLIC_URL === 'string' && URL.canParse(raw.PUBLIC_URL) ? raw.PUBLIC_URL.replace(/\/+$/, '') : undefined;
  // Settings that follow from others unless given: demo data and API docs off in production; origin and callback from PUBLIC_URL.
  raw = {
    ...raw,
    ...(publicUrl ? { PUBLIC_URL: publicUrl } : {}),
    SEED_DEMO: raw.SEED_DEMO ?? String(!production),
    API_DOCS: raw.API_DOCS ?? String(!production),
    ...(!raw.FRONTEND_ORIGIN && publicUrl ? { FRONTEND_ORIGIN: new URL(publicUrl).origin } : {}),
    ...(!raw.FRONTEND_ORIGIN && !publicUrl && (raw.NODE_ENV ?? 'development') === 'development' ? { FRONTEND_ORIGIN: DEV_FRONTEND_ORIGIN } : {}),
    ...(publicUrl && !raw.GOOGLE_CALLBACK_URL ? { GOOGLE_CALLBACK_URL: `${publicUrl}/api/auth/google/callback` } : {}),
  };
  // Outside production a missing secret gets a random value for this process (main.ts keeps one in the
  // data folder so it survives restarts); production must be told explicitly.
  if (raw.NODE_ENV !== 'production') {
    raw = {
      ...raw,
      JWT_SECRET: raw.JWT_SECRET || randomBytes(48).toString('base64url'),
      SELLER_PASSWORD: raw.SELLER_PASSWORD || randomBytes(12).toString('base64url'),
      ...(raw.VAPID_PUBLIC_KEY || raw.VAPID_PRIVATE_KEY ? {} : generateVapidKeys()),
    };
  }
  const env = plainToInstance(Environment, raw, { exposeDefaultValues: true });
  const errors = validateSync(env, { skipMissingProperties: false, whitelist: false });
  const problems = errors.flatMap((e) => Object.values(e.constraints ?? {}));
  if (production && env.SELLER_EMAIL === DEFAULT_SELLER_EMAIL)
    problems.push(`SELLER_EMAIL is the public default (${DEFAULT_SELLER_EMAIL}); set the shop owner's own address`);
  if (production && env.FAST_PASSWORD_HASHES) problems.push('FAST_PASSWORD_HASHES is for tests only and is refused in production');
  if (production && env.PUSH_INSECURE_TEST_ORIGINS) problems.push('PUSH_INSECURE_TEST_ORIGINS is for tests only and is refused in production');
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together (or neither)');
  if (problems.length) {
    const lines = problems.map((c) => `  - ${c}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  return env;
}
