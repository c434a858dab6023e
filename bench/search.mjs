/**
 * Search at 10,000 products (issue 21), called by bench/bench.mjs once the shop holds them; also
 * runs alone:
 *
 *   npm run bench:search        builds the backend (unless BENCH_SKIP_BUILD=1), starts a throwaway
 *                               shop (embedded database in a temporary folder) with 10,000 generated
 *                               products (seed:large), measures, stops it and removes the folder
 *   BASE_URL=http://127.0.0.1:3000 npm run bench:search      against a shop already running
 *
 * 1. the index build: the shop's own ProductSearchIndex (backend/dist) over the shop's products, in
 *    this process, with the heap it takes;
 * 2. GET /api/products?search= with 20 connections, typos of the catalogue's words and Hindi/Hinglish
 *    names from the synonym list, every request a query, page or page size not asked before, so no
 *    prepared answer is reused: each one runs the search.
 * Figures only: nothing here asserts anything.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load, send } from './load.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(ROOT, 'backend', 'package.json'));
const ACCEPT = { 'accept-encoding': 'br, gzip' };
/** Search that nothing prepared answers, at 10,000 products under 20 connections (storefront round three). */
const UNCACHED_TARGET = 'p95 ≤ 20 ms';

/** Typos a shopper makes: a letter left out, doubled, or replaced by its neighbour on the keyboard. */
const NEIGHBOUR = { a: 's', e: 'r', i: 'o', o: 'i', u: 'y', n: 'm', m: 'n', t: 'r', r: 't', s: 'a', l: 'k', c: 'v', p: 'o', h: 'j', g: 'h', d: 's', b: 'v' };
function typosOf(word) {
  const middle = Math.floor(word.length / 2);
  const typos = [word.slice(0, middle) + word.slice(middle + 1), word.slice(0, middle) + word[middle] + word.slice(middle)];
  const swapped = NEIGHBOUR[word[middle]];
  if (swapped) typos.push(word.slice(0, middle) + swapped + word.slice(middle + 1));
  return typos;
}

/** The queries in turn, pages 1 and 2, as the other catalogue rows ask: a URL asked again is answered from its prepared answer. */
function cycled(queries) {
  return (i) => ({
    path: `/api/products?search=${encodeURIComponent(queries[i % queries.length])}&page=${1 + (Math.floor(i / queries.length) % 2)}`,
    headers: ACCEPT,
  });
}

/** Units a shopper types after a quantity. */
const UNITS = ['g', 'kg', 'ml', 'l', 'pcs', 'gm', 'litre'];

/**
 * Every request a query not asked before: a name (or its typo, or another name of it) with a size
 * that no earlier request had ("tomatos 3 kg", "pyaz 17 g"), and a page size of 5 to 20. Nothing the
 * shop keeps (prepared pages, remembered answers) can answer it: each one runs the search.
 */
function uncached(queries) {
  return (i) => {
    const round = Math.floor(i / queries.length);
    const query = `${queries[i % queries.length]} ${1 + Math.floor(round / UNITS.length)} ${UNITS[round % UNITS.length]}`;
    const limit = 5 + (round % 16);
    return { path: `/api/products?search=${encodeURIComponent(query)}&limit=${limit}`, headers: ACCEPT };
  };
}

/** How many of `queries` find at least one product (a bench of searches that find nothing would measure little). */
async function foundShare(base, queries) {
  let found = 0;
  for (const query of queries) {
    const res = await send(undefined, base, { path: `/api/products?search=${encodeURIComponent(query)}&limit=1` });
    if (res.status === 200 && JSON.parse(res.body.toString()).total > 0) found++;
  }
  return found / queries.length;
}

/**
 * Runs the search scenarios against the shop at `base`; `row(scenario, figures, extra)` records each
 * (bench.mjs's table), `seconds` per load scenario.
 */
export async function searchBench({ base, row, seconds = 5, log = (message) => console.log(`[bench] ${message}`) }) {
  const { ProductSearchIndex } = require('./dist/products/search/product-search-index.js');
  const { GROCERY_SYNONYMS } = require('@greencart/domain');
  const list = await send(undefined, base, { path: '/api/productList' });
  if (list.status !== 200) throw new Error(`/api/productList answered ${list.status}`);
  const products = JSON.parse(list.body.toString()).productsdata;

  // 1. The index build, as the shop does it after loading its catalogue.
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const index = new ProductSearchIndex();
  const started = performance.now();
  index.rebuild(products);
  const buildMs = performance.now() - started;
  globalThis.gc?.();
  const heapMB = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
  const again = performance.now();
  new ProductSearchIndex().rebuild(products);
  const secondBuildMs = performance.now() - again;
  row(
    `search index build, ${products.length.toLocaleString('en-IN')} products (${heapMB > 0 ? `${heapMB.toFixed(0)} MB heap, ` : ''}a second build ${secondBuildMs.toFixed(0)} ms)`,
    { requests: 1, errors: 0, p50: buildMs, p95: NaN, p99: NaN, rps: NaN },
    { target: '≤ 1 s' },
  );

  // 2. Queries: typos of the catalogue's own words, and other names of what it sells.
  const words = new Map();
  for (const product of products) {
    for (const word of product.name.toLowerCase().split(/[^a-z]+/)) if (word.length >= 5) words.set(word, (words.get(word) ?? 0) + 1);
  }
  const common = [...words.entries()].sort((a, b) => b[1] - a[1]).map(([word]) => word);
  const typos = [...new Set(common.slice(0, 60).flatMap(typosOf))].filter((typo) => !words.has(typo));
  const sold = new Set(common);
  const hinglish = GROCERY_SYNONYMS.filter((line) => line.name.split(' ').some((word) => sold.has(word) || sold.has(`${word}s`) || sold.has(`${word}es`)))
    .flatMap((line) => line.also)
    .filter((name) => /^[a-z ]+$/.test(name))
    // Names of what this catalogue sells (the list also names kinds it does not have, which find nothing).
    .filter((name) => index.search(name).ids.length > 0);
  log(`search: ${typos.length} typos of the catalogue's words, ${hinglish.length} Hindi/Hinglish and other names`);
  const scenarios = [
    ['typos (tomatos, bananna, …)', typos],
    ['Hindi/Hinglish names (tamatar, pyaz, …)', hinglish],
  ];
  const size = products.length.toLocaleString('en-IN');
  for (const [label, queries] of scenarios) {
    const share = await foundShare(base, queries);
    const often = queries.slice(0, 100);
    const repeated = await load({ base, connections: 20, seconds, next: cycled(often) });
    row(
      `GET /api/products?search=<${label}>, ${size} products, 20 conn, ${often.length} queries × 2 pages (${Math.round(share * 100)}% find something)`,
      repeated,
      {
        target: 'p95 ≤ 20 ms',
      },
    );
    const figures = await load({ base, connections: 20, seconds, next: uncached(queries) });
    row(`  the same, every request a query not asked before (with a size: each runs the search)`, figures, { target: UNCACHED_TARGET });
  }
}

// Alone: against BASE_URL, or a throwaway shop of 10,000 products.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const shop = process.env.BASE_URL ? { base: process.env.BASE_URL, stop: async () => undefined } : await throwawayShop(10_000);
  const fmt = (n) => (Number.isFinite(n) ? n.toFixed(1) : '–');
  try {
    await searchBench({
      base: shop.base,
      seconds: Number(process.env.BENCH_SECONDS ?? 5),
      row: (scenario, figures, extra) => {
        const met = extra.target.startsWith('p95 ≤') ? (figures.p95 <= Number(/≤\s*([\d.]+)/.exec(extra.target)[1]) ? ' met' : ' NOT met') : '';
        console.log(
          `${scenario}: ${figures.requests} requests, ${figures.errors} errors, p50 ${fmt(figures.p50)} / p95 ${fmt(figures.p95)} / p99 ${fmt(figures.p99)} ms (target ${extra.target}${met})`,
        );
      },
    });
  } finally {
    await shop.stop();
  }
}

/** Builds the backend, fills a temporary embedded database with `count` generated products and starts the built shop on it. */
async function throwawayShop(count) {
  const { spawn, spawnSync } = await import('node:child_process');
  const { mkdtempSync, rmSync } = await import('node:fs');
  const os = await import('node:os');
  const { throwawayShopEnv } = await import('./shop-env.mjs');
  const run = (args, what) => {
    const result = spawnSync(args[0], args.slice(1), { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    if (result.status !== 0) throw new Error(`${what} failed`);
  };
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    console.log('[bench] building the backend…');
    run(['npm', 'run', 'build:domain'], 'npm run build:domain');
    run(['npm', 'run', 'build:backend'], 'npm run build:backend');
  }
  const dataDir = mkdtempSync(join(os.tmpdir(), 'greencart-search-bench-'));
  const engine = process.env.GREENCART_EMBEDDED ?? 'ferretdb';
  process.env.GREENCART_EMBEDDED = engine;
  console.log(`[bench] seeding ${count.toLocaleString('en-IN')} products in ${dataDir}…`);
  const { startEmbeddedDatabase } = require('./dist/database/embedded-database.js');
  const database = await startEmbeddedDatabase({ dataDir, log: () => undefined });
  try {
    run(
      [process.execPath, join(ROOT, 'backend', 'dist', 'products', 'seed', 'seed-large.js'), `--uri=${database.uri}greencart`, `--count=${count}`],
      'seed:large',
    );
  } finally {
    await database.stop();
  }
  const { createServer } = await import('node:net');
  const port = await new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = server.address();
      server.close(() => resolve(free));
    });
  });
  const child = spawn(process.execPath, [join(ROOT, 'backend', 'dist', 'main.js')], {
    cwd: ROOT,
    env: throwawayShopEnv({ dataDir, PORT: String(port), GREENCART_EMBEDDED: engine }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => {
        const timer = setTimeout(() => (child.kill('SIGKILL'), resolve()), 10_000);
        child.once('exit', () => (clearTimeout(timer), resolve()));
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the shop exited (${child.exitCode}):\n${output.slice(-3000)}`);
    }
    const res = await send(undefined, base, { path: '/api/products?limit=1' }).catch(() => ({ status: 0 }));
    if (res.status === 200 && JSON.parse(res.body.toString()).total >= count) break;
    if (Date.now() - started > 180_000) {
      await stop();
      throw new Error(`the shop did not answer with ${count} products within 180 s:\n${output.slice(-3000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  console.log(`[bench] the shop answers at ${base} with ${count.toLocaleString('en-IN')} products`);
  return { base, stop };
}
