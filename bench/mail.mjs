#!/usr/bin/env node
/**
 * `npm run bench:mail`: what order mails cost (issue 22), on a fresh embedded database.
 *
 * 1. Placing COD orders, 50 shoppers with one order in flight each (as `npm run bench` places them),
 *    with mail off (no SMTP_URL) and with mail on (SMTP_URL pointing at an SMTP server in a worker thread
 *    of this process, smtp-server, which accepts and counts), in rounds of off, on, on, off (two by
 *    default) on the same data folder, so a drift of the machine during the run weighs on both. Target:
 *    rate with mail on ≥ 0.9× rate off. With mail on, every order's two mails (receipt, seller's new
 *    order) are checked to arrive exactly once, and how long after the order's answer the receipt arrived
 *    is shown.
 * 2. Draining: the SMTP server is stopped, 1,000 orders (2,000 mails) are placed, the server comes back;
 *    the rate is mails received per second from the first to the last. Target ≥ 100 messages/s.
 *
 *   npm run bench:mail                 # about 4 minutes on 2 cores
 *   BENCH_SECONDS=5 npm run bench:mail # placing runs of 5 s instead of 10
 *   BENCH_ROUNDS=3 npm run bench:mail  # rounds of off, on, on, off (2 by default)
 *   BENCH_PROFILE_DIR=/tmp/prof …      # a CPU profile of each start of the shop (node --cpu-prof)
 *
 * Figures only; prints a table (and saves it in bench/results/, git-ignored).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { load, send, startupDone } from './load.mjs';
import { throwawayShopEnv } from './shop-env.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(ROOT, 'backend', 'package.json'));
/** Rounds of off, on, on, off (a drift of the machine weighs on both; more rounds, less noise). */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DRAIN_ORDERS = Number(process.env.BENCH_DRAIN_ORDERS ?? 1000);
const SHOPPERS = 50;
const SELLER = { email: 'seller@bench.local', password: `bench-${randomBytes(8).toString('hex')}` };
const JWT_SECRET = randomBytes(24).toString('hex');
const ADDRESS = {
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.com',
  street: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560001',
  country: 'India',
  phone: '+91 98765 43210',
};

const log = (message) => console.log(`[bench:mail] ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
let dataDir;
let app;

/**
 * An SMTP server that accepts every mail and remembers its X-GreenCart-Message id and arrival time, in a worker thread of its own: its work does not slow the
 * load generator's event loop (as a real mail server on another machine would not), while it still
 * shares this machine's cores with the shop.
 */
const SINK = `
const { parentPort, workerData } = require('node:worker_threads');
const { SMTPServer } = require(workerData.smtpServer);
let server;
parentPort.on('message', (command) => {
  if (command.up) {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      closeTimeout: 50,
      onData: (stream, _session, callback) => {
        let head = '';
        stream.on('data', (chunk) => {
          if (head.length < 4096) head += chunk.toString('latin1');
        });
        stream.on('end', () => {
          const id = /^X-GreenCart-Message:\\s*(.+)$/im.exec(head)?.[1]?.trim() ?? '';
          parentPort.postMessage({ id, at: performance.timeOrigin + performance.now() });
          callback();
        });
      },
    });
    server.listen(command.port, '127.0.0.1', () => parentPort.postMessage({ listening: server.server.address().port }));
  } else if (command.down) {
    const closing = server;
    server = undefined;
    if (closing) closing.close(() => parentPort.postMessage({ closed: true }));
    else parentPort.postMessage({ closed: true });
  }
});
`;

class SmtpSink {
  received = [];
  port = 0;
  worker = new Worker(SINK, { eval: true, workerData: { smtpServer: require.resolve('smtp-server') } });
  waiting = [];

  constructor() {
    this.worker.on('message', (message) => {
      if (message.id !== undefined) this.received.push({ id: message.id, at: message.at - performance.timeOrigin });
      else this.waiting.shift()?.(message);
    });
  }

  command(command) {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.worker.postMessage(command);
    });
  }

  async up() {
    this.port = (await this.command({ up: true, port: this.port })).listening;
  }

  async down() {
    await this.command({ down: true });
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }
}

function build() {
  if (process.env.BENCH_SKIP_BUILD === '1') return;
  log('building the backend (npm run build:domain && nest build)…');
  for (const args of [
    ['run', 'build:domain'],
    ['run', 'build:backend'],
  ]) {
    const result = spawnSync('npm', args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed`);
  }
}

function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startApp(extra) {
  const port = await freePort();
  const inherited = { ...process.env };
  for (const name of ['MONGODB_URI', 'REDIS_URL', 'MONGODB_DB', 'GREENCART_SECRETS_FILE', 'SMTP_URL']) delete inherited[name];
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const child = spawn(process.execPath, [...profile, join(ROOT, 'backend', 'dist', 'main.js')], {
    cwd: ROOT,
    env: throwawayShopEnv({
      dataDir,
      seller: SELLER,
      PORT: String(port),
      GREENCART_EMBEDDED: process.env.GREENCART_EMBEDDED ?? 'ferretdb',
      SEED_DEMO: 'true',
      JWT_SECRET,
      ...extra,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited (${child.exitCode}):\n${output.slice(-3000)}`);
    const res = await send(undefined, base, { path: '/api/products?limit=1' }).catch(() => ({ status: 0 }));
    if (res.status === 200 && JSON.parse(res.body.toString()).total > 0) break;
    if (performance.now() - started > 120_000) throw new Error(`the shop did not answer within 120 s:\n${output.slice(-3000)}`);
    await sleep(25);
  }
  app = { child, base };
  return base;
}

async function stopApp() {
  if (!app) return;
  const { child } = app;
  app = undefined;
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => {
    const timer = setTimeout(() => (child.kill('SIGKILL'), resolve()), 10_000);
    child.once('exit', () => (clearTimeout(timer), resolve()));
  });
}

async function register(base, name) {
  const email = `${name}-${randomBytes(5).toString('hex')}@bench.local`;
  const res = await send(undefined, base, { method: 'POST', path: '/api/register', body: { firstName: 'Bench', email, password: 'correct-horse-battery' } });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${res.body}`);
  const cookie = [res.headers['set-cookie']]
    .flat()
    .map((c) => c.split(';')[0])
    .join('; ');
  const address = await send(undefined, base, { method: 'POST', path: '/api/Address/add', headers: { cookie }, body: { adress: ADDRESS } });
  if (address.status !== 201) throw new Error(`adding an address answered ${address.status}`);
  return { cookie, address: JSON.parse(address.body.toString()).address._id };
}

const orderRequest = (shoppers, product) => (i) => {
  const who = i % shoppers.length;
  return {
    method: 'POST',
    path: '/api/placeorders',
    headers: { cookie: shoppers[who].cookie, 'idempotency-key': randomUUID() },
    body: { address: shoppers[who].address, items: [{ product, quantity: 1 + (i % 3) }] },
  };
};

/** One placing run (1 s warm-up, then SECONDS): the figures and the ids of the orders answered 201, with when. */
async function placing(base, shoppers, product) {
  const ids = [];
  const answeredAt = new Map();
  const figures = await load({
    base,
    connections: shoppers.length,
    seconds: SECONDS,
    warmupSeconds: 1,
    next: orderRequest(shoppers, product),
    ok: (r) => r.status === 201,
    onResult: (r) => {
      if (r.status !== 201) return;
      const id = JSON.parse(r.body.toString()).order._id;
      ids.push(id);
      answeredAt.set(id, performance.now());
    },
  });
  return { figures, ids, answeredAt };
}

async function mailOf(base) {
  const res = await send(undefined, base, { path: '/api/health' });
  return JSON.parse(res.body.toString()).mail;
}

/**
 * The sweep's read (all of `outbox_due`: only what waits) next to what a scan of the outbox would cost
 * (`state: 'pending'`, which FerretDB over SQLite answers by reading every message ever queued) and a
 * read by `_id` (how the worker reads a message), each timed 20 times on the embedded database.
 */
async function measureReads() {
  process.env.GREENCART_EMBEDDED ??= 'ferretdb';
  const { startEmbeddedDatabase } = require('./dist/database/embedded-database.js');
  const { MongoClient } = require('mongodb');
  const database = await startEmbeddedDatabase({ dataDir, log: () => undefined });
  const client = await MongoClient.connect(`${database.uri}greencart`);
  try {
    const db = client.db();
    const one = await db.collection('outbox').findOne({}, { projection: { _id: 1 } });
    const timed = async (label, collection, work) => {
      const ms = [];
      for (let i = 0; i < 20; i++) {
        const started = performance.now();
        await work();
        ms.push(performance.now() - started);
      }
      ms.sort((a, b) => a - b);
      return { label, docs: await db.collection(collection).estimatedDocumentCount(), p50: ms[9], p95: ms[18] };
    };
    return [
      await timed('sweep: read all of outbox_due (what waits)', 'outbox_due', () =>
        db
          .collection('outbox_due')
          .find({ dueAt: { $lte: new Date() } })
          .toArray(),
      ),
      await timed('a scan instead: outbox where state is pending', 'outbox', () => db.collection('outbox').find({ state: 'pending' }).toArray()),
      await timed('the worker reading a message by _id', 'outbox', () => db.collection('outbox').findOne({ _id: one._id })),
    ];
  } finally {
    await client.close();
    await database.stop();
  }
}

/** Marks the bench's new accounts as having opened their confirmation link (on the stopped shop's database). */
async function confirmEmails() {
  process.env.GREENCART_EMBEDDED ??= 'ferretdb';
  const { startEmbeddedDatabase } = require('./dist/database/embedded-database.js');
  const { MongoClient } = require('mongodb');
  const database = await startEmbeddedDatabase({ dataDir, log: () => undefined });
  const client = await MongoClient.connect(`${database.uri}greencart`);
  try {
    await client
      .db()
      .collection('users')
      .updateMany({ emailVerified: false }, { $set: { emailVerified: true } });
  } finally {
    await client.close();
    await database.stop();
  }
}

async function main() {
  build();
  dataDir = mkdtempSync(join(os.tmpdir(), 'greencart-bench-mail-'));
  const smtp = new SmtpSink();
  await smtp.up();
  log(`data folder ${dataDir}; SMTP sink on ${smtp.url}; placing runs of ${SECONDS} s, ${SHOPPERS} shoppers`);

  let base = await startApp({});
  const product = JSON.parse((await send(undefined, base, { path: '/api/products?inStock=true&limit=1' })).body.toString()).products[0]._id;
  const shoppers = [];
  for (let i = 0; i < SHOPPERS; i++) shoppers.push(await register(base, `shopper${i}`));
  await stopApp();
  // As real shoppers' are: their emails confirmed (an unconfirmed address gets no receipt, only its link).
  await confirmEmails();

  const runs = [];
  const expectedIds = [];
  const KINDS = { off: {}, on: { SMTP_URL: smtp.url } };
  for (const kind of Array.from({ length: ROUNDS }, () => ['off', 'on', 'on', 'off']).flat()) {
    const mail = kind !== 'off';
    base = await startApp(KINDS[kind]);
    // The shop's one-time start-up work (its search for unlisted orders reads every order on FerretDB, a
    // few seconds more each round) is over before the placing starts: the runs compare steady states.
    const waited = await startupDone(base);
    const health = await mailOf(base);
    const { figures, ids, answeredAt } = await placing(base, shoppers, product);
    let delay;
    if (mail) {
      expectedIds.push(...ids.flatMap((id) => [`email:order-confirmation:${id}`, `email:seller-new-order:${id}`]));
      // The run's mails (warm-up orders' too) are sent before the next run starts.
      for (let i = 0; i < 600 && (await mailOf(base)).waiting > 0; i++) await sleep(100);
      await sleep(200);
      // How long after its order was answered each receipt arrived (seconds).
      const arrived = new Map(smtp.received.map((r) => [r.id, r.at]));
      const waits = ids
        .map((id) => (arrived.get(`email:order-confirmation:${id}`) ?? NaN) - answeredAt.get(id))
        .filter(Number.isFinite)
        .sort((a, b) => a - b);
      delay = { p50: waits[Math.floor(waits.length / 2)] / 1000, max: waits[waits.length - 1] / 1000 };
    }
    log(
      `mail ${kind} (${health.status}): ${figures.requests} orders, ${figures.errors} errors, ${fmt(figures.rps)}/s, p50 ${fmt(figures.p50)} / p95 ${fmt(figures.p95)} / p99 ${fmt(figures.p99)} ms${delay ? `; receipts ${fmt(delay.p50)} s after the answer (p50), ${fmt(delay.max)} s at most` : ''} (start-up work done after ${fmt(waited / 1000)} s)`,
    );
    runs.push({ kind, mail, delay, ...figures });
    await stopApp();
  }
  const mean = (kind) => {
    const chosen = runs.filter((r) => r.kind === kind);
    return chosen.reduce((n, r) => n + r.rps, 0) / chosen.length;
  };
  const off = mean('off');
  const on = mean('on');
  const delays = (kind) => {
    const chosen = runs.filter((r) => r.kind === kind);
    return `receipts ${fmt(chosen.reduce((n, r) => n + r.delay.p50, 0) / chosen.length)} s after the answer (mean p50), ${fmt(Math.max(...chosen.map((r) => r.delay.max)))} s at most`;
  };
  const counts = new Map();
  for (const { id } of smtp.received) counts.set(id, (counts.get(id) ?? 0) + 1);
  const missing = expectedIds.filter((id) => !counts.has(id)).length;
  const doubled = [...counts.values()].filter((n) => n > 1).length;

  // Draining a backlog: the mail server away while DRAIN_ORDERS orders are placed, then back.
  log(`draining: SMTP away while ${DRAIN_ORDERS} orders are placed…`);
  await smtp.down();
  // Probes of the absent server every 0.2 s at first (the default starts at 30 s), so the drain starts soon after it is back.
  base = await startApp({ SMTP_URL: smtp.url, OUTBOX_RETRY_MS: '200' });
  const before = smtp.received.length;
  const drainIds = [];
  const placed = await load({
    base,
    connections: SHOPPERS,
    seconds: 600,
    warmupSeconds: 0,
    next: (i) => (i < DRAIN_ORDERS ? orderRequest(shoppers, product)(i) : undefined),
    ok: (r) => r.status === 201,
    onResult: (r) => r.status === 201 && drainIds.push(JSON.parse(r.body.toString()).order._id),
  });
  const backlog = (await mailOf(base)).waiting;
  log(`placed ${drainIds.length} orders (${fmt(placed.rps)}/s) with the server away; ${backlog} mails waiting. Server back.`);
  await smtp.up();
  const expectedDrain = drainIds.length * 2;
  const deadline = performance.now() + 180_000;
  while (smtp.received.length - before < expectedDrain && performance.now() < deadline) await sleep(50);
  await sleep(1_000);
  const drained = smtp.received.slice(before);
  const seconds = drained.length > 1 ? (drained[drained.length - 1].at - drained[0].at) / 1000 : NaN;
  const drainRate = (drained.length - 1) / seconds;
  const drainCounts = new Map();
  for (const { id } of drained) drainCounts.set(id, (drainCounts.get(id) ?? 0) + 1);
  const drainDoubled = [...drainCounts.values()].filter((n) => n > 1).length;
  log(`drained ${drained.length} of ${expectedDrain} mails in ${fmt(seconds, 2)} s: ${fmt(drainRate, 0)} messages/s, ${drainDoubled} doubled`);
  await stopApp();
  await smtp.down();
  await smtp.worker.terminate();

  // What finding due messages costs, read the way the worker reads (on the stopped shop's database).
  const reads = await measureReads();

  const lines = [
    '| scenario | orders / mails | errors | p50 ms | p95 ms | p99 ms | rate | ratio | checks | target |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
    ...runs.map(
      (r, i) =>
        `| POST /api/placeorders (COD), 50 shoppers, mail ${r.kind} (run ${i + 1}) | ${r.requests} | ${r.errors} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${fmt(r.rps)}/s | | ${r.delay ? `receipts ${fmt(r.delay.p50)} s / ${fmt(r.delay.max)} s at most` : ''} | |`,
    ),
    `| placing, mail on vs off (mean of ${runs.filter((r) => r.kind === 'on').length} runs each) | | | | | | ${fmt(on)} / ${fmt(off)} /s | ${fmt(on / off, 2)}× | ${expectedIds.length} mails: ${missing} missing, ${doubled} doubled; ${delays('on')} | ≥ 0.9× |`,
    `| outbox drain after an SMTP outage, ${drainIds.length} orders | ${drained.length} / ${expectedDrain} | ${expectedDrain - drained.length} | | | | ${fmt(drainRate, 0)}/s | | ${drainDoubled} doubled | ≥ 100 messages/s |`,
    ...reads.map((r) => `| ${r.label} | ${r.docs} docs | | ${fmt(r.p50, 2)} | ${fmt(r.p95, 2)} | | | | | the sweep reads only what waits |`),
  ];
  console.log(`\n${lines.join('\n')}\n`);
  const resultsDir = join(ROOT, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  writeFileSync(join(resultsDir, `mail-${stamp}.md`), `${lines.join('\n')}\n`);
  writeFileSync(
    join(resultsDir, `mail-${stamp}.json`),
    JSON.stringify({ machine: { cpus: os.cpus().length, node: process.version }, runs, on, off, drainRate, missing, doubled, drainDoubled }, null, 2),
  );
}

try {
  await main();
} finally {
  await stopApp();
  if (dataDir && process.env.BENCH_KEEP_DATA !== '1') rmSync(dataDir, { recursive: true, force: true });
}
