#!/usr/bin/env node
/**
 * The requests an open product page sends in a quiet minute (issue 53: target ≤ 2; 60 when it polled
 * every second), and how soon a stock change made meanwhile shows on it. Figures only, nothing asserted.
 *
 * Starts the built shop (backend/dist and frontend/dist: run `npm run build` or
 * `node scripts/build-if-changed.mjs` first) on a throwaway embedded database with the demo catalogue,
 * opens a product page as a guest in Chromium (Playwright, CHROMIUM_PATH or /usr/bin/chromium), counts
 * every /api request from QUIET_SECONDS (default 60) after it has loaded, then has the seller set the
 * product's stock and times until the page shows it (pushed over the catalogue's socket).
 *
 *   node bench/quiet-page.mjs          or   npm run bench -- --quiet-page
 *   FRONTEND_DIST=/other/dist node …   measure another build of the storefront (default frontend/dist)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { chromium } from '@playwright/test';
import { send, signInSeller } from './load.mjs';
import { freePort, throwawayShopEnv } from './shop-env.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const QUIET_SECONDS = Number(process.env.QUIET_SECONDS ?? 60);
const SELLER = { email: 'seller@bench.local', password: `bench-${randomBytes(8).toString('hex')}` };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The built shop with the demo catalogue on a free port; resolves once it lists its products. */
async function startShop() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'greencart-quiet-'));
  const child = spawn(process.execPath, [join(ROOT, 'backend', 'dist', 'main.js')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: throwawayShopEnv({
      dataDir,
      seller: SELLER,
      oneAddress: false,
      PORT: String(port),
      SEED_DEMO: 'true',
      FRONTEND_ORIGIN: base,
      FRONTEND_DIST: process.env.FRONTEND_DIST ?? join(ROOT, 'frontend', 'dist'),
    }),
  });
  child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop stopped (exit ${child.exitCode})`);
    const res = await send(undefined, base, { path: '/api/products?inStock=true&limit=1' }).catch(() => ({ status: 0 }));
    if (res.status === 200 && JSON.parse(res.body.toString()).total > 0) return { base, child };
    if (Date.now() > deadline) throw new Error('the shop did not list products within 3 minutes');
    await sleep(250);
  }
}

/** Runs the scenario; `log` prints a line. Returns the figures. */
export async function quietPageBench({ log = (line) => console.log(`[quiet-page] ${line}`) } = {}) {
  const { base, child } = await startShop();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    // One of a single pack size: its stock is set by `{ id, stock }`.
    const listed = JSON.parse((await send(undefined, base, { path: '/api/products?inStock=true&limit=50' })).body.toString()).products;
    const product = listed.find((p) => (p.variants?.length ?? 0) <= 1) ?? listed[0];
    const page = await browser.newPage();
    let counting = false;
    const asked = [];
    let loading = 0;
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!url.pathname.startsWith('/api/')) return;
      if (counting) asked.push(`${request.method()} ${url.pathname}${url.search}`);
      else loading++;
    });
    const path = `/products/${product.category.toLowerCase()}/${product._id}`;
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: product.name }).first().waitFor();
    log(`${path} (${product.name}) loaded with ${loading} /api requests; counting them for ${QUIET_SECONDS} s…`);
    counting = true;
    await sleep(QUIET_SECONDS * 1000);
    counting = false;
    log(`requests in a quiet ${QUIET_SECONDS} s: ${asked.length} (target ≤ 2; 60 with the 1 s poll)${asked.length ? `: ${asked.join(', ')}` : ''}`);

    // A change while the page is open: counted stock of 3 ("Only 3 left").
    const cookie = await signInSeller(base, SELLER);
    const started = performance.now();
    const res = await send(undefined, base, { method: 'POST', path: '/api/changeStock', headers: { cookie }, body: { id: product._id, stock: 3 } });
    if (res.status !== 200) throw new Error(`setting the stock answered ${res.status}`);
    await page.getByText('Only 3 left').first().waitFor({ timeout: 60_000 });
    const shownMs = performance.now() - started;
    log(`a stock change shows on the open page ${shownMs.toFixed(0)} ms after the seller's request`);
    return { quietRequests: asked.length, quietSeconds: QUIET_SECONDS, stockShownMs: shownMs };
  } finally {
    await browser.close();
    child.kill('SIGTERM');
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await quietPageBench();
