#!/usr/bin/env node
/**
 * Catalogue import (issue 38), alone: `node bench/catalogue-import.mjs` after `npm run build:backend`.
 *
 * Starts a throwaway shop (`node backend/dist/main.js` on a fresh embedded FerretDB in a temporary
 * folder), gives it a catalogue of 1,667 products × 3 pack sizes by one import (setup), then measures:
 *   1. the dry run of a 5,000-row file of 1,667 new products × 3 sizes (4,998 + 2 rows) — target ≤ 5 s;
 *   2. the import of that file (the answer, then applying it in the background, no pictures) — ≤ 20 s;
 *   3. GET /api/productList p99 while that import runs against its p99 just before, 8 connections
 *      each time, in the same run — target ≤ 3×;
 * and, as figures without a target, the dry run and import of 5,000 rows changing the prices of the
 * products the shop has (updates), and the same file again (all unchanged).
 * Figures only: nothing here asserts anything.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load, send, signInSeller, startupDone } from './load.mjs';
import { throwawayShopEnv } from './shop-env.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SELLER = { email: 'seller@bench.local', password: `bench-${randomBytes(8).toString('hex')}` };
const ACCEPT = { 'accept-encoding': 'br, gzip' };
const CONNECTIONS = 8;
const BEFORE_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const COLUMNS = 'sku,barcode,name,category,description,pack_size,size_amount,size_unit,price,offer_price,stock,in_stock,images,product_id,variant_id';
const CATEGORIES = ['Vegetables', 'Fruits', 'Drinks', 'Instant', 'Dairy', 'Bakery', 'Grains'];
const SIZES = [
  ['500 g', 500, 'g', 1],
  ['1 kg', 1, 'kg', 1.9],
  ['5 kg', 5, 'kg', 9],
];

const log = (message) => console.log(`[catalogue-import] ${message}`);
const fmt = (n) => (Number.isFinite(n) ? n.toFixed(1) : '–');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** 5,000 rows: `prefix` products × 3 sizes (the last product 2), prices raised by `raise` rupees. */
function catalogueCsv(prefix, raise = 0) {
  const rows = [COLUMNS];
  for (let p = 0; rows.length <= 5_000; p++) {
    for (const [label, amount, unit, factor] of SIZES) {
      if (rows.length > 5_000) break;
      const price = Math.round(40 * factor + (p % 50)) + raise;
      rows.push(
        [
          `${prefix}-${p}-${amount}${unit}`,
          '',
          `"${prefix} Product ${p}"`,
          CATEGORIES[p % CATEGORIES.length],
          `"Fresh stock | Lot ${p % 97}"`,
          `"${label}"`,
          amount,
          unit,
          `${price}.00`,
          `${price - 2}.50`,
          p % 3 === 0 ? '' : 10 + (p % 40),
          'yes',
          '',
          '',
          '',
        ].join(','),
      );
    }
  }
  return Buffer.from(`\uFEFF${rows.join('\r\n')}\r\n`);
}

/** A multipart body with the CSV under `file`. */
function multipart(csv) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="catalogue.csv"\r\nContent-Type: text/csv\r\n\r\n`);
  return { body: Buffer.concat([head, csv, Buffer.from(`\r\n--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
}

/** POST /api/seller/products/import with the CSV: its status and JSON answer. */
function postImport(base, cookie, csv, dryRun) {
  const { body, type } = multipart(csv);
  const url = new URL(`/api/seller/products/import${dryRun ? '?dryRun=true' : ''}`, base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: url.pathname + url.search,
        headers: { cookie, 'content-type': type, 'content-length': body.length },
      },
      (res) => {
        const parts = [];
        res.on('data', (part) => parts.push(part));
        res.on('end', () => {
          const text = Buffer.concat(parts).toString();
          resolve({ status: res.statusCode, body: text, json: JSON.parse(text || '{}') });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Polls the import until it is done; its last progress and when it ended. */
async function importDone(base, cookie, id) {
  for (;;) {
    const res = await send(undefined, base, { path: `/api/seller/products/import/${id}`, headers: { cookie } });
    const progress = JSON.parse(res.body.toString());
    if (progress.state === 'done' || progress.state === 'failed') return { progress, at: performance.now() };
    await sleep(50);
  }
}

/** Dry run, then the import for real while `during` loads the shop; the figures. */
async function measureImport(base, cookie, csv, label, during) {
  let started = performance.now();
  const check = await postImport(base, cookie, csv, true);
  const dryMs = performance.now() - started;
  if (check.status !== 200) throw new Error(`dry run answered ${check.status}: ${check.body}`);
  log(
    `${label}: dry run ${(dryMs / 1000).toFixed(2)} s (create ${check.json.create}, update ${check.json.update}, unchanged ${check.json.unchanged}, ${check.json.errors.length} errors)`,
  );
  let finished = false;
  const loading = during?.(() => finished);
  started = performance.now();
  const accepted = await postImport(base, cookie, csv, false);
  const answerMs = performance.now() - started;
  if (accepted.status !== 202) throw new Error(`import answered ${accepted.status}: ${accepted.body}`);
  const { progress, at } = await importDone(base, cookie, accepted.json.importId);
  finished = true;
  const applyMs = at - started;
  log(
    `${label}: import ${(applyMs / 1000).toFixed(2)} s from POST to done (answer 202 after ${(answerMs / 1000).toFixed(2)} s), ${progress.state}, ${progress.done}/${progress.total} rows`,
  );
  return { dryMs, answerMs, applyMs, during: await loading };
}

const listLoad = (base, seconds, stop) =>
  load({ base, connections: CONNECTIONS, seconds, warmupSeconds: 0, next: () => (stop?.() ? undefined : { path: '/api/productList', headers: ACCEPT }) });

function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function main() {
  if (!existsSync(join(ROOT, 'backend', 'dist', 'main.js'))) throw new Error('backend/dist/main.js missing: run `npm run build:backend` first');
  const dataDir = mkdtempSync(join(os.tmpdir(), 'greencart-import-bench-'));
  const port = await freePort();
  const env = throwawayShopEnv({ dataDir, seller: SELLER, PORT: String(port), GREENCART_EMBEDDED: process.env.GREENCART_EMBEDDED ?? 'ferretdb' });
  const child = spawn(process.execPath, [join(ROOT, 'backend', 'dist', 'main.js')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let waited = 0; ; waited += 100) {
      if (child.exitCode !== null) throw new Error(`the shop exited (${child.exitCode}):\n${output.slice(-3000)}`);
      if ((await send(undefined, base, { path: '/api/health' }).catch(() => ({ status: 0 }))).status === 200) break;
      if (waited > 120_000) throw new Error(`the shop did not answer within 120 s:\n${output.slice(-3000)}`);
      await sleep(100);
    }
    await startupDone(base);
    const cookie = await signInSeller(base, SELLER);
    log(`shop on ${base}, data in ${dataDir} (${env.GREENCART_EMBEDDED}), ${os.cpus().length} cores`);

    // Setup: a catalogue the size of the one imported, so that "before" serves a list of that size.
    await measureImport(base, cookie, catalogueCsv('Stocked'), 'setup, 1,667 products × 3');
    await startupDone(base);

    const before = await listLoad(base, BEFORE_SECONDS);
    const measured = await measureImport(base, cookie, catalogueCsv('Imported'), '5,000 new rows (1,667 products × 3, no pictures)', (stop) =>
      listLoad(base, 600, stop),
    );
    const updates = await measureImport(base, cookie, catalogueCsv('Imported', 5), '5,000 rows changing the prices of 1,667 products');
    const again = await measureImport(base, cookie, catalogueCsv('Imported', 5), 'the same 5,000 rows again (all unchanged)');

    const during = measured.during;
    const table = [
      ['dry run, 5,000 new rows', `${(measured.dryMs / 1000).toFixed(2)} s`, '≤ 5 s'],
      [
        'import, 5,000 new rows (1,667 products × 3), POST to done',
        `${(measured.applyMs / 1000).toFixed(2)} s (202 after ${(measured.answerMs / 1000).toFixed(2)} s)`,
        '≤ 20 s',
      ],
      [`/api/productList p99 before (${before.requests} requests)`, `${fmt(before.p99)} ms (p50 ${fmt(before.p50)})`, ''],
      [
        `/api/productList p99 during the import (${during.requests} requests)`,
        `${fmt(during.p99)} ms (p50 ${fmt(during.p50)}), ${(during.p99 / before.p99).toFixed(2)}× before`,
        '≤ 3× before',
      ],
      ['dry run, 5,000 rows of price changes', `${(updates.dryMs / 1000).toFixed(2)} s`, '–'],
      ['import, 5,000 rows of price changes, POST to done', `${(updates.applyMs / 1000).toFixed(2)} s`, '–'],
      ['dry run / import of the same file again (0 changes)', `${(again.dryMs / 1000).toFixed(2)} s / ${(again.applyMs / 1000).toFixed(2)} s`, '–'],
    ];
    console.log('\n| figure | measured | target |\n| --- | --- | --- |');
    for (const [what, figure, target] of table) console.log(`| ${what} | ${figure} | ${target} |`);
    if (before.errors || during.errors)
      log(`errors: ${before.errors} before, ${during.errors} during (${[...before.statuses, ...during.statuses].join(', ')})`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => {
      const timer = setTimeout(() => (child.kill('SIGKILL'), resolve()), 10_000);
      child.once('exit', () => (clearTimeout(timer), resolve()));
    });
    if (process.env.BENCH_KEEP_DATA !== '1') rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
