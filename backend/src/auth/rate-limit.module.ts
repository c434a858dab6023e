import { ExecutionContext, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { LOGIN_ATTEMPT } from '../common/decorators/login-attempt.decorator';
import type { Environment } from '../config/environment';

const onlyHttp = (context: ExecutionContext) => context.getType() !== 'http';

let openStorage: ThrottlerStorageRedisService | undefined;

function redisStorage(config: ConfigService<Environment, true>): ThrottlerStorageRedisService | undefined {
  const url = config.get('REDIS_URL', { infer: true });
  if (!url) return undefined;
  openStorage = new ThrottlerStorageRedisService(url, { keyPrefix: config.get('REDIS_KEY_PREFIX', { infer: true }), maxRetriesPerRequest: 2 });
  return openStorage;
}

/** The storage is handed to the throttler as a value, so Nest does not close its connection: this does. */
@Injectable()
class RedisStorageCloser implements OnApplicationShutdown {
  onApplicationShutdown() {
    openStorage?.onModuleDestroy();
    openStorage = undefined;
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
            name: 'login',
            limit: config.get('LOGIN_THROTTLE_LIMIT', { infer: true }),
            ttl: config.get('LOGIN_THROTTLE_TTL_MS', { infer: true }),
            skipIf: (context) => onlyHttp(context) || !Reflect.getMetadata(LOGIN_ATTEMPT, context.getHandler()),
            getTracker: (req: { ip?: string; body?: { email?: unknown } }) => {
              const email = typeof req.body?.email === 'string' ? req.body.email.trim().toLowerCase() : '';
              return `${req.ip ?? ''}|${email}`;
            },
          },
        ],
      }),
    }),
  ],
  providers: [{ provide: APP_GUARD, useClass: ThrottlerGuard }, RedisStorageCloser],
})
export class RateLimitModule {}
