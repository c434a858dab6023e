import { removeDataDir } from './global-setup';

export default async function globalTeardown() {
  const db = (globalThis as Record<string, unknown>).__GREENCART_DB__ as { stop(): Promise<void>; dataDir: string } | undefined;
  if (!db) return;
  await db.stop();
  removeDataDir(db.dataDir);
}
