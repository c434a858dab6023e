#!/usr/bin/env node
/**
 * `npm run bench`: one command that measures GreenCart on a fresh embedded database.
 *
 * Builds the backend (unless BENCH_SKIP_BUILD=1), creates a temporary data folder (never .data/db),
 * and walks through the sizes of issue 12: 45 demo products, 1,000 and 10,000 products, then 0 and
 * 10,000 orders. Between sizes the shop is stopped, the database is filled directly (seed:large for
 * products; orders written in the app's own format), and `node backend/dist/main.js` is started again
 * on the same folder, exactly as `npm start` would after its build (that start is the cold start
 * figure). Every scenario prints requests, errors, p50/p95/p99 and throughput, and the catalogue list
 * its ratio to a raw node:http server sending the same bytes, measured in the same run.
 *
 *   npm run bench                      # about 3 minutes on 2 cores
 *   BENCH_SECONDS=3 npm run bench      # shorter runs per scenario
 *   node bench/order-commands.mjs      # only the ordering part: orders/s and database commands per order
 *   npm run bench -- --adjust          # only packing changes: 50 paid orders adjusted at once (issue 39)
 *   npm run bench -- --staff           # seller routes as owner vs packer; the activity log at 100,000 entries
 *   npm run bench -- --search          # only search at 10,000 products (prepared answers and new queries)
 *   npm run bench -- --catalogue       # only /api/productList at 10,000 products, alone and while 50
 *                                      # shoppers order (with the counted-stock scenarios around it)
 *   npm run bench -- --quiet-page      # only the requests an open product page sends in a quiet minute, and
 *                                      # how soon a stock change shows on it (needs frontend/dist: bench/quiet-page.mjs)
 *   npm run bench -- --slots           # only delivery slots: placement into slots against express, a race
 *                                      # for 5 places, GET /api/delivery/slots with 10,000 orders stored
 *
 * Prints one table and saves it (with the machine's details) in bench/results/ (git-ignored).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load, registerShopper, send, signInSeller, startupDone } from './load.mjs';
import { orderCommandsBench } from './order-commands.mjs';
import { couponScenarios } from './coupons.mjs';
import { packingScenarios } from './packing.mjs';
import { FAKE_RAZORPAY_KEYS, startFakeRazorpay } from '../e2e/fake-razorpay.mjs';
import { slotScenarios } from './slots.mjs';
import { activityScenarios, roleCheckScenarios, seedActivity } from './staff.mjs';
import { countedStockScenarios, packSizeScenarios } from './stock.mjs';
import { searchBench } from './search.mjs';
import { freePort, throwawayShopEnv } from './shop-env.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(ROOT, 'backend', 'package.json'));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ENGINE = process.env.GREENCART_EMBEDDED ?? 'ferretdb';
const SELLER = { email: 'seller@bench.local', password: `bench-${randomBytes(8).toString('hex')}` };
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
const JWT_SECRET = randomBytes(24).toString('hex');
const ACCEPT = { 'accept-encoding': 'br, gzip' };

const rows = [];
const notes = [];
let dataDir;
let app;

function log(message) {
  console.log(`[bench] ${message}`);
}

function row(scenario, figures, extra = {}) {
  const entry = { scenario, ...figures, ...extra };
  rows.push(entry);
  const ratio = entry.ratio !== undefined ? `, ${entry.ratio.toFixed(2)}× raw` : '';
  log(
    `${scenario}: ${entry.requests} requests, ${entry.errors} errors, p50 ${fmt(entry.p50)} / p95 ${fmt(entry.p95)} / p99 ${fmt(entry.p99)} ms, ${entry.rps.toFixed(0)}/s${ratio}`,
  );
  return entry;
}

const fmt = (n) => (Number.isFinite(n) ? n.toFixed(1) : '–');

// ---------------------------------------------------------------------------------------------
// Processes: the database for seeding, the shop, the raw baseline.

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

/** The embedded database on the bench's folder, for seeding while the shop is stopped. */
async function withDatabase(work) {
  process.env.GREENCART_EMBEDDED = ENGINE;
  const { startEmbeddedDatabase } = require('./dist/database/embedded-database.js');
  const database = await startEmbeddedDatabase({ dataDir, log: () => undefined });
  try {
    return await work(`${database.uri}greencart`);
  } finally {
    await database.stop();
  }
}

function appEnv(extra = {}) {
  return throwawayShopEnv({ dataDir, seller: SELLER, PORT: '0', GREENCART_EMBEDDED: ENGINE, JWT_SECRET, ...extra });
}

/** Starts `node backend/dist/main.js` (what `npm start` runs after its build); resolves once it answers, with the time that took. */
async function startApp(extra = {}, { expectProducts } = {}) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [join(ROOT, 'backend', 'dist', 'main.js')], {
    cwd: ROOT,
    env: appEnv({ ...extra, PORT: String(port) }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited (${child.exitCode}):\n${output.slice(-3000)}`);
    const res = await send(undefined, base, { path: '/api/products?limit=1' }).catch(() => ({ status: 0 }));
    if (res.status === 200) {
      const total = JSON.parse(res.body.toString()).total;
      if (expectProducts === undefined || total >= expectProducts) break;
    }
    if (performance.now() - started > 120_000) throw new Error(`the shop did not answer within 120 s:\n${output.slice(-3000)}`);
    await sleep(25);
  }
  app = { child, base, output: () => output };
  return { base, seconds: (performance.now() - started) / 1000 };
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

/** A raw node:http server sending `body` with `headers`, in its own process. */
async function startRaw(body, headers) {
  const file = join(dataDir, `raw-${randomBytes(4).toString('hex')}.bin`);
  writeFileSync(file, body);
  const child = spawn(process.execPath, [join(ROOT, 'bench', 'raw-server.mjs'), JSON.stringify({ file, headers })], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (d) => resolve(Number(String(d).trim())));
    child.once('exit', (code) => reject(new Error(`raw server exited ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Seeding.

function seedProducts(uri, count) {
  const result = spawnSync(process.execPath, [join(ROOT, 'backend', 'dist', 'products', 'seed', 'seed-large.js'), `--uri=${uri}`, `--count=${count}`], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error('seed:large failed');
}

/**
 * Adds `count` orders of `shoppers` other shoppers straight to the database, in the app's own format:
 * the order documents and their places in the seller's and each shopper's order list (see
 * backend/src/orders/order-lists.ts). Placing them through the API would take minutes.
 */
async function seedOrders(uri, count, shoppers, product) {
  const { MongoClient, ObjectId } = require('mongodb');
  const client = await MongoClient.connect(uri);
  try {
    const db = client.db();
    const orders = db.collection('orders');
    const lists = db.collection('order_lists');
    const already = await orders.countDocuments();
    const users = Array.from({ length: shoppers }, () => new ObjectId());
    const perShopper = new Map();
    const start = Date.now() - count * 1000;
    const BATCH = 1000;
    for (let from = 0; from < count; from += BATCH) {
      const docs = [];
      const entries = [];
      for (let i = from; i < Math.min(count, from + BATCH); i++) {
        const user = users[i % users.length];
        const at = new Date(start + i * 1000);
        const _id = new ObjectId();
        const offerPricePaise = Math.round(product.offerPrice * 100);
        const tax = Math.floor((offerPricePaise * 2) / 100);
        docs.push({
          _id,
          user,
          items: [
            {
              product: new ObjectId(product._id),
              quantity: 1,
              name: product.name,
              category: product.category,
              image: product.image[0] ?? '',
              offerPrice: product.offerPrice,
              offerPricePaise,
            },
          ],
          address: { _id: new ObjectId(), ...ADDRESS },
          amount: (offerPricePaise + tax) / 100,
          amountPaise: offerPricePaise + tax,
          subtotalPaise: offerPricePaise,
          taxPaise: tax,
          paymentType: 'COD',
          paymentStatus: 'pending',
          isPaid: false,
          status: 'Order Placed',
          statusHistory: [{ status: 'Order Placed', at }],
          idempotencyKey: `bench-${i}`,
          requestHash: 'bench',
          createdAt: at,
          updatedAt: at,
        });
        const place = perShopper.get(String(user)) ?? 0;
        perShopper.set(String(user), place + 1);
        entries.push({ _id: `seller#${already + i}`, order: _id }, { _id: `shopper:${user}#${place}`, order: _id });
      }
      await orders.insertMany(docs, { ordered: false });
      await lists.insertMany(entries, { ordered: false });
    }
    return await orders.countDocuments();
  } finally {
    await client.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Scenarios.

async function catalogueList(label, base) {
  // The steady state: after the shop's start-up work (its catalogue read from the database behind the copy it started from).
  await startupDone(base);
  const sample = await send(undefined, base, { path: '/api/productList', headers: ACCEPT });
  if (sample.status !== 200) throw new Error(`/api/productList answered ${sample.status}`);
  const headers = { 'content-type': sample.headers['content-type'], etag: sample.headers.etag, vary: 'Accept-Encoding' };
  if (sample.headers['content-encoding']) headers['content-encoding'] = sample.headers['content-encoding'];
  const raw = await startRaw(sample.body, headers);
  try {
    const request = () => ({ path: '/api/productList', headers: ACCEPT });
    const shop = await load({ base, connections: 20, seconds: SECONDS, next: request });
    const baseline = await load({ base: raw.base, connections: 20, seconds: SECONDS, next: request });
    const size = `${(sample.body.length / 1024).toFixed(1)} KB ${sample.headers['content-encoding'] ?? 'identity'}`;
    row(`GET /api/productList, ${label} (${size}), 20 conn`, shop, { ratio: shop.rps / baseline.rps, target: '≥ 0.5× raw' });
    row(`  raw node:http, same bytes`, baseline);
  } finally {
    raw.stop();
  }
}

async function catalogueQueries(base) {
  const first = JSON.parse((await send(undefined, base, { path: '/api/products?limit=100' })).body.toString());
  const words = new Map();
  for (const p of first.products) for (const w of p.name.toLowerCase().split(/[^a-z]+/)) if (w.length >= 4) words.set(w, (words.get(w) ?? 0) + 1);
  const terms = [...words.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([w]) => w);
  const categories = ['Vegetables', 'fruits', 'DRINKS', 'instant', 'Dairy', 'bakery', 'grains'];
  const pages = first.totalPages * 5; // pages of 20
  const scenarios = [
    ['GET /api/products?search=…', (i) => `/api/products?search=${encodeURIComponent(terms[i % terms.length])}&page=${1 + (i % 3)}`],
    ['GET /api/products?category=…', (i) => `/api/products?category=${categories[i % categories.length]}&page=${1 + (i % 5)}`],
    ['GET /api/products?page=N', (i) => `/api/products?page=${1 + ((i * 7919) % pages)}`],
  ];
  for (const [name, path] of scenarios) {
    const figures = await load({ base, connections: 20, seconds: SECONDS, next: (i) => ({ path: path(i), headers: ACCEPT }) });
    row(`${name}, 10,000 products, 20 conn`, figures, { target: 'p95 ≤ 20 ms' });
  }
}

const register = (base, name) => registerShopper(base, name, ADDRESS);
const sellerCookie = (base) => signInSeller(base, SELLER);

async function inStockProduct(base) {
  const res = JSON.parse((await send(undefined, base, { path: '/api/products?inStock=true&limit=1' })).body.toString());
  return res.products[0];
}

/** What the ordering scenarios need of a running shop: a product in stock, the seller signed in, and 50 shoppers with an address each. */
async function orderingSetUp(base) {
  const product = await inStockProduct(base);
  const seller = await sellerCookie(base);
  log('registering 50 shoppers…');
  const shoppers = [];
  for (let i = 0; i < 50; i++) shoppers.push(await register(base, `shopper${i}`));
  return { product, seller, shoppers };
}

/** The shop started on the demo catalogue (with `env`), ready for ordering scenarios. */
async function demoShop(env = {}) {
  const { base } = await startApp({ SEED_DEMO: 'true', ...env }, { expectProducts: 45 });
  return { base, ...(await orderingSetUp(base)) };
}

/** The list's total, or NaN when it does not answer (counted in the figures, never aborting the run). */
async function listTotal(base, cookie, path) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const res = await send(undefined, base, { path: `${path}?limit=1`, headers: { cookie } });
    if (res.status === 200) return JSON.parse(res.body.toString()).total;
    await sleep(1_000);
  }
  notes.push(`${path} did not answer 200 when counting orders`);
  return NaN;
}

/** 50 shoppers placing COD orders (each its own Idempotency-Key); checks none is lost or doubled. */
async function placeOrders(label, base, shoppers, product, seller) {
  const order = (i) => {
    const who = i % shoppers.length;
    return {
      method: 'POST',
      path: '/api/placeorders',
      who,
      headers: { cookie: shoppers[who].cookie, 'idempotency-key': randomUUID() },
      body: { address: shoppers[who].address, items: [{ product: product._id, quantity: 1 + (i % 3) }] },
    };
  };
  // Warm-up, as every scenario has: the same shoppers order for a second first, on an instance that has
  // placed no order since it started (its order path not yet compiled, its lists not yet read). Its
  // figures are printed too; the counts below start after it, so lost / doubled cover every measured order.
  const warmup = await load({ base, connections: shoppers.length, seconds: 1, warmupSeconds: 0, next: order, ok: (r) => r.status === 201 });
  const before = await Promise.all(shoppers.map((s) => listTotal(base, s.cookie, '/api/getorder/user')));
  const sellerBefore = await listTotal(base, seller, '/api/getorder/admin/seller');
  const placed = new Map(shoppers.map((_, i) => [i, []]));
  const figures = await load({
    base,
    connections: shoppers.length,
    // Twice as long as the reads: the rate of orders is compared between two runs a minute apart.
    seconds: 2 * SECONDS,
    warmupSeconds: 0,
    next: order,
    ok: (r) => r.status === 201,
    onResult: (r) => r.status === 201 && placed.get(r.request.who).push(JSON.parse(r.body.toString()).order._id),
  });
  const ids = [...placed.values()].flat();
  const after = await Promise.all(shoppers.map((s) => listTotal(base, s.cookie, '/api/getorder/user')));
  const sellerAfter = await listTotal(base, seller, '/api/getorder/admin/seller');
  const lost = shoppers.reduce((n, _, i) => n + Math.max(0, placed.get(i).length - (after[i] - before[i])), 0);
  const doubled = new Set(ids).size !== ids.length ? ids.length - new Set(ids).size : 0;
  const extra = shoppers.reduce((n, _, i) => n + Math.max(0, after[i] - before[i] - placed.get(i).length), 0);
  const sellerGap = sellerAfter - sellerBefore - ids.length;
  const measured = row(`POST /api/placeorders (COD), ${label}, 50 shoppers`, figures, {
    lost,
    duplicated: doubled + extra,
    sellerListGap: sellerGap,
    target: label.startsWith('10,000') ? 'rate ≥ 0.8× rate at 0; p99 ≤ 1 s; 0 lost or duplicated' : 'p99 ≤ 1 s; 0 lost or duplicated',
  });
  row(`  its 1 s warm-up before, the instance's first orders since it started`, warmup, { target: '–' });
  return { figures, row: measured };
}

async function orderReads(label, base, shopper, seller) {
  const mine = await load({
    base,
    connections: 20,
    seconds: SECONDS,
    next: () => ({ path: '/api/getorder/user', headers: { cookie: shopper.cookie, ...ACCEPT } }),
  });
  const total = await listTotal(base, shopper.cookie, '/api/getorder/user');
  row(`GET /api/getorder/user (${total} orders), ${label}, 20 conn`, mine, { target: 'p95 ≤ 50 ms' });
  const page = await load({
    base,
    connections: 20,
    seconds: SECONDS,
    next: () => ({ path: '/api/getorder/admin/seller?page=1', headers: { cookie: seller, ...ACCEPT } }),
  });
  row(`GET /api/getorder/admin/seller page 1, ${label}, 20 conn`, page, { target: 'p95 ≤ 100 ms' });
}

// ---------------------------------------------------------------------------------------------

/** The shop with 10,000 products, as in the whole run: started once (it reads the database and saves its copy), then again from the copy. */
async function tenThousandProducts() {
  await startApp({ SEED_DEMO: 'true' }, { expectProducts: 45 });
  await stopApp();
  await withDatabase((uri) => seedProducts(uri, 10_000 - 45));
  await startApp({}, { expectProducts: 10_000 });
  await sleep(1_500);
  await stopApp();
  return (await startApp({}, { expectProducts: 10_000 })).base;
}

/** `--search`: search at 10,000 products, prepared answers and every request a new query (issue 44). */
async function searchOnly() {
  await searchBench({ base: await tenThousandProducts(), row, seconds: SECONDS, log });
  await stopApp();
}

/** `--catalogue`: the catalogue list at 10,000 products, alone and while 50 shoppers order. */
async function catalogueOnly() {
  const base = await tenThousandProducts();
  await catalogueList('10,000 products', base);
  const { product, seller, shoppers } = await orderingSetUp(base);
  const others = JSON.parse((await send(undefined, base, { path: '/api/products?inStock=true&limit=3&page=2' })).body.toString()).products;
  await countedStockScenarios({ base, shoppers, seller, products: [product, ...others], seconds: SECONDS, row, startRaw });
  await stopApp();
}

async function main() {
  const began = performance.now();
  build();
  dataDir = mkdtempSync(join(os.tmpdir(), 'greencart-bench-'));
  log(`data folder ${dataDir} (${ENGINE}); ${SECONDS} s per scenario`);
  if (process.argv.includes('--coupons')) {
    // Coupons alone (issue 40).
    const { base, product, seller, shoppers } = await demoShop();
    await couponScenarios({ base, shoppers, seller, product, seconds: SECONDS, row });
    await stopApp();
    save(began);
    return;
  }
  if (process.argv.includes('--adjust')) {
    // Packing changes alone (issue 39), paid through the Razorpay stand-in.
    const rzp = await startFakeRazorpay({ port: 0 });
    const razorpay = { RAZORPAY_KEY_ID: FAKE_RAZORPAY_KEYS.keyId, RAZORPAY_KEY_SECRET: FAKE_RAZORPAY_KEYS.keySecret, RAZORPAY_API_URL: rzp.url };
    const { base, product, seller, shoppers } = await demoShop(razorpay);
    await packingScenarios({ base, shoppers, seller, product, seconds: SECONDS, row, rzpUrl: rzp.url, rzpKey: FAKE_RAZORPAY_KEYS.keyId });
    await stopApp();
    rzp.server.close();
    save(began);
    return;
  }
  if (process.argv.includes('--slots')) {
    // Delivery slots alone (issue 41), then 10,000 orders stored.
    const { base, product, seller, shoppers } = await demoShop();
    const storeOrders = async () => {
      await stopApp();
      const stored = await withDatabase(async (uri) => {
        const { MongoClient } = require('mongodb');
        const client = await MongoClient.connect(uri);
        const existing = await client.db().collection('orders').countDocuments();
        await client.close();
        return seedOrders(uri, Math.max(0, 10_000 - existing), 500, product);
      });
      const { base: later } = await startApp({}, { expectProducts: 45 });
      // Its start-up work over 10,000 orders first (as the other scenarios at 10,000 orders wait).
      await startupDone(later);
      return { base: later, stored };
    };
    await slotScenarios({ base, shoppers, seller, product, seconds: SECONDS, row, storeOrders });
    await stopApp();
    save(began);
    return;
  }
  if (process.argv.includes('--staff')) {
    // Staff (issue 42): seller routes as the owner and as a packer, then the activity log at 100,000 entries.
    let { base } = await startApp({ SEED_DEMO: 'true' }, { expectProducts: 45 });
    await roleCheckScenarios({ base, seller: await sellerCookie(base), seconds: SECONDS, row });
    await stopApp();
    const { MongoClient } = require('mongodb');
    log('writing 100,000 activity entries…');
    await withDatabase((uri) => seedActivity(uri, 100_000, MongoClient));
    ({ base } = await startApp({}, { expectProducts: 45 }));
    await activityScenarios({ base, seller: await sellerCookie(base), seconds: SECONDS, row, count: 100_000 });
    await stopApp();
    save(began);
    return;
  }
  if (process.argv.includes('--search')) {
    await searchOnly();
    save(began);
    return;
  }
  if (process.argv.includes('--catalogue')) {
    await catalogueOnly();
    save(began);
    return;
  }
  if (process.argv.includes('--quiet-page')) {
    // Loaded only here: it drives Chromium through Playwright.
    const { quietPageBench } = await import('./quiet-page.mjs');
    const figures = await quietPageBench({ log });
    notes.push(
      `An open product page sent ${figures.quietRequests} /api requests in a quiet ${figures.quietSeconds} s (target ≤ 2); a stock change showed on it ${figures.stockShownMs.toFixed(0)} ms after the seller's request`,
    );
    save(began);
    return;
  }

  // 45 demo products: the shop seeds them itself on its first start.
  let { base } = await startApp({ SEED_DEMO: 'true' }, { expectProducts: 45 });
  await catalogueList('45 products', base);
  await stopApp();

  await withDatabase((uri) => seedProducts(uri, 1000 - 45));
  ({ base } = await startApp({}, { expectProducts: 1000 }));
  await catalogueList('1,000 products', base);
  await stopApp();

  await withDatabase((uri) => seedProducts(uri, 10_000 - 1000));
  // The first start after seed:large reads the 10,000 products from the database (its copy of the
  // catalogue is from the 1,000-product run). Stopped and started again, it answers from its copy, as
  // a shop restarting after a crash does.
  const first = await startApp({}, { expectProducts: 10_000 });
  row(
    'first start after 9,000 products were added around it: to the 10,000 products',
    { requests: 1, errors: 0, p50: first.seconds * 1000, p95: NaN, p99: NaN, rps: NaN },
    { target: '–' },
  );
  await sleep(1_500); // its copy of the catalogue is saved a second after loading
  await stopApp();
  const cold = await startApp({}, { expectProducts: 10_000 });
  base = cold.base;
  row(
    'cold start: node backend/dist/main.js to first answer, 10,000 products',
    { requests: 1, errors: 0, p50: cold.seconds * 1000, p95: NaN, p99: NaN, rps: NaN },
    { target: '≤ 5 s' },
  );
  await catalogueList('10,000 products', base);
  await catalogueQueries(base);
  await searchBench({ base, row, seconds: SECONDS, log });

  const { product, seller, shoppers } = await orderingSetUp(base);
  const atZero = await placeOrders('0 orders stored', base, shoppers, product, seller);
  const others = JSON.parse((await send(undefined, base, { path: '/api/products?inStock=true&limit=3&page=2' })).body.toString()).products;
  await countedStockScenarios({ base, shoppers, seller, products: [product, ...others], seconds: SECONDS, row, startRaw });
  await packSizeScenarios({ base, shoppers, seller, seconds: SECONDS, row });
  await couponScenarios({ base, shoppers, seller, product, seconds: SECONDS, row });

  // A shopper with exactly 20 orders, then 10,000 orders of other shoppers around them.
  const reader = await register(base, 'reader');
  for (let i = 0; i < 20; i++) {
    const res = await send(undefined, base, {
      method: 'POST',
      path: '/api/placeorders',
      headers: { cookie: reader.cookie, 'idempotency-key': randomUUID() },
      body: { address: reader.address, items: [{ product: product._id, quantity: 1 }] },
    });
    if (res.status !== 201) throw new Error(`placing the reader's order answered ${res.status}`);
  }
  await stopApp();
  const stored = await withDatabase(async (uri) => {
    const { MongoClient } = require('mongodb');
    const client = await MongoClient.connect(uri);
    const existing = await client.db().collection('orders').countDocuments();
    await client.close();
    return seedOrders(uri, Math.max(0, 10_000 - existing), 500, product);
  });
  log(`${stored} orders stored`);
  ({ base } = await startApp({}, { expectProducts: 10_000 }));
  await orderReads(`${stored.toLocaleString('en')} stored`, base, reader, await sellerCookie(base));
  const atTenK = await placeOrders('10,000 orders stored', base, shoppers, product, await sellerCookie(base));
  atTenK.row.ratio = atTenK.figures.rps / atZero.figures.rps;
  await stopApp();
  // Database commands per COD order beside orders/s: its own small shop, through a counting proxy.
  log('counting database commands per order…');
  await orderCommandsBench({ seconds: SECONDS, log, row, build: false });
  save(began);
  // The seller's figures and CSV export at 10,000 and 100,000 orders (issue 23): own data folder and table; BENCH_STATS=0 skips it.
  if (process.env.BENCH_STATS !== '0') await (await import('./stats.mjs')).runStatsBench({ build: false });
  // The month's GSTR-1 at 30,000 invoices and 1,000 credit notes (issue 54): own data folder and table; BENCH_GSTR1=0 skips it.
  if (process.env.BENCH_GSTR1 !== '0') await (await import('./gstr1.mjs')).runGstr1Bench({ build: false });
}

/** Prints the table and saves it, with the machine's details, in bench/results/. */
function save(began) {
  const seconds = (performance.now() - began) / 1000;
  const table = printTable();
  const file = join(ROOT, 'bench', 'results', `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    JSON.stringify(
      {
        when: new Date().toISOString(),
        seconds,
        engine: ENGINE,
        secondsPerScenario: SECONDS,
        machine: {
          cpus: os.cpus().length,
          model: os.cpus()[0]?.model,
          memoryGB: Math.round(os.totalmem() / 2 ** 30),
          node: process.version,
          load: os.loadavg(),
        },
        rows,
        notes,
        table,
      },
      null,
      2,
    ),
  );
  writeFileSync(file.replace(/\.json$/, '.md'), `${table}\n`);
  console.log(`\nBench took ${seconds.toFixed(0)} s. Saved ${file} (and .md)`);
}

function printTable() {
  const header = ['scenario', 'requests', 'errors', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s', 'ratio', 'checks', 'target'];
  const lines = rows.map((r) => [
    r.scenario,
    String(r.requests),
    String(r.errors),
    fmt(r.p50),
    fmt(r.p95),
    fmt(r.p99),
    Number.isFinite(r.rps) ? r.rps.toFixed(0) : '–',
    r.ratio !== undefined ? `${r.ratio.toFixed(2)}×` : '',
    r.lost !== undefined ? `lost ${r.lost}, dup ${r.duplicated}, seller list ${r.sellerListGap >= 0 ? '+' : ''}${r.sellerListGap}` : (r.checks ?? ''),
    r.target ?? '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells) => `| ${cells.map((c, i) => (i === 0 || i >= 8 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  const out = [
    format(header),
    `|${widths.map((w, i) => (i === 0 || i >= 8 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
    ...lines.map(format),
  ].join('\n');
  console.log(`\n${out}`);
  return out;
}

main()
  .catch(async (error) => {
    console.error(`bench failed: ${error.stack ?? error.message}`);
    if (app) console.error(app.output().slice(-2000));
    process.exitCode = 1;
  })
  .finally(async () => {
    await stopApp().catch(() => undefined);
    if (dataDir && process.env.BENCH_KEEP_DATA !== '1') rmSync(dataDir, { recursive: true, force: true });
  });
