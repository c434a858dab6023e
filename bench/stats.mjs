#!/usr/bin/env node
/**
 * `npm run bench:stats` (also run at the end of `npm run bench`): the seller's figures and the CSV
 * export at 10,000 and 100,000 stored orders (issue 23), on a fresh embedded database.
 *
 * Orders are written straight to the database in the app's own format (as bench.mjs does), spread over
 * the last 60 days of the shop's time zone with 500 orders on yesterday (the CSV's day), over 500
 * products, a tenth cancelled; then `npm run stats:rebuild`'s CLI builds the roll-ups from them, and the
 * shop is started on the folder. Measured: GET /api/seller/stats?days=30 with 20 connections (its first
 * answer after the start too, before anything is kept in memory), and the CSV of yesterday.
 *
 *   npm run bench:stats                 BENCH_SECONDS=5 by default; BENCH_SKIP_BUILD=1 skips the build
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load, send, startupDone } from './load.mjs';
import { startShop, stopShop, withDatabase } from './shop-process.mjs';
import { throwawayShopEnv } from './shop-env.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(ROOT, 'backend', 'package.json'));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ENGINE = process.env.GREENCART_EMBEDDED ?? 'ferretdb';
const TZ = 'Asia/Kolkata';
const SELLER = { email: 'seller@bench.local', password: `bench-${randomBytes(8).toString('hex')}` };
const DAYS = 60;
const ON_CSV_DAY = 500;
const PRODUCTS = Array.from({ length: 500 }, (_, i) => ({ _id: null, name: `Bench product ${i + 1}`, paise: 1_000 + ((i * 7919) % 40_000) }));

const log = (message) => console.log(`[bench:stats] ${message}`);
const fmt = (n) => (Number.isFinite(n) ? n.toFixed(1) : '–');

/** The shop's day (YYYY-MM-DD) of an instant, and the instant a day begins (Asia/Kolkata has no DST: +05:30). */
const dayOf = (date) => new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
const startOf = (day) => new Date(`${day}T00:00:00+05:30`);
const addDays = (day, n) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export async function runStatsBench({ build = process.env.BENCH_SKIP_BUILD !== '1' } = {}) {
  const began = performance.now();
  const rows = [];
  const row = (scenario, figures, extra = {}) => {
    const entry = { scenario, ...figures, ...extra };
    rows.push(entry);
    log(
      `${scenario}: ${entry.requests} requests, ${entry.errors} errors, p50 ${fmt(entry.p50)} / p95 ${fmt(entry.p95)} / p99 ${fmt(entry.p99)} ms, ${Number.isFinite(entry.rps) ? entry.rps.toFixed(0) : '–'}/s`,
    );
  };
  if (build) {
    log('building the backend…');
    for (const args of [
      ['run', 'build:domain'],
      ['run', 'build:backend'],
    ]) {
      if (spawnSync('npm', args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] }).status !== 0) throw new Error(`npm ${args.join(' ')} failed`);
    }
  }
  const dataDir = mkdtempSync(join(os.tmpdir(), 'greencart-bench-stats-'));
  let app;
  const stop = async () => {
    if (!app) return;
    const running = app;
    app = undefined;
    await stopShop(running);
  };
  try {
    log(`data folder ${dataDir} (${ENGINE}); ${SECONDS} s per scenario`);
    // First start: the shop makes its collections and marks its roll-ups built (no orders yet).
    app = await start(dataDir);
    await stop();
    const yesterday = addDays(dayOf(new Date()), -1);
    for (const total of [10_000, 100_000]) {
      const stored = await withDatabase(dataDir, ENGINE, (uri) => seedOrders(uri, total, yesterday));
      const rebuild = rebuildRollups(dataDir);
      log(`${stored.toLocaleString('en')} orders stored; stats:rebuild took ${rebuild.toFixed(1)} s`);
      row(
        `npm run stats:rebuild, ${stored.toLocaleString('en')} orders`,
        { requests: 1, errors: 0, p50: rebuild * 1000, p95: NaN, p99: NaN, rps: NaN },
        { target: '–' },
      );
      app = await start(dataDir);
      // The shop's own start-up work (it looks for orders left unlisted: a read of every order on FerretDB)
      // runs in the background first: measured once /api/health says it is done (the first answer apart).
      const waited = await startupDone(app.base, 1_000);
      log(`start-up work done ${(waited / 1000).toFixed(1)} s after the shop answered`);
      const cookie = await sellerCookie(app.base);
      const label = `${stored.toLocaleString('en')} stored`;
      const first = await send(undefined, app.base, { path: '/api/seller/stats?days=30', headers: { cookie } });
      if (first.status !== 200) throw new Error(`stats answered ${first.status}: ${first.body}`);
      const answer = JSON.parse(first.body.toString());
      row(
        `GET /api/seller/stats?days=30, ${label}: first answer after start`,
        { requests: 1, errors: 0, p50: first.ms, p95: NaN, p99: NaN, rps: NaN },
        { target: '–', check: `${answer.orders} orders, ₹${answer.revenue}` },
      );
      const stats = await load({
        base: app.base,
        connections: 20,
        seconds: SECONDS,
        next: () => ({ path: '/api/seller/stats?days=30', headers: { cookie, 'accept-encoding': 'gzip' } }),
      });
      row(`GET /api/seller/stats?days=30, ${label}, 20 conn`, stats, { target: 'p95 ≤ 100 ms, not growing with orders' });
      const csvPath = `/api/seller/orders.csv?from=${yesterday}&to=${yesterday}`;
      const sample = await send(undefined, app.base, { path: csvPath, headers: { cookie } });
      const ok = sample.status === 200 && sample.body.toString().endsWith('\r\n');
      const lines = ok ? sample.body.toString().split('\r\n').filter(Boolean).length - 1 : 0;
      const what = ok
        ? `${lines} of the ${ON_CSV_DAY} orders, ${(sample.body.length / 1024).toFixed(0)} KB`
        : `failed: ${sample.status || sample.error || 'cut short'}`;
      row(
        `GET /api/seller/orders.csv (one day: ${what}), ${label}, one request`,
        { requests: 1, errors: ok && lines === ON_CSV_DAY ? 0 : 1, p50: sample.ms, p95: NaN, p99: NaN, rps: NaN },
        { target: "the day's orders, read through the seller's order list" },
      );
      if (ok) {
        const csv = await load({ base: app.base, connections: 2, seconds: SECONDS, next: () => ({ path: csvPath, headers: { cookie } }) });
        row(`GET /api/seller/orders.csv (one day), ${label}, 2 conn`, csv, { target: 'cost follows the day, not the stored orders' });
      }
      await stop();
    }
  } finally {
    await stop();
    if (process.env.BENCH_KEEP_DATA !== '1') rmSync(dataDir, { recursive: true, force: true });
  }
  const table = printTable(rows);
  const file = join(ROOT, 'bench', 'results', `stats-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    JSON.stringify(
      {
        when: new Date().toISOString(),
        engine: ENGINE,
        seconds: (performance.now() - began) / 1000,
        machine: { cpus: os.cpus().length, node: process.version },
        rows,
        table,
      },
      null,
      2,
    ),
  );
  writeFileSync(file.replace(/\.json$/, '.md'), `${table}\n`);
  log(`took ${((performance.now() - began) / 1000).toFixed(0)} s. Saved ${file} (and .md)`);
  return rows;
}

function env(dataDir, port) {
  return throwawayShopEnv({ dataDir, seller: SELLER, PORT: String(port), GREENCART_EMBEDDED: ENGINE, SHOP_TIMEZONE: TZ });
}

function start(dataDir) {
  return startShop((port) => env(dataDir, port));
}

/** `npm run stats:rebuild` (its compiled CLI) on the folder; seconds. */
function rebuildRollups(dataDir) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [join(ROOT, 'backend', 'dist', 'stats', 'stats-rebuild-cli.js')], {
    cwd: ROOT,
    env: { ...env(dataDir, 0), NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (result.status !== 0) throw new Error('stats:rebuild failed');
  log(result.stdout.toString().trim());
  return (performance.now() - started) / 1000;
}

/**
 * Orders up to `total`, in the app's own format: 500 on `csvDay` (only in the first round), the rest
 * spread over the 60 days before today; a tenth cancelled, a fifth online, some packed or delivered.
 */
/**
 * The seller's and shoppers' order lists as the shop keeps them (`order_lists`: one place per order, in
 * the order they were placed). The seeded orders are spread over past days in no order, so the lists are
 * written again, sorted by creation time, after each seeding (the shop is stopped meanwhile).
 */
async function relist(db) {
  const lists = db.collection('order_lists');
  const all = await db
    .collection('orders')
    .find({}, { projection: { _id: 1, user: 1, createdAt: 1 } })
    .toArray();
  all.sort((a, b) => a.createdAt - b.createdAt);
  // The places only: the shop's once-per-database markers (`job:…#0`) in the same collection stay.
  await lists.deleteMany({ _id: { $regex: '^(seller|shopper:)' } });
  const perShopper = new Map();
  const BATCH = 5_000;
  for (let from = 0; from < all.length; from += BATCH) {
    const entries = [];
    all.slice(from, from + BATCH).forEach((order, k) => {
      const place = perShopper.get(String(order.user)) ?? 0;
      perShopper.set(String(order.user), place + 1);
      entries.push({ _id: `seller#${from + k}`, order: order._id }, { _id: `shopper:${order.user}#${place}`, order: order._id });
    });
    await lists.insertMany(entries, { ordered: false });
  }
}

async function seedOrders(uri, total, csvDay) {
  const { MongoClient, ObjectId } = require('mongodb');
  const client = await MongoClient.connect(uri);
  try {
    const orders = client.db().collection('orders');
    const already = await orders.countDocuments();
    for (const product of PRODUCTS) product._id ??= new ObjectId();
    const users = Array.from({ length: 2_000 }, () => new ObjectId());
    const today = dayOf(new Date());
    const onCsvDay = already === 0 ? ON_CSV_DAY : 0;
    const BATCH = 2_000;
    for (let from = already; from < total; from += BATCH) {
      const docs = [];
      for (let i = from; i < Math.min(total, from + BATCH); i++) {
        const day = i - already < onCsvDay ? csvDay : addDays(today, -(2 + (i % (DAYS - 1))));
        const at = new Date(startOf(day).getTime() + ((i * 7_919_000) % 86_400_000));
        const lines = 1 + (i % 4);
        const items = Array.from({ length: lines }, (_, j) => {
          const p = PRODUCTS[(i * 31 + j * 17) % PRODUCTS.length];
          return {
            product: p._id,
            quantity: 1 + ((i + j) % 3),
            name: p.name,
            category: 'Fruits',
            image: '',
            offerPrice: p.paise / 100,
            offerPricePaise: p.paise,
          };
        });
        const subtotalPaise = items.reduce((n, it) => n + it.quantity * it.offerPricePaise, 0);
        const taxPaise = Math.floor((subtotalPaise * 2) / 100);
        const online = i % 5 === 0;
        const status = i % 10 === 3 ? 'Cancelled' : i % 10 === 4 ? 'Delivered' : i % 10 === 5 ? 'Packing' : 'Order Placed';
        const paymentStatus = online
          ? status === 'Cancelled'
            ? 'refunded'
            : 'paid'
          : status === 'Cancelled'
            ? 'void'
            : status === 'Delivered'
              ? 'paid'
              : 'pending';
        const history = [{ status: 'Order Placed', at }];
        if (status === 'Packing' || status === 'Delivered') history.push({ status: 'Packing', at });
        if (status === 'Delivered') history.push({ status: 'Out for delivery', at }, { status: 'Delivered', at });
        if (status === 'Cancelled') history.push({ status: 'Cancelled', at });
        docs.push({
          _id: new ObjectId(),
          user: users[i % users.length],
          items,
          address: {
            _id: new ObjectId(),
            firstName: 'Asha',
            lastName: `Rao ${i}`,
            email: 'asha@example.com',
            street: '12 MG Road',
            city: 'Bengaluru',
            state: 'Karnataka',
            pincode: '560001',
            country: 'India',
            phone: '+919876543210',
          },
          amount: (subtotalPaise + taxPaise) / 100,
          amountPaise: subtotalPaise + taxPaise,
          subtotalPaise,
          taxPaise,
          paymentType: online ? 'Online' : 'COD',
          paymentStatus,
          isPaid: paymentStatus === 'paid',
          status,
          statusHistory: history,
          idempotencyKey: `bench-${i}`,
          requestHash: 'bench',
          orderNumber: `GC-${10_001 + i}`,
          createdAt: at,
          updatedAt: at,
        });
      }
      await orders.insertMany(docs, { ordered: false });
    }
    await relist(client.db());
    return await orders.countDocuments();
  } finally {
    await client.close();
  }
}

async function sellerCookie(base) {
  const res = await send(undefined, base, { method: 'POST', path: '/api/sellerlogin', body: SELLER });
  if (res.status !== 200) throw new Error(`seller login answered ${res.status}`);
  return [res.headers['set-cookie']]
    .flat()
    .map((c) => c.split(';')[0])
    .join('; ');
}

function printTable(rows) {
  const header = ['scenario', 'requests', 'errors', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s', 'check', 'target'];
  const lines = rows.map((r) => [
    r.scenario,
    String(r.requests),
    String(r.errors),
    fmt(r.p50),
    fmt(r.p95),
    fmt(r.p99),
    Number.isFinite(r.rps) ? r.rps.toFixed(0) : '–',
    r.check ?? '',
    r.target ?? '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells) => `| ${cells.map((c, i) => (i === 0 || i >= 7 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  const out = [
    format(header),
    `|${widths.map((w, i) => (i === 0 || i >= 7 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
    ...lines.map(format),
  ].join('\n');
  console.log(`\n${out}`);
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runStatsBench().catch((error) => {
    console.error(`bench:stats failed: ${error.stack ?? error.message}`);
    process.exitCode = 1;
  });
}
