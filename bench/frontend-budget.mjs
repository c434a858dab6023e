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
 *   node bench/frontend-budget.mjs            PORT=3300 by default
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'frontend', 'dist');
const PORT = Number(process.env.PORT ?? 3300);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
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
    const code = readFileSync(join(dist, url.replace(/^\//, '')));
    return { url, raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
  });
  return { files, raw: files.reduce((sum, f) => sum + f.raw, 0), gzip: files.reduce((sum, f) => sum + f.gzip, 0) };
}

function printBudget() {
  if (!existsSync(join(dist, 'index.html'))) {
    console.log('frontend/dist/index.html is missing: run `npm run build` first.');
    process.exitCode = 1;
    return;
  }
  const { files, raw, gzip } = initialJs();
  console.log('Storefront initial JS (entry + modulepreload), gzip -9:');
  for (const f of files.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kb(f.gzip).padStart(9)}  (${kb(f.raw)} raw)  ${f.url}`);
  console.log(`  ${kb(gzip).padStart(9)}  total over ${files.length} files (${kb(raw)} decoded); goal ≤ 100 KB`);
}

async function startServer() {
  const dataDir = join(root, '.data', 'bench-frontend');
  rmSync(dataDir, { recursive: true, force: true });
  const inherited = { ...process.env };
  // Its own embedded database and no Redis, whatever the shell says (as bench/bench.mjs does).
  for (const name of ['MONGODB_URI', 'REDIS_URL', 'MONGODB_DB', 'GREENCART_SECRETS_FILE']) delete inherited[name];
  const child = spawn(process.execPath, [join(root, 'backend', 'dist', 'main.js')], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...inherited,
      PORT: String(PORT),
      NODE_ENV: 'production',
      // Production refuses to start without these; a throwaway shop gets throwaway secrets.
      JWT_SECRET: randomBytes(24).toString('hex'),
      SELLER_EMAIL: 'seller@bench.test',
      SELLER_PASSWORD: randomBytes(12).toString('hex'),
      COOKIE_SECURE: 'false',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      GREENCART_DATA_DIR: dataDir,
      FRONTEND_ORIGIN: BASE_URL,
    },
  });
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
  const server = await startServer();
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const { products } = await (await fetch(`${BASE_URL}/api/products?inStock=true&limit=1`)).json();
    const product = products[0];
    const pages = ['/', '/products', product ? `/products/${product.category.toLowerCase()}/${product._id}` : null].filter(Boolean);
    console.log('\nLighthouse (mobile form factor, default throttling); score / goal:');
    for (const path of pages) {
      const result = await lighthouse(`${BASE_URL}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        formFactor: 'mobile',
        onlyCategories: GOALS.map((g) => g.id),
      });
      const { categories, audits } = result.lhr;
      const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
      const figures = GOALS.map(
        ({ id, name, goal }) => `${name} ${score(id)} (goal ${goal === 100 ? '100' : `≥ ${goal}`}${score(id) >= goal ? '' : ', missed'})`,
      );
      console.log(`  ${path}`);
      console.log(`      ${figures.join(', ')}`);
      console.log(
        `      LCP ${audits['largest-contentful-paint']?.displayValue ?? '?'}, TBT ${audits['total-blocking-time']?.displayValue ?? '?'}, CLS ${audits['cumulative-layout-shift']?.displayValue ?? '?'}`,
      );
      // What costs points in the pass/fail categories.
      for (const { id, name } of GOALS.filter((g) => g.id !== 'performance')) {
        const failing = categories[id].auditRefs.map((ref) => audits[ref.id]).filter((audit) => audit.score !== null && audit.score < 1);
        for (const audit of failing) console.log(`      ${name}: ${audit.title}`);
      }
    }
  } finally {
    await chrome.kill();
    server.kill('SIGTERM');
  }
}

printBudget();
await runLighthouse();
