import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FERRETDB_VERSION } from './ferretdb-binary';
import { startFerret } from './ferretdb-server';
import { startMongod } from './mongod-server';
import { makePrivate } from './private-files';
import type { RunningDatabase } from './running-database';

export { REPO_ROOT } from './repo-root';
export { FERRETDB_VERSION, buildFerret, ferretBinaryPath } from './ferretdb-binary';
export type { RunningDatabase } from './running-database';

export interface EmbeddedOptions {
  /** Folder that keeps the server's data between runs (git-ignored). */
  dataDir: string;
  log?: (message: string) => void;
}

/**
 * Starts the database the app needs when MONGODB_URI is not set:
 * mongod through mongodb-memory-server if a binary is present or downloadable,
 * otherwise FerretDB v1 on SQLite (built once with Go, with backend/ferretdb-patches), otherwise a clear error.
 */
export async function startEmbeddedDatabase(options: EmbeddedOptions): Promise<RunningDatabase> {
  const log = options.log ?? ((m: string) => console.log(m));
  // The database's files are the shop owner's alone: folders 700, files 600 (also those of an older folder).
  makePrivate(options.dataDir);
  claimDataDir(options.dataDir);
  try {
    const database = await startEngine(options, log);
    writeFileSync(
      serverFile(options.dataDir),
      JSON.stringify({ pid: process.pid, uri: database.uri, kind: database.kind, startedAt: new Date().toISOString() }) + '\n',
      { mode: 0o600 },
    );
    const release = () => rmSync(serverFile(options.dataDir), { force: true });
    process.once('exit', release);
    return { ...database, stop: () => database.stop().finally(() => (release(), process.removeListener('exit', release))) };
  } catch (error) {
    rmSync(serverFile(options.dataDir), { force: true });
    throw error;
  }
}

/** `<data folder>/server.json`: which process serves the folder and at which address (backups connect there). */
export function serverFile(dataDir: string): string {
  return join(dataDir, 'server.json');
}

/** The server running on a data folder, if its process is alive. */
export function runningServer(dataDir: string): { pid: number; uri: string } | undefined {
  try {
    const info = JSON.parse(readFileSync(serverFile(dataDir), 'utf8')) as { pid: number; uri: string };
    process.kill(info.pid, 0);
    return info;
  } catch {
    return undefined;
  }
}

/** One server per data folder: a second one would corrupt it (or fight over it). */
function claimDataDir(dataDir: string) {
  const other = runningServer(dataDir);
  if (other) {
    throw new Error(
      `Another GreenCart server (process ${other.pid}) is already using the data folder ${dataDir}. Stop it first, or set GREENCART_DATA_DIR to another folder.`,
    );
  }
  writeFileSync(serverFile(dataDir), JSON.stringify({ pid: process.pid, uri: '', startedAt: new Date().toISOString() }) + '\n', { mode: 0o600 });
}

async function startEngine(options: EmbeddedOptions, log: (m: string) => void): Promise<RunningDatabase> {
  const failures: string[] = [];

  // A data folder keeps the engine that wrote it: their on-disk formats are not interchangeable.
  const engine = process.env.GREENCART_EMBEDDED ?? (existsSync(join(options.dataDir, 'ferretdb')) ? 'ferretdb' : undefined);
  if (engine !== 'ferretdb') {
    try {
      return await startMongod(options.dataDir, log);
    } catch (error) {
      failures.push(`mongod (mongodb-memory-server): ${(error as Error).message}`);
    }
  }
  if (failures.length) log(`mongod is not available (${failures[0].replace(/^mongod \(mongodb-memory-server\): /, '')}); using FerretDB instead`);
  try {
    return await startFerret(options.dataDir, log);
  } catch (error) {
    failures.push(`FerretDB ${FERRETDB_VERSION}: ${(error as Error).message}`);
  }
  throw new Error(
    [
      'No database available. Provide one of:',
      '  1. MONGODB_URI pointing at MongoDB 7 (e.g. `docker compose up mongo`),',
      '  2. a mongod binary (MONGOMS_SYSTEM_BINARY) or internet access for mongodb-memory-server,',
      `  3. Go (to build FerretDB ${FERRETDB_VERSION} with our patches once) or FERRETDB_BIN naming a ferretdb binary (a ferretdb on the PATH is not used unless FERRETDB_BIN names it).`,
      'What was tried:',
      ...failures.map((f) => `  - ${f}`),
    ].join('\n'),
  );
}
