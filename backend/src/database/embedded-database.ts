import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { lookup } from 'node:dns/promises';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { createServer, Socket } from 'node:net';
import { delimiter, join, resolve } from 'node:path';
import { makePrivate } from './private-files';

/** The repository root, from both backend/src/database and backend/dist/database. */
export const REPO_ROOT = resolve(__dirname, '..', '..', '..');
export const FERRETDB_VERSION = 'v1.24.2';
const FERRETDB_MODULE = 'github.com/FerretDB/FerretDB';

export interface RunningDatabase {
  /** Connection string without a database name. */
  uri: string;
  kind: 'external' | 'mongod' | 'ferretdb';
  /** The server process (FerretDB), for supervision and the fault tests. */
  pid?: () => number | undefined;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Folder that keeps the server's data between runs (git-ignored). */
  dataDir: string;
  log?: (message: string) => void;
}

/**
 * Starts the database the app needs when MONGODB_URI is not set:
 * mongod through mongodb-memory-server if a binary is present or downloadable,
 * otherwise FerretDB v1 on SQLite (built once with Go), otherwise a clear error.
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
      `  3. Go (to build FerretDB ${FERRETDB_VERSION} once) or FERRETDB_BIN pointing at a ferretdb binary.`,
      'What was tried:',
      ...failures.map((f) => `  - ${f}`),
    ].join('\n'),
  );
}

async function startMongod(dataDir: string, log: (m: string) => void): Promise<RunningDatabase> {
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

async function startFerret(dataDir: string, log: (m: string) => void): Promise<RunningDatabase> {
  const binary = findFerretBinary() ?? buildFerret(log);
  const sqliteDir = join(dataDir, 'ferretdb');
  const stateDir = join(dataDir, 'ferretdb-state');
  mkdirSync(sqliteDir, { recursive: true, mode: 0o700 });
  mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  const port = await freePort();
  const args = [
    '--handler=sqlite',
    // WAL with synchronous=NORMAL (FerretDB adds journal_mode=wal): a write is on disk in the WAL at
    // once and survives a crash of the shop or of FerretDB; only a power cut can lose the last moments
    // of writes (like MongoDB's default write concern, which journals every 100 ms). FULL syncs the
    // disk on every commit: 3.8 ms per insert under load here, against 1.0 ms (bench/README.md).
    `--sqlite-url=file:${sqliteDir}/?_pragma=synchronous(NORMAL)`,
    `--listen-addr=127.0.0.1:${port}`,
    '--debug-addr=127.0.0.1:0',
    `--state-dir=${stateDir}`,
    '--telemetry=disable',
    '--log-level=warn',
  ];
  let stderr = '';
  let stopping = false;
  let child: ChildProcess;
  const restarts: number[] = [];

  // Supervised: if FerretDB dies it is started again on the same port and data, and the driver
  // reconnects by itself. Crashing more than 5 times a minute is not a blip: the app exits non-zero
  // so its own supervisor (systemd, docker, npm start's caller) can act.
  const spawnFerret = () => {
    // FerretDB creates its SQLite files with the mask it starts with: none for group and others.
    const mask = process.umask(0o077);
    try {
      child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    } finally {
      process.umask(mask);
    }
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.once('exit', (code, signal) => {
      if (stopping) return;
      const now = Date.now();
      restarts.push(now);
      while (restarts.length && restarts[0] < now - 60_000) restarts.shift();
      if (restarts.length > 5) {
        console.error(`FerretDB keeps exiting (last: code=${code} signal=${signal}); stopping GreenCart.\n${stderr}`);
        process.exit(1);
      }
      log(`FerretDB exited (code=${code} signal=${signal}); restarting it`);
      setTimeout(() => !stopping && spawnFerret(), 300);
    });
  };
  spawnFerret();
  const killChild = () => child.kill('SIGTERM');
  process.once('exit', killChild);
  await waitForPort(port, child!, () => stderr);
  log(`Embedded database: FerretDB ${FERRETDB_VERSION} on SQLite (data in ${sqliteDir})`);
  return {
    uri: `mongodb://127.0.0.1:${port}/`,
    kind: 'ferretdb',
    pid: () => child.pid,
    stop: () => {
      stopping = true;
      return stopChild(child).finally(() => process.removeListener('exit', killChild));
    },
  };
}

/** A mongod mongodb-memory-server downloaded earlier (its default cache folder). */
function hasCachedMongod(): boolean {
  const cache = join(homedir(), '.cache', 'mongodb-binaries');
  return existsSync(cache) && readdirSync(cache).some((name) => name.startsWith('mongod'));
}

/**
 * Our build of FerretDB carries the patches of FERRETDB_PATCHES; the name says which set, so that a
 * binary built before a patch is not taken for it and is rebuilt once.
 */
export function ferretBinaryPath(): string {
  return join(REPO_ROOT, '.data', 'bin', `ferretdb-${FERRETDB_VERSION}-${FERRETDB_PATCH_SET}`);
}

/** One change to FerretDB's source: `from` (found exactly once in `file`) becomes `to`; no `from`: `file` is new, `to` its text. */
interface FerretPatch {
  why: string;
  file: string;
  from?: string;
  to: string;
}

/** The name of the patch set (in the binary's name): change it whenever FERRETDB_PATCHES changes. */
export const FERRETDB_PATCH_SET = 'gc4';

/**
 * The update paths' patch, in both handlers: read the matching documents, close the read, then
 * write (as FerretDB's own delete does: "close read transaction before starting write transaction").
 * The documents read are iterated from memory, closed with the command's other iterators.
 */
const readBeforeWrite = (indent: string, failure: string) => `
${indent}// GreenCart patch: read what matches and close the read before writing (see FERRETDB_PATCHES).
${indent}read, err := iterator.ConsumeValues(iter)
${indent}if err != nil {
${indent}\treturn ${failure}lazyerrors.Error(err)
${indent}}

${indent}iter = iterator.Values(iterator.ForSlice(read))
${indent}closer.Add(iter)
`;

/** The write-turn patch: the lines that take this database's turn before a write (see FERRETDB_PATCHES). */
const takeTurn = (failure: string) => `\tunlock, err := takeWriteTurn(ctx, db, c.dbName)
\tif err != nil {
\t\treturn ${failure}lazyerrors.Error(err)
\t}
\tdefer unlock()

`;
const WRITE_TURNS_GO = `// GreenCart patch (see FERRETDB_PATCHES in GreenCart's embedded-database.ts).

package sqlite

import (
\t"context"
\t"sync"
\t"sync/atomic"
\t"time"

\t"github.com/FerretDB/FerretDB/internal/util/fsql"
)

// writeTurns holds, per database, the turn of the one write that may run (a channel of one place).
var writeTurns sync.Map

// takeWriteTurn waits for this database's turn to write (in arrival order), or for ctx to end; the
// returned function gives the turn to the next writer.
func takeWriteTurn(ctx context.Context, db *fsql.DB, dbName string) (func(), error) {
\tv, _ := writeTurns.LoadOrStore(dbName, make(chan struct{}, 1))
\tturn := v.(chan struct{})

\tselect {
\tcase turn <- struct{}{}:
\t\treturn func() {
\t\t\t<-turn
\t\t\tnoteWrite(db)
\t\t}, nil
\tcase <-ctx.Done():
\t\treturn nil, context.Cause(ctx)
\t}
}

// checkpointEvery is how often the WAL is copied into the database while writes go on.
const checkpointEvery = 200 * time.Millisecond

// checkpointer copies the WAL of one open database into its file, beside its writers and readers.
type checkpointer struct {
\twrites atomic.Int64
}

// checkpointers holds the running checkpointer of each open database (*fsql.DB).
var checkpointers sync.Map

// noteWrite counts a write of db, starting its checkpointer when none runs.
func noteWrite(db *fsql.DB) {
\tv, running := checkpointers.LoadOrStore(db, new(checkpointer))
\tcp := v.(*checkpointer)
\tcp.writes.Add(1)

\tif !running {
\t\tgo cp.run(db)
\t}
}

// run checkpoints (PASSIVE: it waits for no reader or writer) after writes, until db is closed.
func (cp *checkpointer) run(db *fsql.DB) {
\tdefer checkpointers.Delete(db)

\tvar done int64

\tfor {
\t\ttime.Sleep(checkpointEvery)

\t\tif w := cp.writes.Load(); w != done {
\t\t\tdone = w

\t\t\tctx, cancel := context.WithTimeout(context.Background(), time.Minute)
\t\t\t_, err := db.ExecContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)")
\t\t\tcancel()

\t\t\tif err != nil {
\t\t\t\treturn // closed (the database was dropped); the next write starts another
\t\t\t}
\t\t}
\t}
}
`;

export const FERRETDB_PATCHES: FerretPatch[] = [
  {
    // FerretDB v1.24 over SQLite creates each collection's unique `_id` index on the expression
    // `_ferretdb_sjson->"_id"`, but looks documents up by `_id` (find, update, delete) with
    // `_ferretdb_sjson->'$._id'`: the same value, a different expression, so SQLite cannot use the index
    // and reads the whole table for every look-up by `_id` (`EXPLAIN QUERY PLAN`: `SCAN` instead of
    // `SEARCH … USING INDEX`). It changes no stored data and works on data folders created before it.
    // bench/README.md has the figures.
    why: 'look-ups by _id use the _id index',
    file: join('internal', 'backends', 'sqlite', 'metadata', 'metadata.go'),
    from: `IDColumn = DefaultColumn + "->'$._id'"`,
    to: `IDColumn = DefaultColumn + "->'_id'"`,
  },
  {
    // An update keeps its read (an open SQLite query, one connection of the pool of 100) while it
    // writes in a transaction of its own (a second connection), and an `update` command keeps the read
    // of every statement open until the whole command ends: a bulk write of 50 updates holds 51
    // connections. Two or more such commands at once take the whole pool and each waits for a
    // connection another holds, for ever: every later command of every client hangs too
    // (backend/test/ferretdb-pool.e2e-spec.ts; it froze bench:mail's outbox and its orders).
    // Reading first, as delete does, holds one connection at a time.
    why: 'an update reads, closes its read, then writes',
    file: join('internal', 'handler', 'msg_update.go'),
    from: '\t\tif !u.Multi {\n\t\t\titer = common.LimitIterator(iter, closer, 1)\n\t\t}\n',
    to: `\t\tif !u.Multi {\n\t\t\titer = common.LimitIterator(iter, closer, 1)\n\t\t}\n${readBeforeWrite('\t\t', '0, 0, nil, ')}`,
  },
  {
    // findAndModify: the same, for one document.
    why: 'findAndModify reads, closes its read, then writes',
    file: join('internal', 'handler', 'msg_findandmodify.go'),
    from: '\titer = common.LimitIterator(iter, closer, 1)\n',
    to: `\titer = common.LimitIterator(iter, closer, 1)\n${readBeforeWrite('\t', 'nil, ')}`,
  },
  {
    // SQLite lets one connection write at a time; another that finds the database locked waits in
    // SQLite's busy handler, which sleeps 1, 2, 5, 10, 15, 20, 25 … 100 ms between tries whatever the
    // writer before it takes (a fraction of a millisecond here). With 50 shoppers ordering, 20 or so
    // writes at once spent most of their time asleep (goroutine dumps: `_sqliteDefaultBusyCallback` →
    // `nanosleep` 25 ms) while both cores idled a third of the time, and the placing rate halved as the
    // data grew (bench:mail's second round). Writes of one database (insert, update, delete) now wait
    // their turn in FerretDB, in arrival order, and the next starts as soon as the last one ends. Reads
    // do not wait (SQLite's WAL lets them run beside the writer).
    //
    // A write's turn would also hold SQLite's automatic checkpoint (copying the WAL into the database
    // every 1,000 pages, run by the write that crosses it, fsync included), so every writer waited for
    // it (bench:mail: 155 instead of 250 orders/s). Checkpoints are made beside the writers instead: a
    // goroutine per open database runs `PRAGMA wal_checkpoint(PASSIVE)` every 200 ms after writes, and
    // the automatic one is off (`wal_autocheckpoint(0)`, below). Closing the database checkpoints as before.
    why: 'writes wait their turn in FerretDB rather than asleep in SQLite',
    file: join('internal', 'backends', 'sqlite', 'write_turns.go'),
    to: WRITE_TURNS_GO,
  },
  {
    why: 'an insert takes its write turn',
    file: join('internal', 'backends', 'sqlite', 'collection.go'),
    from: '\terr := db.InTransaction(ctx, func(tx *fsql.Tx) error {\n\t\tbatchSize := c.r.BatchSize\n',
    to: `${takeTurn('nil, ')}\terr = db.InTransaction(ctx, func(tx *fsql.Tx) error {\n\t\tbatchSize := c.r.BatchSize\n`,
  },
  {
    why: 'an update takes its write turn',
    file: join('internal', 'backends', 'sqlite', 'collection.go'),
    from: '\terr := db.InTransaction(ctx, func(tx *fsql.Tx) error {\n\t\tfor _, doc := range params.Docs {\n',
    to: `${takeTurn('nil, ')}\terr = db.InTransaction(ctx, func(tx *fsql.Tx) error {\n\t\tfor _, doc := range params.Docs {\n`,
  },
  {
    why: 'a delete takes its write turn',
    file: join('internal', 'backends', 'sqlite', 'collection.go'),
    from: '\tres, err := db.ExecContext(ctx, q, args...)\n',
    to: `${takeTurn('nil, ')}\tres, err := db.ExecContext(ctx, q, args...)\n`,
  },
  {
    why: 'no automatic checkpoint in a write: the write turns checkpoint beside the writers',
    file: join('internal', 'backends', 'sqlite', 'metadata', 'pool', 'uri.go'),
    from: '\tif !autoVacuum {\n',
    to: '\t// GreenCart patch: checkpoints are made beside the writers (write_turns.go).\n\tvalues.Add("_pragma", "wal_autocheckpoint(0)")\n\n\tif !autoVacuum {\n',
  },
];

function findFerretBinary(): string | undefined {
  const candidates = [process.env.FERRETDB_BIN, ferretBinaryPath()];
  for (const dir of (process.env.PATH ?? '').split(delimiter)) if (dir) candidates.push(join(dir, 'ferretdb'));
  return candidates.find((c): c is string => !!c && existsSync(c));
}

/** Builds FerretDB from its module source with Go; the binary lands in .data/bin. */
export function buildFerret(log: (m: string) => void): string {
  const go = spawnSync('go', ['env', 'GOMODCACHE'], { encoding: 'utf8' });
  if (go.error || go.status !== 0) throw new Error('no ferretdb binary and Go is not installed');
  log(`Building FerretDB ${FERRETDB_VERSION} with Go (once; about a minute)...`);
  // `go install …@version` fails on proxies that refuse version listing, so download the exact module and build it.
  const download = spawnSync('go', ['mod', 'download', '-json', `${FERRETDB_MODULE}@${FERRETDB_VERSION}`], {
    encoding: 'utf8',
    env: { ...process.env, GOFLAGS: '-mod=mod' },
  });
  if (download.status !== 0) throw new Error(`go mod download failed: ${download.stderr || download.stdout}`);
  const moduleDir = (JSON.parse(download.stdout) as { Dir: string }).Dir;
  const work = join(REPO_ROOT, '.data', 'ferretdb-src');
  removeTree(work);
  cpSync(moduleDir, work, { recursive: true });
  makeWritable(work); // the module cache's files are read-only
  for (const patch of FERRETDB_PATCHES) {
    const patched = join(work, patch.file);
    if (patch.from === undefined) {
      if (existsSync(patched)) throw new Error(`FerretDB source changed (patch: ${patch.why}): ${patch.file} exists already`);
      writeFileSync(patched, patch.to);
      continue;
    }
    const source = readFileSync(patched, 'utf8');
    if (source.split(patch.from).length !== 2)
      throw new Error(`FerretDB source changed (patch: ${patch.why}): ${patch.file} has not exactly one ${JSON.stringify(patch.from)}`);
    writeFileSync(patched, source.replace(patch.from, patch.to));
  }
  // FerretDB's build expects a generated version file (normally written by its own task runner).
  writeFileSync(join(work, 'build', 'version', 'version.txt'), `${FERRETDB_VERSION}\n`);
  const output = ferretBinaryPath();
  mkdirSync(join(REPO_ROOT, '.data', 'bin'), { recursive: true });
  const build = spawnSync('go', ['build', '-o', output, './cmd/ferretdb'], {
    cwd: work,
    encoding: 'utf8',
    env: { ...process.env, CGO_ENABLED: '0' },
  });
  if (build.status !== 0) throw new Error(`go build failed: ${build.stderr}`);
  log(`FerretDB built: ${output}`);
  return output;
}

function makeWritable(dir: string): void {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) makeWritable(path);
    else if (entry.isFile()) chmodSync(path, statSync(path).mode | 0o200);
  }
}

function removeTree(dir: string): void {
  if (!existsSync(dir)) return;
  makeWritable(dir);
  rmSync(dir, { recursive: true, force: true });
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

async function waitForPort(port: number, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`ferretdb exited (${child.exitCode}): ${stderr()}`);
    if (await canConnect(port)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`ferretdb did not listen on ${port} within 30 s: ${stderr()}`);
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = new Socket();
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('error', () => (socket.destroy(), done(false)));
    socket.connect(port, '127.0.0.1');
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => (clearTimeout(timer), done()));
    child.kill('SIGTERM');
  });
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
