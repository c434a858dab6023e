import { lookup } from 'node:dns/promises';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { RunningDatabase } from './running-database';

/** mongod through mongodb-memory-server, with its data in `<data folder>/mongod`. */
export async function startMongod(dataDir: string, log: (m: string) => void): Promise<RunningDatabase> {
  // Without a local binary, mongodb-memory-server downloads one; where that host is unreachable say so
  // in one line at once, instead of its retries and stack traces.
  if (!process.env.MONGOMS_SYSTEM_BINARY && !process.env.MONGOMS_DOWNLOAD_URL) {
    const reachable = await withTimeout(lookup('fastdl.mongodb.org'), 2_000, 'timed out').then(
      () => true,
      () => false,
    );
    if (!reachable && !hasCachedMongod()) throw new Error('no mongod binary here and fastdl.mongodb.org is not reachable to download one');
  }
  const { MongoMemoryServer } = await import('mongodb-memory-server-core');
  const dbPath = join(dataDir, 'mongod');
  mkdirSync(dbPath, { recursive: true, mode: 0o700 });
  const server = await withTimeout(
    MongoMemoryServer.create({
      instance: { dbPath, storageEngine: 'wiredTiger', ip: '127.0.0.1' },
      binary: { version: process.env.MONGOMS_VERSION ?? '7.0.14' },
    }),
    Number(process.env.GREENCART_MONGOD_TIMEOUT_MS ?? 60_000),
    'mongod did not start in time',
  );
  log(`Embedded database: mongod (data in ${dbPath})`);
  return { uri: server.getUri(), kind: 'mongod', stop: async () => void (await server.stop({ doCleanup: false })) };
}

/** A mongod mongodb-memory-server downloaded earlier (its default cache folder). */
function hasCachedMongod(): boolean {
  const cache = join(homedir(), '.cache', 'mongodb-binaries');
  return existsSync(cache) && readdirSync(cache).some((name) => name.startsWith('mongod'));
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(message)), ms);
    promise.then(
      (v) => (clearTimeout(timer), ok(v)),
      (e) => (clearTimeout(timer), fail(e)),
    );
  });
}
