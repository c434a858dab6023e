#!/usr/bin/env node
/**
 * `npm run bench:gstr1` (also run at the end of `npm run bench`; BENCH_GSTR1=0 skips it there): the
 * month's GSTR-1 (issue 54) for a month of 30,000 invoices with 1,000 credit notes, on a fresh embedded
 * database. Target: ≤ 5 s, memory ≤ 200 MB above idle.
 *
 * The invoice records are written straight to the database in the app's own format (InvoiceNumbers:
 * `order:<id>` with its number and the order as invoiced; `cn:<id>:<key>` with the note as credited,
 * worked out by the domain package's rule), last month, in gst mode: 1–4 lines at 0/5/18/40%, a fee on
 * a third, a coupon on a tenth, one in fifty to a business buyer and one in twenty to another state. The
 * shop is started on the folder and asked for the month's JSON: written around it, the records are not in
 * its month roll-ups yet, so the first answer rebuilds the year from them (the path a restore takes);
 * the next answers, and the CSV zip, read the month's roll-up, as a shop whose documents counted
 * themselves as they were issued does. The shop's resident memory is sampled from /proc while it answers.
 *
 *   npm run bench:gstr1                 BENCH_SKIP_BUILD=1 skips the build
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { send, signInSeller, startupDone } from './load.mjs';
import { startShop, stopShop, withDatabase } from './shop-process.mjs';
import { throwawayShopEnv } from './shop-env.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(ROOT, 'backend', 'package.json'));
const ENGINE = process.env.GREENCART_EMBEDDED ?? 'ferretdb';
const TZ = 'Asia/Kolkata';
const SELLER = { email: 'seller@bench.local', password: `bench-${randomBytes(8).toString('hex')}` };
const INVOICES = Number(process.env.BENCH_GSTR1_INVOICES ?? 30_000);
const NOTES = Number(process.env.BENCH_GSTR1_NOTES ?? 1_000);
const SHOP = { legalName: 'Bench Kirana Stores', gstin: '29AAACG1234A1ZA', address: '12 MG Road, Bengaluru 560001', stateCode: '29', taxMode: 'gst' };
const KARNATAKA = { code: '29', name: 'Karnataka' };
const PRODUCTS = [
  { name: 'Fresh Potatoes', paise: 3_500, rate: 0, hsn: '0701' },
  { name: 'Whole Wheat Atta', paise: 6_100, rate: 5, hsn: '1101' },
  { name: 'Toor Dal', paise: 16_500, rate: 5, hsn: '0713' },
  { name: 'Herbal Shampoo', paise: 19_900, rate: 18, hsn: '3305' },
  { name: 'Classic Cola', paise: 4_000, rate: 40, hsn: '2202' },
  { name: 'Amul Butter', paise: 6_000, rate: 5, hsn: '0405' },
];

const log = (message) => console.log(`[bench:gstr1] ${message}`);

export async function runGstr1Bench({ build = process.env.BENCH_SKIP_BUILD !== '1' } = {}) {
  const began = performance.now();
  if (build) {
    log('building the backend…');
    for (const args of [
      ['run', 'build:domain'],
      ['run', 'build:backend'],
    ]) {
      if (spawnSync('npm', args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] }).status !== 0) throw new Error(`npm ${args.join(' ')} failed`);
    }
  }
  const dataDir = mkdtempSync(join(os.tmpdir(), 'greencart-bench-gstr1-'));
  const rows = [];
  let app;
  try {
    // First start: the shop makes its collections; the owner registers for GST.
    app = await start(dataDir);
    const cookie = await signInSeller(app.base, SELLER);
    const saved = await send(undefined, app.base, { method: 'PUT', path: '/api/seller/shop', headers: { cookie }, body: SHOP });
    if (saved.status !== 200) throw new Error(`saving the shop answered ${saved.status}: ${saved.body}`);
    await stopShop(app);
    const month = lastMonth();
    const seeded = performance.now();
    await withDatabase(dataDir, ENGINE, (uri) => seed(uri, month));
    log(
      `${INVOICES.toLocaleString('en')} invoices and ${NOTES.toLocaleString('en')} credit notes of ${month} stored in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );

    app = await start(dataDir);
    await startupDone(app.base, 1_000);
    const again = await signInSeller(app.base, SELLER);
    // The first answer rebuilds the year's roll-ups from the records written around the shop; then one read each.
    for (const [i, format] of ['json', 'json', 'json', 'csv'].entries()) {
      const idle = rssMb(app.child.pid);
      let peak = idle;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(app.child.pid))), 10);
      const res = await send(undefined, app.base, {
        path: `/api/seller/gst/gstr1?month=${month}${format === 'csv' ? '&format=csv' : ''}`,
        headers: { cookie: again },
      });
      clearInterval(sampler);
      peak = Math.max(peak, rssMb(app.child.pid));
      if (res.status !== 200) throw new Error(`GSTR-1 answered ${res.status}: ${res.body}`);
      let check = `${(res.body.length / 1024).toFixed(0)} KB`;
      if (format === 'json') {
        const file = JSON.parse(res.body.toString());
        const issued = file.doc_issue.doc_det.map((d) => `${d.docs[0].net_issue} ${d.doc_num === 1 ? 'invoices' : 'notes'}`).join(', ');
        check += `; ${issued}; b2b ${file.b2b.reduce((n, b) => n + b.inv.length, 0)}, b2cs rows ${file.b2cs.length}, hsn rows ${file.hsn.hsn_b2c.length + file.hsn.hsn_b2b.length}`;
      }
      const what = i === 0 ? 'first answer: the roll-ups rebuilt from the records' : 'from the roll-ups';
      const row = {
        scenario: `GET /api/seller/gst/gstr1 (${format}, ${what}), ${INVOICES.toLocaleString('en')} invoices + ${NOTES.toLocaleString('en')} credit notes`,
        ms: res.ms,
        idleMb: idle,
        peakMb: peak,
        check,
      };
      rows.push(row);
      log(`${row.scenario}: ${(res.ms / 1000).toFixed(2)} s, memory ${idle.toFixed(0)} → ${peak.toFixed(0)} MB (+${(peak - idle).toFixed(0)}); ${check}`);
    }
  } finally {
    if (app) await stopShop(app);
    if (process.env.BENCH_KEEP_DATA !== '1') rmSync(dataDir, { recursive: true, force: true });
  }
  const table = [
    '| scenario | seconds | memory above idle (MB) | check | target |',
    '|---|---:|---:|---|---|',
    ...rows.map(
      (r, i) =>
        `| ${r.scenario} | ${(r.ms / 1000).toFixed(2)} | ${(r.peakMb - r.idleMb).toFixed(0)} | ${r.check} | ${i === 0 ? '– (the rare path)' : '≤ 5 s, ≤ 200 MB'} |`,
    ),
  ].join('\n');
  console.log(`\n${table}`);
  const file = join(ROOT, 'bench', 'results', `gstr1-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ when: new Date().toISOString(), engine: ENGINE, seconds: (performance.now() - began) / 1000, rows, table }, null, 2));
  writeFileSync(file.replace(/\.json$/, '.md'), `${table}\n`);
  log(`took ${((performance.now() - began) / 1000).toFixed(0)} s. Saved ${file} (and .md)`);
  return rows;
}

/** The shop's resident memory (MB), from /proc. */
function rssMb(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

/** The month before this one in the shop's time zone, "YYYY-MM". */
function lastMonth() {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit' }).format(new Date()).split('-').map(Number);
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

async function seed(uri, month) {
  const { MongoClient, ObjectId } = require('mongodb');
  const { priceOrderTax, creditNoteFor } = require('@greencart/domain');
  const client = await MongoClient.connect(uri);
  try {
    const records = client.db().collection('invoices');
    const [year, mm] = month.split('-').map(Number);
    const fyStart = mm >= 4 ? year : year - 1;
    const fy = `${fyStart}-${String((fyStart + 1) % 100).padStart(2, '0')}`;
    const start = Date.parse(`${month}-01T00:00:00+05:30`);
    const days = new Date(Date.UTC(year, mm, 0)).getUTCDate();
    const span = days * 86_400_000 - 1;
    const shop = { legalName: SHOP.legalName, gstin: SHOP.gstin, address: SHOP.address, state: KARNATAKA };
    const noteEvery = Math.max(1, Math.floor(INVOICES / NOTES));
    const BATCH = 2_000;
    let notes = 0;
    let noteSeq = 0;
    for (let from = 0; from < INVOICES; from += BATCH) {
      const docs = [];
      const credit = [];
      for (let i = from; i < Math.min(INVOICES, from + BATCH); i++) {
        const orderId = new ObjectId().toHexString();
        const issuedAt = new Date(start + Math.floor((i / INVOICES) * span));
        const items = Array.from({ length: 1 + (i % 4) }, (_, j) => {
          const p = PRODUCTS[(i * 7 + j * 3) % PRODUCTS.length];
          return { product: new ObjectId().toHexString(), name: p.name, quantity: 1 + ((i + j) % 3), offerPricePaise: p.paise, hsn: p.hsn, gstRate: p.rate };
        });
        const subtotalPaise = items.reduce((s, it) => s + it.offerPricePaise * it.quantity, 0);
        const discountPaise = i % 10 === 0 ? Math.floor(subtotalPaise / 10) : 0;
        const deliveryFeePaise = i % 3 === 0 ? 3_000 : 0;
        const invoiced = {
          items,
          subtotalPaise,
          discountPaise,
          ...(discountPaise ? { coupon: { code: 'BENCH10' } } : {}),
          taxPaise: 0,
          deliveryFeePaise,
          amountPaise: subtotalPaise - discountPaise + deliveryFeePaise,
          address: { state: i % 20 === 0 ? 'Kerala' : 'Karnataka' },
          ...(i % 50 === 0 ? { buyerGstin: '29AABCT1332L1ZL' } : {}),
          taxMode: 'gst',
          deliveryGstRate: 18,
        };
        const number = `GC/${fy.slice(2)}/${String(i + 1).padStart(6, '0')}`;
        docs.push({ _id: `order:${orderId}`, fy, seq: i + 1, number, issuedAt, shop, invoiced });
        if (i % noteEvery === 0 && notes < NOTES) {
          notes++;
          const tax = priceOrderTax({
            mode: 'gst',
            lines: items.map((it) => ({ unitPaise: it.offerPricePaise, quantity: it.quantity, gstRate: it.gstRate, hsn: it.hsn })),
            discountPaise,
            deliveryFeePaise,
            deliveryGstRate: 18,
            shopStateCode: '29',
            placeOfSupplyStateCode: i % 20 === 0 ? '32' : '29',
          });
          const note = creditNoteFor(tax, { lines: [{ line: 0, quantity: 1 }] }, []);
          const at = new Date(Math.min(start + span, issuedAt.getTime() + 3_600_000));
          noteSeq++;
          credit.push({
            _id: `cn:${orderId}:adj:bench`,
            fy,
            seq: noteSeq,
            number: `CN/${fy.slice(2)}/${String(noteSeq).padStart(6, '0')}`,
            issuedAt: at,
            shop,
            credited: { order: orderId, at, invoice: number, reason: 'Packed with changes', note },
          });
        }
      }
      await records.insertMany([...docs, ...credit], { ordered: false });
    }
    const counters = client.db().collection('invoice_counters');
    await counters.insertMany([
      { _id: `counter:${fy}`, last: INVOICES },
      { _id: `cn-counter:${fy}`, last: noteSeq },
    ]);
  } finally {
    await client.close();
  }
}

function start(dataDir) {
  return startShop((port) => throwawayShopEnv({ dataDir, seller: SELLER, PORT: String(port), GREENCART_EMBEDDED: ENGINE, SHOP_TIMEZONE: TZ }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runGstr1Bench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
