/**
 * A bench's own production shop process on a data folder (`node backend/dist/main.js`), and the embedded
 * database of a folder opened directly to write data around the shop. Shared by bench/stats.mjs and
 * bench/gstr1.mjs.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { send } from './load.mjs';
import { freePort } from './shop-env.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(ROOT, 'backend', 'package.json'));

/** Starts the shop with `envOf(port)` and resolves once `/api/health/live` answers: `{ child, base }`. */
export async function startShop(envOf) {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'backend', 'dist', 'main.js')], { cwd: ROOT, env: envOf(port), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited (${child.exitCode}):\n${output.slice(-3000)}`);
    if ((await send(undefined, base, { path: '/api/health/live' }).catch(() => ({ status: 0 }))).status === 200) break;
    if (performance.now() - started > 180_000) throw new Error(`the shop did not answer within 180 s:\n${output.slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, base };
}

/** Stops a shop started by startShop (SIGTERM, SIGKILL after 10 s). */
export async function stopShop({ child }) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => {
    const timer = setTimeout(() => (child.kill('SIGKILL'), resolve()), 10_000);
    child.once('exit', () => (clearTimeout(timer), resolve()));
  });
}

/** Runs `work(uri)` on the folder's embedded database (`engine`), the shop stopped meanwhile. */
export async function withDatabase(dataDir, engine, work) {
  process.env.GREENCART_EMBEDDED = engine;
  const { startEmbeddedDatabase } = require('./dist/database/embedded-database.js');
  const database = await startEmbeddedDatabase({ dataDir, log: () => undefined });
  try {
    return await work(`${database.uri}greencart`);
  } finally {
    await database.stop();
  }
}
