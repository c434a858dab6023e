#!/usr/bin/env node
// What each speed-only FerretDB patch (backend/ferretdb-patches) is worth: the same workload on our build
// and on our build without that one patch, alternately, each on a fresh throwaway database.
//
//   node bench/ferretdb-patches.mjs [--seconds=10] [--rounds=3] [--docs=20000]
//        [--only=0001|0003] [--writers=50] [--order-kb=4] [--indexes=3]
//
// Builds the missing binaries first (.data/bin, once each: about a minute of CPU apiece), then runs
// rounds × 2 builds × 2 workloads of `seconds` each (about 3 minutes); it stops by itself. Loopback only.
//   - look-ups by _id (0001-id-lookups-use-id-index): `docs` documents, then 4 clients reading one by
//     _id and 4 updating one by _id, over and over;
//   - concurrent writes (0003-write-turns): `writers` clients each inserting an order of `order-kb` KB
//     into a collection with `indexes` secondary indexes, then updating it by _id, over and over (as
//     shoppers placing orders do).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(ROOT, 'backend', 'package.json'));
require(join(ROOT, 'backend', 'test', 'support', 'swc-require-hook.cjs'));
const { buildFerret, ferretBinaryPath, ferretPatches } = require(join(ROOT, 'backend', 'src', 'database', 'ferretdb-binary.ts'));
const { startFerret } = require(join(ROOT, 'backend', 'src', 'database', 'ferretdb-server.ts'));
const { MongoClient } = require('mongodb');

const option = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const SECONDS = option('seconds', 10);
const ROUNDS = option('rounds', 3);
const DOCS = option('docs', 20_000);
const WRITERS = option('writers', 50);
const ORDER_KB = option('order-kb', 4);
const INDEXES = option('indexes', 3);
const ONLY = process.argv.find((a) => a.startsWith('--only='))?.split('=')[1];
const log = (m) => console.error(m);

const all = ferretPatches();
const without = (prefix) => all.filter((p) => !p.name.startsWith(prefix));
const binary = (patches) => {
  const path = ferretBinaryPath(patches);
  return existsSync(path) ? path : buildFerret(log, patches);
};

const workloads = [
  { patch: '0001', name: `look-ups by _id, ${DOCS.toLocaleString('en')} documents`, run: idLookups },
  { patch: '0003', name: `concurrent writes, ${WRITERS} clients, ${ORDER_KB} KB, ${INDEXES} indexes`, run: concurrentWrites },
].filter((w) => !ONLY || w.patch === ONLY);

const results = [];
for (const workload of workloads) {
  const builds = { patched: binary(all), [`without ${workload.patch}`]: binary(without(workload.patch)) };
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [build, path] of Object.entries(builds)) {
      const result = await onFreshFerret(path, workload.run);
      results.push({ workload: workload.name, build, round, ...result });
      log(`${workload.name} | ${build} | round ${round}: ${describe(result)}`);
    }
  }
}

console.log('\n| workload | build | round | operations/s | p50 ms | p99 ms | failed |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const r of results)
  console.log(`| ${r.workload} | ${r.build} | ${r.round} | ${r.rate.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.failed} |`);
for (const workload of workloads) {
  const runs = (build) => results.filter((r) => r.workload === workload.name && r.build === build);
  const [ours, other] = [runs('patched'), runs(`without ${workload.patch}`)];
  const rounds = ours.map((r, i) => `${(r.rate / other[i].rate).toFixed(2)}×`).join(', ');
  const p99 = (list) => `${mean(list.map((r) => r.p99)).toFixed(0)} ms`;
  console.log(
    `\n${workload.name}: our build ${(mean(ours.map((r) => r.rate)) / mean(other.map((r) => r.rate))).toFixed(2)}× the rate without ` +
      `${workload.patch} (rounds: ${rounds}); p99 ${p99(ours)} against ${p99(other)}`,
  );
}

async function onFreshFerret(path, work) {
  const dir = mkdtempSync(join(tmpdir(), 'greencart-ferret-bench-'));
  const database = await startFerret(dir, () => undefined, path);
  const client = await MongoClient.connect(database.uri, { maxPoolSize: 100 });
  try {
    return await work(client.db('bench'));
  } finally {
    await client.close(true);
    await database.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function idLookups(db) {
  const items = db.collection('items');
  const pad = 'x'.repeat(200);
  for (let i = 0; i < DOCS; i += 1_000) {
    await items.insertMany(Array.from({ length: Math.min(1_000, DOCS - i) }, (_, j) => ({ _id: `i${i + j}`, n: 0, pad })));
  }
  const some = () => `i${Math.floor(Math.random() * DOCS)}`;
  return forSeconds([
    ...Array.from({ length: 4 }, () => () => items.findOne({ _id: some() })),
    ...Array.from({ length: 4 }, () => () => items.updateOne({ _id: some() }, { $inc: { n: 1 } })),
  ]);
}

async function concurrentWrites(db) {
  const orders = db.collection('orders');
  for (let i = 0; i < INDEXES; i++) await orders.createIndex({ [`f${i}`]: 1 });
  const note = 'x'.repeat(ORDER_KB * 1024);
  let next = 0;
  return forSeconds(
    Array.from({ length: WRITERS }, () => async () => {
      const _id = `o${next++}`;
      const fields = Object.fromEntries(Array.from({ length: INDEXES }, (_, i) => [`f${i}`, `${_id}-${i}`]));
      await orders.insertOne({ _id, state: 'placed', lines: [{ sku: 'atta-5kg', count: 2 }], total: 49_900, note, ...fields });
      await orders.updateOne({ _id }, { $set: { state: 'paid' } });
    }),
  );
}

/** Runs each loop over and over for SECONDS; the rate counts finished operations (a loop's turn). */
async function forSeconds(loops) {
  const latencies = [];
  let failed = 0;
  const started = performance.now();
  const end = started + SECONDS * 1000;
  await Promise.all(
    loops.map(async (operation) => {
      while (performance.now() < end) {
        const t = performance.now();
        try {
          await operation();
          latencies.push(performance.now() - t);
        } catch {
          failed++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { rate: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), failed };
}

function describe(r) {
  return `${r.rate.toFixed(0)} operations/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.failed} failed`;
}

function mean(values) {
  return values.reduce((a, b) => a + b, 0) / values.length;
}
