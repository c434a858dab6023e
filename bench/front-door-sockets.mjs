/**
 * The front door's handover under socket.io's handshake (issue 19): starts the built shop
 * (`node backend/dist/main.js`, build first), registers 500 shoppers and connects their websockets one
 * after another. socket.io's client sends its CONNECT the moment the app's 101 arrives, while the front
 * door may still hold the connection it handed over: a CONNECT read there would be lost and the socket
 * would wait forever. Prints how many connected; exits 1 at the first one left without an answer.
 *   node bench/front-door-sockets.mjs [sockets=500]
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { throwawayShopEnv } from './shop-env.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const { io } = createRequire(join(ROOT, 'backend', 'package.json'))('socket.io-client');
const SOCKETS = Number(process.argv[2] ?? 500);

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const dataDir = mkdtempSync(join(tmpdir(), 'greencart-front-door-'));
const shop = spawn(process.execPath, [join(ROOT, 'backend', 'dist', 'main.js')], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: throwawayShopEnv({ dataDir, PORT: String(port) }),
});
const base = `http://127.0.0.1:${port}`;
let code = 0;
const sockets = [];
try {
  while (
    !(await fetch(`${base}/api/health/live`).then(
      (r) => r.ok,
      () => false,
    ))
  )
    await new Promise((r) => setTimeout(r, 100));
  const cookies = [];
  for (let i = 0; i < SOCKETS; i += 10) {
    const batch = Array.from({ length: Math.min(10, SOCKETS - i) }, async (_, j) => {
      const res = await fetch(`${base}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ firstName: 'Bench', email: `s${i + j}-${randomBytes(3).toString('hex')}@bench.local`, password: 'correct-horse-battery' }),
      });
      if (res.status !== 201) throw new Error(`register answered ${res.status}`);
      return res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    });
    cookies.push(...(await Promise.all(batch)));
  }
  let connected = 0;
  for (const cookie of cookies) {
    const socket = io(base, { transports: ['websocket'], extraHeaders: { Cookie: cookie }, reconnection: false, forceNew: true });
    sockets.push(socket);
    const outcome = await new Promise((resolve) => {
      const timer = setTimeout(() => resolve('no answer to its CONNECT within 5 s'), 5_000);
      socket.once('connect', () => (clearTimeout(timer), resolve('connected')));
      socket.once('connect_error', (error) => (clearTimeout(timer), resolve(error.message)));
    });
    if (outcome !== 'connected') {
      console.log(`socket ${connected + 1}: ${outcome}`);
      code = 1;
      break;
    }
    connected++;
  }
  console.log(`${connected} of ${SOCKETS} websockets connected through the front door`);
} finally {
  for (const socket of sockets) socket.disconnect();
  shop.kill('SIGTERM');
  await new Promise((resolve) => shop.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
