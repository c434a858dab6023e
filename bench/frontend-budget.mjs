#!/usr/bin/env node
/**
 * Storefront budgets (issue 14): figures only, nothing asserted. Assumes `npm run build` was run.
 *
 * 1. The initial JS of the storefront entry: the script index.html loads and every module it preloads,
 *    each gzipped (level 9) as the server would send it; the goal is ≤ 100 KB.
 * 2. Lighthouse, mobile, on /, /products and one product page, against the built app started here on a
 *    fresh embedded database (as e2e/serve.mjs does); goals: performance ≥ 95, accessibility 100,
 *    best practices ≥ 95. Needs the `lighthouse` package (12.x runs on Node 20) and Chromium:
 *    CHROME_PATH (default /usr/bin/chromium). Without the package this part is skipped with a note.
 *
 * Lighthouse figures vary from run to run (a 2-core machine especially): each page is measured RUNS times
 * (default 3) and the median of each score and metric is printed, with the single runs' scores beside it.
 *
 *   node bench/frontend-budget.mjs            PORT=3300 by default
 *   FRONTEND_DIST=/tmp/dist node bench/…      measure another build of the storefront (default frontend/dist)
 *   LIGHTHOUSE_DETAILS=1 node bench/…         also print what costs the points (layout shifts, long tasks,
 *                                             LCP element, render-blocking requests, unused JS) of the median run
 *   LIGHTHOUSE_REPORTS=dir node bench/…       also save every run's full report (JSON) in dir
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { throwawayShopEnv } from './shop-env.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.env.FRONTEND_DIST ?? join(root, 'frontend', 'dist');
const PORT = Number(process.env.PORT ?? 3300);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.RUNS ?? 3));
const DETAILS = Boolean(process.env.LIGHTHOUSE_DETAILS);
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** Lighthouse categories and their goals: a score of at least `goal`. */
const GOALS = [
  { id: 'performance', name: 'performance', goal: 95 },
  { id: 'accessibility', name: 'accessibility', goal: 100 },
  { id: 'best-practices', name: 'best practices', goal: 95 },
];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function initialJs() {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+\.js)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)].map((m) => m[1]);
  const files = [...new Set([...entry, ...preloads])].map((url) => {
    const file = join(dist, url.replace(/^\//, ''));
    const code = readFileSync(file);
    // What the server sends a browser that accepts br: the build's brotli copy, when there is one.
    const brotli = existsSync(`${file}.br`) ? readFileSync(`${file}.br`).length : undefined;
    return { url, raw: code.length, gzip: gzipSync(code, { level: 9 }).length, brotli };
  });
  const sum = (key) => files.reduce((total, f) => total + (f[key] ?? 0), 0);
  return { files, raw: sum('raw'), gzip: sum('gzip'), brotli: files.every((f) => f.brotli !== undefined) ? sum('brotli') : undefined };
}

function printBudget() {
  if (!existsSync(join(dist, 'index.html'))) {
    console.log(`${join(dist, 'index.html')} is missing: run \`npm run build\` first.`);
    process.exitCode = 1;
    return;
  }
  const { files, raw, gzip, brotli } = initialJs();
  console.log('Storefront initial JS (entry + modulepreload), gzip -9 (and the brotli copy the server sends):');
  const br = (bytes) => (bytes === undefined ? '' : `, ${kb(bytes)} br`);
  for (const f of files.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kb(f.gzip).padStart(9)}  (${kb(f.raw)} raw${br(f.brotli)})  ${f.url}`);
  console.log(`  ${kb(gzip).padStart(9)}  total over ${files.length} files (${kb(raw)} decoded${br(brotli)}); goal ≤ 100 KB gzipped`);
}

async function startServer() {
  // A server left on the port would be measured instead of this build (and its data is not ours): refuse.
  const busy = await fetch(`${BASE_URL}/api/health`).then(
    () => true,
    () => false,
  );
  if (busy) throw new Error(`something already answers on ${BASE_URL}: stop it or set PORT to a free port`);
  // Its own throwaway data folder, removed when the server has stopped.
  const dataDir = mkdtempSync(join(tmpdir(), 'greencart-budget-'));
  const child = spawn(process.execPath, [join(root, 'backend', 'dist', 'main.js')], {
    stdio: ['ignore', 'ignore', 'inherit'],
    // A throwaway shop of its own (its own embedded database, no Redis, throwaway secrets) with the demo catalogue.
    env: throwawayShopEnv({
      dataDir,
      oneAddress: false,
      PORT: String(PORT),
      SEED_DEMO: 'true',
      FRONTEND_ORIGIN: BASE_URL,
      FRONTEND_DIST: dist,
    }),
  });
  child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit ${child.exitCode})`);
    try {
      if ((await fetch(`${BASE_URL}/api/health`)).ok) return child;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not answer /api/health within 3 minutes');
}

async function runLighthouse() {
  let lighthouse;
  let chromeLauncher;
  try {
    lighthouse = (await import('lighthouse')).default;
    chromeLauncher = await import('chrome-launcher');
  } catch (error) {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
    console.log('\nLighthouse: skipped. The `lighthouse` package is not installed (add it as a dev dependency: lighthouse@12.8.2, which runs on Node 20;');
    console.log('13.x needs Node ≥ 22.19). Then run this script again; it uses CHROME_PATH (default /usr/bin/chromium).');
    return;
  }
  // chrome-launcher leaves a missing browser as an unhandled 'error' event: say it plainly instead.
  if (!existsSync(CHROME_PATH)) throw new Error(`no Chromium at ${CHROME_PATH} (apt-get install chromium, or set CHROME_PATH)`);
  const server = await startServer();
  let chrome;
  try {
    chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
    const { products } = await (await fetch(`${BASE_URL}/api/products?inStock=true&limit=1`)).json();
    const product = products[0];
    const pages = ['/', '/products', product ? `/products/${product.category.toLowerCase()}/${product._id}` : null].filter(Boolean);
    console.log(`\nLighthouse (mobile form factor, default throttling), median of ${RUNS} run${RUNS === 1 ? '' : 's'} per page; score / goal:`);
    if (REPORTS) mkdirSync(REPORTS, { recursive: true });
    for (const path of pages) {
      const runs = [];
      for (let run = 0, failures = 0; run < RUNS;) {
        const result = await lighthouse(`${BASE_URL}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          formFactor: 'mobile',
          onlyCategories: GOALS.map((g) => g.id),
        });
        // A run Lighthouse could not measure (e.g. NO_NAVSTART on a busy machine) scores 0: run it again, up to 3 times per page.
        if (result.lhr.runtimeError && failures < 3) {
          failures++;
          console.log(`      (run failed: ${result.lhr.runtimeError.code}; again)`);
          continue;
        }
        run++;
        runs.push(result.lhr);
        if (REPORTS) writeFileSync(join(REPORTS, `${path === '/' ? 'home' : path.replace(/^\//, '').replaceAll('/', '_')}-${run}.json`), result.report);
      }
      const score = (lhr, id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const figures = GOALS.map(({ id, name, goal }) => {
        const value = median(runs.map((lhr) => score(lhr, id)));
        const each = RUNS > 1 ? ` [${runs.map((lhr) => score(lhr, id)).join(', ')}]` : '';
        return `${name} ${value}${each} (goal ${goal === 100 ? '100' : `≥ ${goal}`}${value >= goal ? '' : ', missed'})`;
      });
      const metric = (id, unit) => {
        const values = runs.map((lhr) => lhr.audits[id]?.numericValue).filter((v) => typeof v === 'number');
        if (!values.length) return '?';
        const value = median(values);
        return unit === 'ms' ? `${Math.round(value)} ms` : value.toFixed(3);
      };
      console.log(`  ${path}`);
      console.log(`      ${figures.join(', ')}`);
      console.log(
        `      FCP ${metric('first-contentful-paint', 'ms')}, LCP ${metric('largest-contentful-paint', 'ms')}, TBT ${metric('total-blocking-time', 'ms')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index', 'ms')}`,
      );
      // The run whose performance score is the median one stands for the page in the details below.
      const typical = [...runs].sort((a, b) => score(a, 'performance') - score(b, 'performance'))[Math.floor((runs.length - 1) / 2)];
      // What costs points in the pass/fail categories.
      for (const { id, name } of GOALS.filter((g) => g.id !== 'performance')) {
        const failing = typical.categories[id].auditRefs.map((ref) => typical.audits[ref.id]).filter((audit) => audit.score !== null && audit.score < 1);
        for (const audit of failing) console.log(`      ${name}: ${audit.title}`);
      }
      if (DETAILS) printDetails(typical.audits);
    }
  } finally {
    await chrome?.kill();
    server.kill('SIGTERM');
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Lighthouse's own findings behind the performance score, a few lines each. */
function printDetails(audits) {
  const items = (id) => audits[id]?.details?.items ?? [];
  const node = (item) => item?.node?.selector ?? item?.node?.snippet ?? '';
  const lcp = items('largest-contentful-paint-element');
  for (const item of lcp[0]?.items ?? []) console.log(`      LCP element: ${node(item)} ${item.node?.snippet ?? ''}`);
  for (const phase of lcp[1]?.items ?? []) console.log(`        ${phase.phase}: ${Math.round(phase.timing)} ms`);
  for (const item of items('layout-shifts').slice(0, 5))
    console.log(`      layout shift ${item.score.toFixed(3)}: ${node(item)} ${(item.subItems?.items ?? []).map((s) => s.cause).join(', ')}`);
  for (const item of items('long-tasks').slice(0, 5))
    console.log(`      long task ${Math.round(item.duration)} ms at ${Math.round(item.startTime)} ms: ${item.url}`);
  for (const item of items('render-blocking-resources')) console.log(`      render-blocking: ${item.url} (${Math.round(item.wastedMs)} ms)`);
  for (const item of items('unused-javascript')) console.log(`      unused JS: ${item.url} ${kb(item.wastedBytes)} of ${kb(item.totalBytes)}`);
  for (const item of items('bootup-time').slice(0, 4)) console.log(`      script time: ${item.url} ${Math.round(item.scripting)} ms`);
  for (const item of items('mainthread-work-breakdown')) console.log(`      main thread: ${item.groupLabel} ${Math.round(item.duration)} ms`);
  const requests = items('network-requests');
  for (const r of requests)
    console.log(
      `      request ${Math.round(r.networkRequestTime ?? 0)}–${Math.round(r.networkEndTime ?? 0)} ms ${r.resourceType ?? ''} ${kb(r.transferSize ?? 0)} ${r.url}`,
    );
}

printBudget();
await runLighthouse();
