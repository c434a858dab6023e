import { join, resolve } from 'node:path';
import { backupDatabase, isEmptyFolder, restoreDatabase } from './backup';
import { REPO_ROOT, runningServer, startEmbeddedDatabase, type RunningDatabase } from './embedded-database';
import { keepFilesPrivate } from './private-files';

/**
 * npm run backup [-- <folder>]          copies the embedded database (running or not) to backups/<time>/
 * npm run restore -- <backup> [<folder>]  restores a backup into an empty data folder (default .data/restored)
 */
async function main() {
  // Backups and restored folders hold shoppers' data: this account's alone (600/700).
  keepFilesPrivate();
  const [command, ...args] = process.argv.slice(2);
  const dataDir = resolve(process.env.GREENCART_DATA_DIR ?? join(REPO_ROOT, '.data', 'db'));
  const database = process.env.MONGODB_DB ?? 'greencart';
  if (command === 'backup') {
    const out = resolve(args[0] ?? join(REPO_ROOT, 'backups', new Date().toISOString().replace(/[:.]/g, '-')));
    const { uri, stop } = await connectTo(dataDir);
    try {
      const manifest = await backupDatabase(uri, database, out);
      console.log(`Backed up ${describe(manifest.collections)} from ${dataDir} to ${out}`);
    } finally {
      await stop();
    }
  } else if (command === 'restore') {
    if (!args[0]) throw new Error('Which backup? npm run restore -- <backup folder> [<empty data folder>]');
    const from = resolve(args[0]);
    const target = resolve(args[1] ?? join(REPO_ROOT, '.data', 'restored'));
    if (!isEmptyFolder(target)) throw new Error(`${target} is not empty: restore into an empty folder, then point GREENCART_DATA_DIR at it`);
    const db = await startEmbeddedDatabase({ dataDir: target, log: () => undefined });
    try {
      const manifest = await restoreDatabase(db.uri, database, from);
      console.log(
        `Restored ${describe(manifest.collections)} (backup of ${manifest.createdAt}) into ${target}.\nStart the shop on it with GREENCART_DATA_DIR=${target} npm start`,
      );
    } finally {
      await db.stop();
    }
  } else {
    throw new Error('Usage: backup-cli backup [<folder>] | restore <backup folder> [<empty data folder>]');
  }
}

/** The running shop's database if it is up (an online copy), else the folder started just for the copy. */
async function connectTo(dataDir: string): Promise<{ uri: string; stop: () => Promise<void> }> {
  if (process.env.MONGODB_URI) return { uri: process.env.MONGODB_URI.replace(/\/[^/?]*(\?|$)/, '/$1'), stop: async () => undefined };
  const running = runningServer(dataDir);
  if (running?.uri) return { uri: running.uri, stop: async () => undefined };
  const db: RunningDatabase = await startEmbeddedDatabase({ dataDir, log: () => undefined });
  return { uri: db.uri, stop: () => db.stop() };
}

function describe(collections: Record<string, number>): string {
  const total = Object.values(collections).reduce((sum, n) => sum + n, 0);
  return `${total} documents in ${Object.keys(collections).length} collections`;
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
