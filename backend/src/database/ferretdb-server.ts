import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { join } from 'node:path';
import type { RunningDatabase } from './running-database';
import { FERRETDB_VERSION, ferretBinary } from './ferretdb-binary';

/**
 * FerretDB on SQLite with its data in `<data folder>/ferretdb`, supervised (restarted if it dies).
 * `binary`: our patched build unless told (ferretBinary: FERRETDB_BIN, else built once).
 */
export async function startFerret(dataDir: string, log: (m: string) => void, binary = ferretBinary(log)): Promise<RunningDatabase> {
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
    // disk on every commit: 3.8 ms per insert under load here, against 1.0 ms (bench/HISTORY.md).
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
