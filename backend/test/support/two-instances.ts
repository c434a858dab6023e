import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { AUTH_ENV } from './actors';
import { createTestApp, type TestApp } from './test-app';
import { clusterListening } from './waiting';

/** Two instances of the app sharing one database and Redis, for a describe block; read them inside its tests. */
export interface TwoInstances {
  one: TestApp;
  two: TestApp;
  /** The Redis key prefix they share (known at once, for tests that look at their keys). */
  readonly prefix: string;
}

export interface TwoInstancesOptions {
  /** ClusterBus topics both must listen on before the block's tests: `['catalogue']` unless given; `[]` waits for none. */
  listening?: string[];
}

/**
 * Starts two instances before the block's tests (sharing a database named after `name` and a Redis key
 * prefix, both cluster-listening) and closes them and their Redis keys after. `env` may be a function, read when
 * they start (for settings known only then, like a local Razorpay's or SMTP server's address). A suite's own
 * `beforeAll` declared before this call runs before they start, one declared after runs once they are up; its
 * `afterAll` hooks run in the order declared, before or after they are closed.
 * `redisUrl` undefined (a run without Redis): they share only the database, and no topic is waited for.
 */
export function twoInstances(
  name: string,
  redisUrl: string | undefined,
  env: Record<string, string> | (() => Record<string, string>) = {},
  options: TwoInstancesOptions = {},
): TwoInstances {
  const prefix = `test:${name}-${randomBytes(4).toString('hex')}:`;
  const database = `t_${name}_two_${randomBytes(3).toString('hex')}`;
  const apps = { prefix } as TwoInstances;
  beforeAll(async () => {
    const redis: Record<string, string> = redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix } : {};
    const settings = { ...AUTH_ENV, ...(typeof env === 'function' ? env() : env), ...redis };
    apps.one = await createTestApp(settings, { database });
    apps.two = await createTestApp(settings, { database, sameModules: true });
    if (redisUrl) for (const topic of options.listening ?? ['catalogue']) await clusterListening(redisUrl, prefix, topic);
  });
  afterAll(async () => {
    await apps.two?.close();
    await apps.one?.close();
    if (!redisUrl) return;
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });
  return apps;
}
