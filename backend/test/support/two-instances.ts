import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { AUTH_ENV } from './actors';
import { createTestApp, type TestApp } from './test-app';
import { clusterListening } from './waiting';

/** Two instances of the app sharing one database and Redis, for a describe block; read them inside its tests. */
export interface TwoInstances {
  one: TestApp;
  two: TestApp;
}

/**
 * Starts two instances before the block's tests (sharing a database named after `name` and a Redis key
 * prefix, both cluster-listening) and closes them and their Redis keys after. `env` may be a function, read when
 * they start (for settings known only then, like a local Razorpay's address).
 */
export function twoInstances(name: string, redisUrl: string, env: Record<string, string> | (() => Record<string, string>) = {}): TwoInstances {
  const prefix = `test:${name}-${randomBytes(4).toString('hex')}:`;
  const database = `t_${name}_two_${randomBytes(3).toString('hex')}`;
  const apps = {} as TwoInstances;
  beforeAll(async () => {
    const settings = { ...AUTH_ENV, ...(typeof env === 'function' ? env() : env), REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix };
    apps.one = await createTestApp(settings, { database });
    apps.two = await createTestApp(settings, { database, sameModules: true });
    await clusterListening(redisUrl, prefix, 'catalogue');
  });
  afterAll(async () => {
    await apps.two?.close();
    await apps.one?.close();
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });
  return apps;
}
