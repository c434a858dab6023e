import { ExecutionContext, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerModule, type ThrottlerOptions } from '@nestjs/throttler';
import { LOGIN_ATTEMPT, REGISTRATION } from '../common/decorators/login-attempt.decorator';
import { FixedWindowStorage } from '../common/rate-limit/fixed-window-storage';
import { ResilientThrottlerStorage, type RedisState } from '../common/rate-limit/resilient-storage';
import type { Environment } from '../config/environment';

const onlyHttp = (context: ExecutionContext) => context.getType() !== 'http';
const isLogin = (context: ExecutionContext) => !onlyHttp(context) && !!Reflect.getMetadata(LOGIN_ATTEMPT, context.getHandler());
const isRegistration = (context: ExecutionContext) => !onlyHttp(context) && !!Reflect.getMetadata(REGISTRATION, context.getHandler());
const emailOf = (req: { body?: { email?: unknown } }) => (typeof req.body?.email === 'string' ? req.body.email.trim().toLowerCase() : '');

/** The named limits below (their names are checked against this list); `@SkipThrottle()` alone would skip only a limit named 'default', which there is not. */
const LIMIT_NAMES = ['global', 'login', 'login-account', 'login-address', 'register'] as const;
type LimitName = (typeof LIMIT_NAMES)[number];
export const SKIP_EVERY_LIMIT: Record<LimitName, true> = Object.fromEntries(LIMIT_NAMES.map((name) => [name, true])) as never;

/** Each app's storage, by its ConfigService (two apps in one process, as in the suites, each close their own). */
const storages = new WeakMap<object, ResilientThrottlerStorage | FixedWindowStorage>();
/** The newest app's Redis storage, for its health report. */
let openStorage: ResilientThrottlerStorage | undefined;

function redisStorage(config: ConfigService<Environment, true>): ResilientThrottlerStorage | FixedWindowStorage {
  const url = config.get('REDIS_URL', { infer: true });
  const storage = url ? new ResilientThrottlerStorage(url, config.get('REDIS_KEY_PREFIX', { infer: true })) : new FixedWindowStorage();
  storages.set(config, storage);
  if (storage instanceof ResilientThrottlerStorage) openStorage = storage;
  return storage;
}

/** Where the rate-limit counters live now: 'up' (Redis), 'degraded' (Redis away, this process), 'off' (no Redis configured). */
export function rateLimitStore(): RedisState | 'off' {
  return openStorage?.state ?? 'off';
}

/** The storage is handed to the throttler as a value, so Nest does not close its connection: this does. */
@Injectable()
class RedisStorageCloser implements OnApplicationShutdown {
  constructor(private readonly config: ConfigService) {}

  onApplicationShutdown() {
    const storage = storages.get(this.config);
    storages.delete(this.config);
    storage?.close();
    if (openStorage === storage) openStorage = undefined;
  }
}

/**
 * Rate limits: a loose one per IP on every route, and a tight one per IP and email on routes
 * marked `@LoginAttempt()`. With REDIS_URL the counters live in Redis, so every instance behind a
 * load balancer shares one budget; without it (a laptop) they live in this process's memory.
 */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) => ({
        errorMessage: 'Too many attempts, please try again later',
        storage: redisStorage(config),
        skipIf: onlyHttp,
        throttlers: [
          {
            name: 'global',
            limit: config.get('THROTTLE_LIMIT', { infer: true }),
            ttl: config.get('THROTTLE_TTL_MS', { infer: true }),
            // One budget per IP across all routes (the library's default key is per route).
            generateKey: (_context, tracker, name) => `${name}:${tracker}`,
          },
          {
            // Guessing one account's password from one address.
            name: 'login',
            limit: config.get('LOGIN_THROTTLE_LIMIT', { infer: true }),
            ttl: config.get('LOGIN_THROTTLE_TTL_MS', { infer: true }),
            skipIf: (context) => !isLogin(context),
            getTracker: (req: { ip?: string; body?: { email?: unknown } }) => `${req.ip ?? ''}|${emailOf(req)}`,
          },
          {
            // One account guessed from many addresses (X-Forwarded-For rotation, botnets).
            name: 'login-account',
            limit: config.get('LOGIN_ACCOUNT_THROTTLE_LIMIT', { infer: true }),
            ttl: config.get('LOGIN_ACCOUNT_THROTTLE_TTL_MS', { infer: true }),
            skipIf: (context) => !isLogin(context),
            getTracker: (req: { body?: { email?: unknown } }) => emailOf(req),
            generateKey: (_context, tracker, name) => `${name}:${tracker}`,
          },
          {
            // Many accounts tried from one address (password spraying).
            name: 'login-address',
            limit: config.get('LOGIN_ADDRESS_THROTTLE_LIMIT', { infer: true }),
            ttl: config.get('LOGIN_ADDRESS_THROTTLE_TTL_MS', { infer: true }),
            skipIf: (context) => !isLogin(context),
            generateKey: (_context, tracker, name) => `${name}:${tracker}`,
          },
          {
            name: 'register',
            limit: config.get('REGISTER_THROTTLE_LIMIT', { infer: true }),
            ttl: config.get('REGISTER_THROTTLE_TTL_MS', { infer: true }),
            skipIf: (context) => !isRegistration(context),
            generateKey: (_context, tracker, name) => `${name}:${tracker}`,
          },
        ] satisfies (ThrottlerOptions & { name: LimitName })[],
      }),
    }),
  ],
  providers: [{ provide: APP_GUARD, useClass: ThrottlerGuard }, RedisStorageCloser],
})
export class RateLimitModule {}
