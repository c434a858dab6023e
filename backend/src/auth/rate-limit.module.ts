import { ExecutionContext, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { LOGIN_ATTEMPT } from '../common/decorators/login-attempt.decorator';
import type { Environment } from '../config/environment';

const onlyHttp = (context: ExecutionContext) => context.getType() !== 'http';

/**
 * Rate limits: a loose one per IP on every route, and a tight one per IP and email on routes
 * marked `@LoginAttempt()`. Counters live in this process's memory; several instances behind a
 * load balancer would need a shared store (e.g. Redis through ThrottlerModule's `storage`).
 */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) => ({
        errorMessage: 'Too many attempts, please try again later',
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
  providers: [{ provide: APP_GUARD, useClass: ThrottlerGuard }],
})
export class RateLimitModule {}
