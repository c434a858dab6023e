import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { PRODUCTION_ENV } from '../playwright.production.config';
import { freePort, isRunning, portAnswers, processesMentioning, processTree, run, sleep } from './processes';

// Starting and stopping the shop as an operator does, with `npm start` (the build is up to date: the test
// runner built it) on a fresh data folder and a free port. No browser: processes, ports and the data folder.

const root = join(__dirname, '..', '..');
let dataDir: string;

test.beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'greencart-lifecycle-'));
});
test.afterEach(() => {
  // Whatever a failing test left running on its folder is stopped here, so it cannot upset the next test.
  for (const leftover of processesMentioning(dataDir)) process.kill(leftover.pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function serverEnv(port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...PRODUCTION_ENV,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    GREENCART_DATA_DIR: dataDir,
    REDIS_KEY_PREFIX: `e2e-lifecycle:${port}:`,
  };
}

async function live(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health/live`)).ok;
  } catch {
    return false;
  }
}

/** Nothing of the stopped server remains: none of its processes, nothing serving its data folder, its port free, its lock released. */
async function expectNothingLeft(pids: number[], port: number) {
  await expect
    .poll(async () => ({
      running: pids.filter(isRunning),
      usingTheDataFolder: processesMentioning(dataDir).map((p) => `${p.pid} ${p.commandLine}`),
      portAnswers: await portAnswers(port),
    }))
    .toEqual({ running: [], usingTheDataFolder: [], portAnswers: false });
  expect(existsSync(join(dataDir, 'server.json')), 'the data folder lock (server.json) is released').toBe(false);
}

test('SIGTERM to `npm start` stops the server and its embedded database: no process is left behind', async () => {
  const port = await freePort();
  const npm = run('npm', ['start'], { cwd: root, env: serverEnv(port) });
  await expect
    .poll(async () => (npm.child.exitCode !== null ? `npm exited: ${npm.output.stdout}${npm.output.stderr}` : await live(port)), { timeout: 90_000 })
    .toBe(true);

  const tree = processTree(npm.child.pid!);
  const server = tree.find((p) => p.commandLine.includes('backend/dist/main.js'));
  const database = processesMentioning(dataDir);
  expect(server, `npm start runs the built server: ${tree.map((p) => p.commandLine).join(' | ')}`).toBeDefined();
  expect(database.length, 'an embedded database serves the data folder').toBeGreaterThan(0);
  expect(existsSync(join(dataDir, 'server.json'))).toBe(true);
  const pids = [...new Set([...tree, ...database].map((p) => p.pid))];

  const signalled = Date.now();
  npm.child.kill('SIGTERM');
  const exit = await Promise.race([npm.exited, sleep(15_000).then(() => undefined)]);
  expect(exit, 'npm exits within 15 s of SIGTERM').toBeDefined();
  await expectNothingLeft(pids, port);
  test
    .info()
    .annotations.push(
      { type: 'stopped in', description: `${Date.now() - signalled} ms (${pids.length} processes)` },
      { type: 'npm start', description: npm.output.stdout.includes('Build is up to date.') ? 'build was up to date' : 'built first (sources changed)' },
    );
  expect(npm.output.stdout).toContain('SIGTERM received, shutting down');
});

test('SIGTERM to `npm start` while it is still starting (database up, app not yet listening) leaves nothing behind', async () => {
  const port = await freePort();
  const npm = run('npm', ['start'], { cwd: root, env: serverEnv(port) });
  // The embedded database has started; the app is still loading.
  await expect.poll(() => npm.child.exitCode === null && /Embedded database: /.test(npm.output.stdout), { timeout: 90_000 }).toBe(true);
  const database = processesMentioning(dataDir);
  expect(database.length, 'an embedded database serves the data folder').toBeGreaterThan(0);
  const pids = [...new Set([...processTree(npm.child.pid!), ...database].map((p) => p.pid))];

  npm.child.kill('SIGTERM');
  const exit = await Promise.race([npm.exited, sleep(15_000).then(() => undefined)]);
  expect(exit, 'npm exits within 15 s of SIGTERM').toBeDefined();
  await expectNothingLeft(pids, port);
});

test('a server that cannot listen (port taken) stops its embedded database and says why in one line', async () => {
  const port = await freePort();
  // Held on every address, as the server would listen.
  const holder: Server = createServer();
  await new Promise<void>((resolve) => holder.listen(port, resolve));
  try {
    const server = run(process.execPath, [join(root, 'backend', 'dist', 'main.js')], { cwd: root, env: { ...serverEnv(port), LOG_LEVEL: 'info' } });
    const exit = await Promise.race([server.exited, sleep(90_000).then(() => undefined)]);
    expect(exit, 'the server exits by itself').toBeDefined();
    expect(exit!.code).not.toBe(0);
    // The failure came after the database had started: that is the case under test.
    expect(server.output.stdout).toContain('Embedded database: ');

    const errorLines = server.output.stderr.split('\n').filter((line) => line.trim() !== '');
    expect(errorLines).toEqual([`GreenCart failed to start: port ${port} is already in use by another program; stop it or set PORT to a free port`]);
    expect(server.output.stdout + server.output.stderr, 'no stack trace').not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);

    // Stopped before the process exited, not left to die later.
    expect(processesMentioning(dataDir).map((p) => `${p.pid} ${p.commandLine}`)).toEqual([]);
    expect(existsSync(join(dataDir, 'server.json')), 'the data folder lock (server.json) is released').toBe(false);
  } finally {
    await new Promise<void>((resolve) => holder.close(() => resolve()));
  }
});

test('settings with typos are refused before anything starts, with one list of what is wrong and no stack trace', async () => {
  const port = await freePort();
  const server = run(process.execPath, [join(root, 'backend', 'dist', 'main.js')], {
    cwd: root,
    env: { ...serverEnv(port), COOKIE_SECURE: 'maybe', LOG_LEVEL: 'loud', SEED_DEMO: 'ture' },
  });
  const exit = await Promise.race([server.exited, sleep(30_000).then(() => undefined)]);
  expect(exit, 'the server exits by itself').toBeDefined();
  expect(exit!.code).not.toBe(0);
  expect(server.output.stdout, 'no database was started for nothing').not.toContain('Embedded database: ');
  expect(server.output.stderr.split('\n').filter((line) => line.trim() !== '')).toEqual([
    'GreenCart failed to start: Invalid environment configuration:',
    '  - LOG_LEVEL must be one of the following values: fatal, error, warn, info, debug, trace, silent',
    '  - SEED_DEMO must be true or false',
    '  - COOKIE_SECURE must be true or false',
  ]);
  expect(server.output.stdout + server.output.stderr, 'no stack trace').not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
  expect(processesMentioning(dataDir)).toEqual([]);
});
