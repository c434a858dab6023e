import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, startEmbeddedDatabase } from '../../src/database/embedded-database';

/** One database server for the whole run (MONGODB_URI if given, else embedded); each suite gets its own database on it. */
export default async function globalSetup() {
  await findRedis();
  if (process.env.MONGODB_URI) {
    process.env.TEST_MONGODB_BASE_URI = process.env.MONGODB_URI.replace(/\/[^/?]*(\?|$)/, '/$1');
    return;
  }
  const dataDir = join(REPO_ROOT, '.data', `test-${process.pid}`);
  const database = await startEmbeddedDatabase({ dataDir, log: () => undefined });
  process.env.TEST_MONGODB_BASE_URI = database.uri;
  (globalThis as Record<string, unknown>).__GREENCART_DB__ = { stop: database.stop, dataDir };
}

/** Real Redis for the suites (REDIS_URL, else the usual local one if it answers). CI must have it. */
async function findRedis() {
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const { default: Redis } = await import('ioredis');
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await client.connect();
    await client.ping();
    process.env.TEST_REDIS_URL = url;
  } catch {
    if (process.env.CI) throw new Error(`Redis is required in CI and did not answer at ${url}`);
    console.warn(`\nNo Redis at ${url}: rate limits use in-memory counters and the shared-counter test is skipped.\n`);
  } finally {
    client.disconnect();
  }
}

export function removeDataDir(dataDir: string) {
  rmSync(dataDir, { recursive: true, force: true });
}
