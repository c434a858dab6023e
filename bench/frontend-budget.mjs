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
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'frontend', 'dist');
const PORT = Number(process.env.PORT ?? 3300);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
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
  const child = spawn(process.execPath, [join(root, 'backend', 'dist', 'main.js')], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      NODE_ENV: 'production',
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
  } catch {
    console.log('\nLighthouse: skipped. The `lighthouse` package is not installed (add it as a dev dependency: lighthouse@12.8.2, which runs on Node 20;');
    console.log('13.x needs Node ≥ 22.19). Then run this script again; it uses CHROME_PATH (default /usr/bin/chromium).');
    return;
  }
  const server = await startServer();
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    const { products } = await (await fetch(`${BASE_URL}/api/products?inStock=true&limit=1`)).json();
    const product = products[0];
    const pages = ['/', '/products', product ? `/products/${product.category.toLowerCase()}/${product._id}` : null].filter(Boolean);
    console.log('\nLighthouse (mobile, default throttling); goals: performance ≥ 95, accessibility 100, best practices ≥ 95');
    for (const path of pages) {
      const result = await lighthouse(`${BASE_URL}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      const { categories, audits } = result.lhr;
      const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
      console.log(
        `  ${path.padEnd(48)} performance ${score('performance')}, accessibility ${score('accessibility')}, best practices ${score('best-practices')}` +
          ` · LCP ${audits['largest-contentful-paint']?.displayValue ?? '?'}, TBT ${audits['total-blocking-time']?.displayValue ?? '?'}, CLS ${audits['cumulative-layout-shift']?.displayValue ?? '?'}`,
      );
      const failing = Object.values(audits).filter(
        (audit) => audit.score === 0 && result.lhr.categories.accessibility.auditRefs.some((ref) => ref.id === audit.id),
      );
      for (const audit of failing) console.log(`      accessibility: ${audit.title}`);
    }
  } finally {
    await chrome.kill();
    server.kill('SIGTERM');
  }
}

printBudget();
await runLighthouse();
