import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, startEmbeddedDatabase } from '../../src/database/embedded-database';

/** One database server for the whole run (MONGODB_URI if given, else embedded); each suite gets its own database on it. */
export default async function globalSetup() {
  if (process.env.MONGODB_URI) {
    process.env.TEST_MONGODB_BASE_URI = process.env.MONGODB_URI.replace(/\/[^/?]*(\?|$)/, '/$1');
    return;
  }
  const dataDir = join(REPO_ROOT, '.data', `test-${process.pid}`);
  const database = await startEmbeddedDatabase({ dataDir, log: () => undefined });
  process.env.TEST_MONGODB_BASE_URI = database.uri;
  (globalThis as Record<string, unknown>).__GREENCART_DB__ = { stop: database.stop, dataDir };
}

export function removeDataDir(dataDir: string) {
  rmSync(dataDir, { recursive: true, force: true });
}
