import { randomBytes } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Connection } from 'mongoose';
import request from 'supertest';

export interface TestApp {
  app: NestExpressApplication;
  connection: Connection;
  http: () => ReturnType<typeof request>;
  close(): Promise<void>;
}

/**
 * Boots the real AppModule (same setup as main.ts) on a fresh database of the shared test server.
 * `env` overrides settings for this suite; demo seeding is off unless asked for.
 */
/**
 * `database` shares one database between apps; `sameModules` builds this app from the module registry
 * of the previous one (a second instance with the very same settings): mongoose loads some of its
 * modules lazily, and two registries in one process make its documents fail `instanceof` checks.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { database?: string; sameModules?: boolean; baseUri?: string } = {},
): Promise<TestApp> {
  const base = options.baseUri ?? process.env.TEST_MONGODB_BASE_URI;
  if (!base) throw new Error('TEST_MONGODB_BASE_URI missing: run through jest-e2e.config.js');
  const dbName =
    options.database ?? `t_${(expect.getState().testPath ?? 'suite').split('/').pop()!.replace(/\W+/g, '_').slice(0, 30)}_${randomBytes(3).toString('hex')}`;
  // Real Redis when the run has one; each app its own key prefix unless a suite shares one on purpose.
  const redis = process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_KEY_PREFIX: `test:${dbName}:` } : {};
  const secrets = { JWT_SECRET: 'test-jwt-secret-for-the-e2e-suites-only-0123456789', SELLER_PASSWORD: 'test-seller-password' };
  // Passwords at argon2id's smallest cost, the suites sign up and in thousands of times (sessions/passwords.ts);
  // production refuses it, so a suite of the production settings hashes at the real cost.
  const hashes = { FAST_PASSWORD_HASHES: String(env.NODE_ENV !== 'production') };
  // Suites place many orders from few shoppers: the hourly COD quota is tested where it is set (quotas.e2e).
  const quotas = {
    COD_ORDERS_PER_HOUR: '100000',
    OPEN_CHECKOUTS_PER_SHOPPER: '100000',
    CONNECTIONS_PER_ADDRESS: '100000',
    SOCKETS_PER_ACCOUNT: '100000',
    SOCKETS_PER_ADDRESS: '100000',
  };
  Object.assign(
    process.env,
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', FRONTEND_DIST: '/nonexistent' },
    quotas,
    secrets,
    hashes,
    redis,
    env,
    {
      MONGODB_URI: `${base}${dbName}`,
    },
  );
  // Load after the environment is set: the config module validates it at import time.
  // A fresh registry per app, so each suite's app gets its own validated configuration; Nest itself
  // must come from the same registry as AppModule.
  if (!options.sameModules) jest.resetModules();
  const { Test } = await import('@nestjs/testing');
  const { getConnectionToken } = await import('@nestjs/mongoose');
  const { AppModule } = await import('../../src/app.module');
  const { createApp } = await import('../../src/app.setup');
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
  const app = await createApp(moduleRef, { logger: false });
  await app.init();
  const connection = app.get<Connection>(getConnectionToken());
  return {
    app,
    connection,
    http: () => request(app.getHttpServer()),
    close: async () => {
      // The app first: it may write on its way out (chat rows written behind), which would make the database again.
      await (app as INestApplication).close();
      const { MongoClient } = await import('mongodb');
      const client = await MongoClient.connect(`${base}${dbName}`).catch(() => undefined);
      await client
        ?.db()
        .dropDatabase()
        .catch(() => undefined);
      await client?.close();
    },
  };
}
