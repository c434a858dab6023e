#!/usr/bin/env node
/**
 * Database commands per cash-on-delivery order (two lines), beside orders/s: a throwaway shop (45 demo
 * products, its own FerretDB started here) talks to the database through a small counting proxy that
 * reads the command name and collection of every wire-protocol message (OP_MSG) on its way. Shoppers
 * place orders for a few seconds; the commands counted in that window, less what the idle shop sends in
 * as long (sweeps, heartbeats), divided by the orders placed, are the figure, with a breakdown by
 * command and collection.
 *
 *   node bench/order-commands.mjs        # standalone (BENCH_SKIP_BUILD=1 to skip `npm run build:backend`)
 *                                        # then gst mode against flat, taken in turns (BENCH_TAX_MODES=0: not)
 *   npm run bench                        # also runs it, after the main table
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load, registerShopper, send, signInSeller, startupDone } from './load.mjs';
import { throwawayShopEnv } from './shop-env.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(ROOT, 'backend', 'package.json'));
const SHOPPERS = 20;
const SELLER = { email: 'seller@bench.local', password: `bench-${randomBytes(8).toString('hex')}` };
/** Handshake, monitoring and session upkeep: not the shop's work. */
const UPKEEP = new Set(['hello', 'ismaster', 'isMaster', 'ping', 'buildInfo', 'endSessions', 'saslStart', 'saslContinue', 'getParameter']);
const ADDRESS = {
  firstName: 'Asha',
  lastName: 'Rao',
  street: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560001',
  country: 'India',
  phone: '+91 98765 43210',
};

/** A TCP proxy to `target` counting the commands clients send, as `command collection` → count. */
async function countingProxy(targetPort) {
  const counts = new Map();
  const note = (message) => {
    // OP_MSG: header (16), flagBits (4), section kind 0 (1), then the command document: its first key is the command.
    if (message.readInt32LE(12) !== 2013 || message[20] !== 0) return;
    let at = 21 + 4;
    const type = message[at++];
    const end = message.indexOf(0, at);
    const command = message.toString('utf8', at, end);
    at = end + 1;
    const collection = type === 0x02 ? message.toString('utf8', at + 4, at + 4 + message.readInt32LE(at) - 1) : '';
    if (UPKEEP.has(command)) return;
    const key = `${command} ${collection}`.trim();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    let pending = Buffer.alloc(0);
    client.on('data', (chunk) => {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      while (pending.length >= 16 && pending.length >= pending.readInt32LE(0)) {
        const length = pending.readInt32LE(0);
        note(pending.subarray(0, length));
        pending = pending.subarray(length);
      }
      upstream.write(chunk);
    });
    upstream.pipe(client);
    const close = () => (client.destroy(), upstream.destroy());
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: server.address().port, counts, close: () => new Promise((resolve) => server.close(resolve)) };
}

const snapshot = (counts) => new Map(counts);
const since = (counts, before) => new Map([...counts].map(([key, n]) => [key, n - (before.get(key) ?? 0)]).filter(([, n]) => n > 0));
const total = (counts) => [...counts.values()].reduce((a, b) => a + b, 0);

const register = (base, name) => registerShopper(base, name, ADDRESS);
const sellerCookie = (base) => signInSeller(base, SELLER);

/**
 * Runs the measurement; `row(scenario, figures, extra)` receives the orders' figures with `commandsPerOrder`
 * and `breakdown` (command and collection → commands per order). Returns the same.
 */
export async function orderCommandsBench({ seconds = 5, log = console.log, row = () => undefined, build = true } = {}) {
  if (build && process.env.BENCH_SKIP_BUILD !== '1') {
    const result = spawnSync('npm', ['run', 'build:backend'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    if (result.status !== 0) throw new Error('npm run build:backend failed');
  }
  const dataDir = mkdtempSync(join(os.tmpdir(), 'greencart-order-commands-'));
  const engine = process.env.GREENCART_EMBEDDED ?? 'ferretdb';
  process.env.GREENCART_EMBEDDED = engine;
  const { startEmbeddedDatabase } = require('./dist/database/embedded-database.js');
  const database = await startEmbeddedDatabase({ dataDir, log: () => undefined });
  const dbPort = Number(new URL(database.uri).port);
  const proxy = await countingProxy(dbPort);
  const port = await new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
  });
  const child = spawn(process.execPath, [join(ROOT, 'backend', 'dist', 'main.js')], {
    cwd: ROOT,
    env: throwawayShopEnv({ dataDir, seller: SELLER, PORT: String(port), SEED_DEMO: 'true', MONGODB_URI: `mongodb://127.0.0.1:${proxy.port}/greencart` }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      const res = await send(undefined, base, { path: '/api/products?inStock=true&limit=2' }).catch(() => ({ status: 0 }));
      if (res.status === 200 && JSON.parse(res.body.toString()).products.length === 2) break;
      if (child.exitCode !== null || i > 2400) throw new Error('the shop did not start');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await startupDone(base, 500);
    const products = JSON.parse((await send(undefined, base, { path: '/api/products?inStock=true&limit=2' })).body.toString()).products;
    const shoppers = [];
    for (let i = 0; i < SHOPPERS; i++) shoppers.push(await register(base, `counted${i}`));
    const order = (i) => {
      const who = shoppers[i % SHOPPERS];
      return {
        method: 'POST',
        path: '/api/placeorders',
        headers: { cookie: who.cookie, 'idempotency-key': randomUUID() },
        body: { address: who.address, items: products.map((p, n) => ({ product: p._id, quantity: 1 + ((i + n) % 3) })) },
      };
    };

    async function measure(label) {
      // Warm-up, then the idle shop's own commands over as long as the measurement (subtracted below).
      await load({ base, connections: SHOPPERS, seconds: 1, warmupSeconds: 0, next: order, ok: (r) => r.status === 201 });
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const idleFrom = snapshot(proxy.counts);
      const idleStarted = performance.now();
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      const idle = since(proxy.counts, idleFrom);
      const idleSeconds = (performance.now() - idleStarted) / 1000;
      const from = snapshot(proxy.counts);
      let placed = 0;
      const started = performance.now();
      const figures = await load({
        base,
        connections: SHOPPERS,
        seconds,
        warmupSeconds: 0,
        next: order,
        ok: (r) => r.status === 201,
        onResult: (r) => void (r.status === 201 && placed++),
      });
      // Side effects written just after the answer (batched writes) belong to the orders too.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const busySeconds = (performance.now() - started) / 1000;
      const busy = since(proxy.counts, from);
      const perOrder = new Map(
        [...busy]
          .map(([key, n]) => [key, (n - ((idle.get(key) ?? 0) * busySeconds) / idleSeconds) / placed])
          .filter(([, n]) => n > 0.005)
          .sort((a, b) => b[1] - a[1]),
      );
      const commandsPerOrder = total(perOrder);
      const breakdown = Object.fromEntries([...perOrder].map(([key, n]) => [key, Number(n.toFixed(2))]));
      log(
        `COD orders of two lines, ${label}: ${placed} placed, ${figures.rps.toFixed(0)} orders/s, ${commandsPerOrder.toFixed(1)} database commands per order`,
      );
      for (const [key, n] of Object.entries(breakdown)) log(`  ${n.toFixed(2)}  ${key}`);
      log(`  (idle shop: ${total(idle)} commands in ${idleSeconds.toFixed(1)} s, subtracted: ${JSON.stringify(Object.fromEntries(idle))})`);
      const result = { ...figures, placed, commandsPerOrder, breakdown };
      const top = [...perOrder]
        .slice(0, 4)
        .map(([key, n]) => `${n.toFixed(1)} ${key}`)
        .join(', ');
      row(`POST /api/placeorders (COD, 2 lines, ${label}), ${SHOPPERS} shoppers, via a counting proxy`, figures, {
        commandsPerOrder: Number(commandsPerOrder.toFixed(1)),
        checks: `${commandsPerOrder.toFixed(1)} commands/order (${top}, …)`,
        target: '≤ 8 commands per order',
      });
      return result;
    }
    const seller = await sellerCookie(base);
    const results = {};
    for (const counted of [false, true]) {
      if (counted) {
        for (const p of products) {
          const res = await send(undefined, base, {
            method: 'POST',
            path: '/api/changeStock',
            headers: { cookie: seller },
            body: { id: p._id, stock: 100_000 },
          });
          if (res.status !== 200) throw new Error(`setting the stock answered ${res.status}: ${res.body}`);
        }
      }
      results[counted ? 'counted' : 'uncounted'] = await measure(counted ? 'counted stock' : 'stock not counted');
    }
    // Issue 54: the same orders in `gst` mode (the demo products carry their rates), taken in turns with
    // `flat` so the machine's swings fall on both: gst, flat, gst after the counted flat run above.
    if (process.env.BENCH_TAX_MODES !== '0') {
      const mode = async (taxMode) => {
        const res = await send(undefined, base, {
          method: 'PUT',
          path: '/api/seller/shop',
          headers: { cookie: seller },
          body: { legalName: 'Bench Kirana', gstin: '29AAACG1234A1ZA', address: '12 MG Road, Bengaluru', stateCode: '29', taxMode },
        });
        if (res.status !== 200) throw new Error(`choosing ${taxMode} answered ${res.status}: ${res.body}`);
      };
      const flat = [results.counted.rps];
      const gst = [];
      for (const taxMode of ['gst', 'flat', 'gst']) {
        await mode(taxMode);
        const measured = await measure(`counted stock, ${taxMode} mode`);
        (taxMode === 'gst' ? gst : flat).push(measured.rps);
      }
      const mean = (list) => list.reduce((a, b) => a + b, 0) / list.length;
      results.gstRatio = mean(gst) / mean(flat);
      log(
        `gst mode against flat (issue 54, target ≥ 0.95×): ${results.gstRatio.toFixed(2)}× (gst ${gst.map((r) => r.toFixed(0)).join(', ')} vs flat ${flat.map((r) => r.toFixed(0)).join(', ')} orders/s)`,
      );
    }
    return results;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
    await proxy.close();
    await database.stop();
    if (process.env.BENCH_KEEP_DATA !== '1') rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  orderCommandsBench({ seconds: Number(process.env.BENCH_SECONDS ?? 5), log: (m) => console.log(`[order-commands] ${m}`) }).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
