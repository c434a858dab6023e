#!/usr/bin/env node
/**
 * `npm run bench:chat`: chat message round trip with 500 connected shoppers, next to a bare socket.io
 * echo server doing the same relay on this machine. Figures only.
 *
 * Starts the built shop (`node backend/dist/main.js`, build first) on a fresh embedded database in a
 * temporary folder, registers SHOPPERS shoppers, connects each over socket.io plus the seller, then
 * sends MESSAGES messages from shoppers in turn (IN_FLIGHT at a time) and times, per message, the
 * acknowledgement (stored) and the seller receiving it. The baseline relays the same way without
 * storing: shopper emit → server → sellers room, with an ack.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(ROOT, 'backend', 'package.json'));
const { io } = require('socket.io-client');
const { Server } = require('socket.io');
const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 500);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 500);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 20);
const SELLER = { email: 'seller@bench.local', password: `bench-${randomBytes(8).toString('hex')}` };

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const pct = (list, p) => {
  const s = [...list].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};
const cookieOf = (res) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
const connect = (url, cookie, auth = {}) =>
  new Promise((resolve, reject) => {
    const socket = io(url, { transports: ['websocket'], extraHeaders: cookie ? { Cookie: cookie } : {}, auth, reconnection: false, forceNew: true });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });

/** Sends MESSAGES messages from `shoppers` in turn; `send(socket, text)` resolves at the ack; the seller socket sees `event`. */
async function measure(shoppers, seller, event, send) {
  const waiting = new Map();
  seller.on(event, (message) => waiting.get(message.text)?.(performance.now()));
  const acks = [];
  const trips = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < MESSAGES) {
        const i = next++;
        const text = `message ${i} ${randomBytes(4).toString('hex')}`;
        const t0 = performance.now();
        const received = new Promise((resolve) => waiting.set(text, resolve));
        const answer = await send(shoppers[i % shoppers.length], text);
        if (!answer?.success) errors++;
        acks.push(performance.now() - t0);
        const t1 = await Promise.race([received, new Promise((r) => setTimeout(() => r(undefined), 5000))]);
        if (t1 === undefined) errors++;
        else trips.push(t1 - t0);
        waiting.delete(text);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    messages: MESSAGES,
    errors,
    ackP50: pct(acks, 50),
    ackP99: pct(acks, 99),
    tripP50: pct(trips, 50),
    tripP99: pct(trips, 99),
    perSecond: MESSAGES / seconds,
  };
}

async function shop() {
  const dataDir = mkdtempSync(join(tmpdir(), 'greencart-bench-chat-'));
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    GREENCART_DATA_DIR: dataDir,
    GREENCART_EMBEDDED: process.env.GREENCART_EMBEDDED ?? 'ferretdb',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    // Every simulated client comes from 127.0.0.1.
    CONNECTIONS_PER_ADDRESS: '1000000',
    SOCKETS_PER_ACCOUNT: '1000000',
    SOCKETS_PER_ADDRESS: '1000000',
    JWT_SECRET: randomBytes(24).toString('hex'),
    SELLER_EMAIL: SELLER.email,
    SELLER_PASSWORD: SELLER.password,
    FRONTEND_DIST: '/nonexistent',
    THROTTLE_LIMIT: '100000000',
    REGISTER_THROTTLE_LIMIT: '100000',
    LOGIN_ADDRESS_THROTTLE_LIMIT: '100000',
  };
  delete env.MONGODB_URI;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, [join(ROOT, 'backend', 'dist', 'main.js')], { cwd: ROOT, env, stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (
      await fetch(`${base}/api/health/live`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 1200) throw new Error('the shop did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { base, stop };
}

async function main() {
  console.log(`[bench:chat] ${SHOPPERS} shoppers connected, ${MESSAGES} messages, ${IN_FLIGHT} in flight`);
  const { base, stop } = await shop();
  const sockets = [];
  try {
    const cookies = [];
    for (let i = 0; i < SHOPPERS; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(10, SHOPPERS - i) }, async (_, j) => {
          const res = await fetch(`${base}/api/register`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ firstName: 'Bench', email: `s${i + j}-${randomBytes(3).toString('hex')}@bench.local`, password: 'correct-horse-battery' }),
          });
          if (res.status !== 201) throw new Error(`register ${res.status}`);
          return cookieOf(res);
        }),
      );
      cookies.push(...batch);
    }
    const sellerRes = await fetch(`${base}/api/sellerlogin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(SELLER) });
    const seller = await connect(base, cookieOf(sellerRes), { role: 'seller' });
    sockets.push(seller);
    const shoppers = [];
    for (const cookie of cookies) shoppers.push(await connect(base, cookie));
    sockets.push(...shoppers);
    const greencart = await measure(
      shoppers,
      seller,
      'recive-this-message-seller',
      (s, text) => new Promise((resolve) => s.emit('sendmessage-to-seller', { text }, resolve)),
    );

    // Baseline: a bare socket.io server relaying to a sellers room, no storage, no checks.
    const port = await freePort();
    const http = createServer();
    const server = new Server(http);
    server.on('connection', (socket) => {
      if (socket.handshake.auth?.role === 'seller') socket.join('sellers');
      socket.on('sendmessage-to-seller', (payload, ack) => {
        const message = { text: payload.text, createdAt: new Date().toISOString() };
        ack({ success: true, message });
        server.to('sellers').emit('recive-this-message-seller', message);
      });
    });
    await new Promise((r) => http.listen(port, '127.0.0.1', r));
    const url = `http://127.0.0.1:${port}`;
    const bareSeller = await connect(url, undefined, { role: 'seller' });
    const bareShoppers = [];
    for (let i = 0; i < SHOPPERS; i++) bareShoppers.push(await connect(url));
    const bare = await measure(
      bareShoppers,
      bareSeller,
      'recive-this-message-seller',
      (s, text) => new Promise((resolve) => s.emit('sendmessage-to-seller', { text }, resolve)),
    );
    for (const s of [bareSeller, ...bareShoppers]) s.disconnect();
    server.close();

    const fmt = (n) => (Number.isFinite(n) ? n.toFixed(1) : '–');
    console.log('\n| server | messages | errors | ack p50 / p99 ms | seller receives p50 / p99 ms | messages/s |');
    console.log('|---|--:|--:|--:|--:|--:|');
    for (const [name, r] of [
      ['GreenCart (stored, FerretDB)', greencart],
      ['bare socket.io relay', bare],
    ]) {
      console.log(
        `| ${name} | ${r.messages} | ${r.errors} | ${fmt(r.ackP50)} / ${fmt(r.ackP99)} | ${fmt(r.tripP50)} / ${fmt(r.tripP99)} | ${r.perSecond.toFixed(0)} |`,
      );
    }
  } finally {
    for (const s of sockets) s.disconnect();
    await stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
