#!/usr/bin/env node
/**
 * Catalogue benchmark: latency percentiles and throughput of the public catalogue endpoints
 * of a GreenCart that is already running (see bench/README.md). Starts nothing itself.
 *
 *   BASE_URL=http://localhost:3000 REQUESTS=200 CONCURRENCY=8 WARMUP=20 npm run bench
 *
 * Writes the figures to bench/results/catalogue-<time>.json (git-ignored) as well as printing them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';

const BASE_URL = (process.env.BASE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const REQUESTS = positive('REQUESTS', 200);
const CONCURRENCY = positive('CONCURRENCY', 8);
const WARMUP = Number(process.env.WARMUP ?? Math.min(20, REQUESTS));

function positive(name, fallback) {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
  return value;
}

async function getJson(path) {
  const res = await fetch(BASE_URL + path);
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** What to ask for: real ids, image URLs, a page range and search terms found in the catalogue. */
async function discover() {
  const first = await getJson('/api/products?limit=100');
  if (!first.total) throw new Error(`The catalogue at ${BASE_URL} is empty: seed it first (see bench/README.md).`);
  const sample = [...first.products];
  if (first.totalPages > 2) sample.push(...(await getJson(`/api/products?limit=100&page=${Math.ceil(first.totalPages / 2)}`)).products);
  const words = new Map();
  for (const p of sample) for (const word of p.name.toLowerCase().split(/[^a-z]+/)) if (word.length >= 4) words.set(word, (words.get(word) ?? 0) + 1);
  const terms = [...words.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([w]) => w);
  return {
    total: first.total,
    pages: Math.ceil(first.total / 20),
    ids: sample.map((p) => p._id),
    images: [...new Set(sample.flatMap((p) => p.image))],
    terms: terms.length ? terms : ['a'],
  };
}

function scenarios(c) {
  const categories = ['Vegetables', 'fruits', 'DRINKS', 'instant', 'Dairy', 'bakery', 'grains'];
  return [
    // Pages spread over the whole catalogue (deep pages cost more: skip).
    { name: 'GET /api/products?page=N', path: (i) => `/api/products?page=${1 + ((i * 7919) % c.pages)}` },
    { name: 'GET /api/products?search=…', path: (i) => `/api/products?search=${encodeURIComponent(c.terms[i % c.terms.length])}` },
    { name: 'GET /api/products?category=…', path: (i) => `/api/products?category=${categories[i % categories.length]}` },
    { name: 'GET /api/products/:id', path: (i) => `/api/products/${c.ids[i % c.ids.length]}` },
    { name: 'GET /api/images/:id/thumb', path: (i) => `${c.images[i % c.images.length]}/thumb`, skip: !c.images.length },
  ];
}

async function timeOne(path) {
  const started = performance.now();
  try {
    const res = await fetch(BASE_URL + path);
    const body = await res.arrayBuffer();
    return { ms: performance.now() - started, status: res.status, bytes: body.byteLength };
  } catch (error) {
    return { ms: performance.now() - started, status: 0, bytes: 0, error: error.message };
  }
}

/** `count` requests with at most `CONCURRENCY` in flight. */
async function run(path, count) {
  const results = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, count) }, async () => {
      while (next < count) results.push(await timeOne(path(next++)));
    }),
  );
  return { results, seconds: (performance.now() - started) / 1000 };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  console.log(`Benchmarking ${BASE_URL}: ${REQUESTS} requests per scenario, concurrency ${CONCURRENCY}`);
  const catalogue = await discover();
  console.log(`Catalogue: ${catalogue.total} products; search terms: ${catalogue.terms.join(', ')}\n`);
  const rows = [];
  for (const scenario of scenarios(catalogue)) {
    if (scenario.skip) continue;
    await run(scenario.path, WARMUP);
    const { results, seconds } = await run(scenario.path, REQUESTS);
    const ok = results.filter((r) => r.status === 200);
    const failures = results.filter((r) => r.status !== 200);
    const ms = ok.map((r) => r.ms).sort((a, b) => a - b);
    rows.push({
      scenario: scenario.name,
      requests: results.length,
      errors: failures.length,
      p50: ms.length ? percentile(ms, 50) : NaN,
      p95: ms.length ? percentile(ms, 95) : NaN,
      p99: ms.length ? percentile(ms, 99) : NaN,
      rps: results.length / seconds,
      kb: ok.length ? ok.reduce((n, r) => n + r.bytes, 0) / ok.length / 1024 : 0,
    });
    const statuses = [...new Set(failures.map((r) => r.status))];
    if (statuses.includes(429)) console.warn(`  ${scenario.name}: rate limited (429): start the app with a higher THROTTLE_LIMIT`);
    else if (failures.length) console.warn(`  ${scenario.name}: ${failures.length} failures (status ${statuses.join(', ')}) ${failures[0].error ?? ''}`);
  }
  printTable(rows);
  const file = join(dirname(fileURLToPath(import.meta.url)), 'results', `catalogue-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    JSON.stringify(
      {
        baseUrl: BASE_URL,
        requests: REQUESTS,
        concurrency: CONCURRENCY,
        products: catalogue.total,
        machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
        rows,
      },
      null,
      2,
    ),
  );
  console.log(`\nSaved ${file}`);
}

function printTable(rows) {
  const header = ['scenario', 'requests', 'errors', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s', 'avg KB'];
  const lines = rows.map((r) =>
    [r.scenario, r.requests, r.errors, r.p50.toFixed(1), r.p95.toFixed(1), r.p99.toFixed(1), r.rps.toFixed(0), r.kb.toFixed(1)].map(String),
  );
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  console.log(format(header));
  console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const line of lines) console.log(format(line));
}

main().catch((error) => {
  console.error(`bench failed: ${error.message}`);
  process.exit(1);
});
