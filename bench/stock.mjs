/**
 * Counted stock (issue 19) in `npm run bench`, at 10,000 products: the same 50 shoppers place COD
 * orders on one counted product (every order takes units under that product's lock) and on one
 * uncounted product, one run after the other; then /api/productList is loaded while those orders run,
 * next to a raw node:http server sending the same bytes while the same orders run; then the 50 race for
 * the last 100 units of a product, checking that exactly 100 are sold (0 oversold). Figures only.
 */
import { randomUUID } from 'node:crypto';
import { everyoneAtOnce, load, send } from './load.mjs';

const ACCEPT = { 'accept-encoding': 'br, gzip' };

async function setStock(base, seller, id, stock) {
  const res = await send(undefined, base, { method: 'POST', path: '/api/changeStock', headers: { cookie: seller }, body: { id, stock } });
  if (res.status !== 200) throw new Error(`changeStock answered ${res.status}: ${res.body}`);
}

async function storedStock(base, id) {
  const res = await send(undefined, base, { path: `/api/products/${id}` });
  return JSON.parse(res.body.toString()).product.stock;
}

/** Orders of 1–3 units of `product` (its pack size `variant` when given) from the 50 shoppers, each its own Idempotency-Key; counts the units the answered orders took. */
function ordering(shoppers, productId, units, variant) {
  return {
    next: (i) => {
      const who = i % shoppers.length;
      return {
        method: 'POST',
        path: '/api/placeorders',
        quantity: 1 + (i % 3),
        headers: { cookie: shoppers[who].cookie, 'idempotency-key': randomUUID() },
        body: { address: shoppers[who].address, items: [{ product: productId, ...(variant ? { variant } : {}), quantity: 1 + (i % 3) }] },
      };
    },
    ok: (r) => r.status === 201,
    onResult: (r) => {
      if (r.status === 201) units.sold += r.request.quantity;
      else if (r.status === 409) units.refused += 1;
    },
  };
}

export async function countedStockScenarios({ base, shoppers, seller, products, seconds, row, startRaw }) {
  const [uncounted, counted, scarce] = products;
  const START = 100_000;
  await setStock(base, seller, counted._id, START);

  // 1. The same shoppers, one run on an uncounted product, one on a counted one.
  const plain = { sold: 0, refused: 0 };
  const before = await load({ base, connections: shoppers.length, seconds: 2 * seconds, warmupSeconds: 1, ...ordering(shoppers, uncounted._id, plain) });
  const units = { sold: 0, refused: 0 };
  const withStock = await load({ base, connections: shoppers.length, seconds: 2 * seconds, warmupSeconds: 0, ...ordering(shoppers, counted._id, units) });
  const left = await storedStock(base, counted._id);
  const oversold = START - left - units.sold;
  row('POST /api/placeorders (COD), uncounted product, 50 shoppers', before, { target: '–' });
  row('POST /api/placeorders (COD), counted product, 50 shoppers', withStock, {
    ratio: withStock.rps / before.rps,
    checks: `count ${START} → ${left}, ${units.sold} units in answered orders, ${oversold === 0 ? '0 oversold' : `MISMATCH ${oversold}`}`,
    target: 'rate ≥ 0.8× uncounted; p99 ≤ 1 s; 0 oversold',
  });

  // 2. The whole catalogue while those orders run (each order changes the counted product's availability).
  const sample = await send(undefined, base, { path: '/api/productList', headers: ACCEPT });
  const listRequest = () => ({ path: '/api/productList', headers: ACCEPT });
  const [list] = await Promise.all([
    load({ base, connections: 20, seconds, next: listRequest }),
    load({ base, connections: shoppers.length, seconds: seconds + 1, warmupSeconds: 0, ...ordering(shoppers, counted._id, units) }),
  ]);
  const headers = { 'content-type': sample.headers['content-type'], etag: sample.headers.etag, vary: 'Accept-Encoding' };
  if (sample.headers['content-encoding']) headers['content-encoding'] = sample.headers['content-encoding'];
  const raw = await startRaw(sample.body, headers);
  let baseline;
  try {
    [baseline] = await Promise.all([
      load({ base: raw.base, connections: 20, seconds, next: listRequest }),
      load({ base, connections: shoppers.length, seconds: seconds + 1, warmupSeconds: 0, ...ordering(shoppers, counted._id, units) }),
    ]);
  } finally {
    raw.stop();
  }
  row(`GET /api/productList, 10,000 products, 20 conn, while 50 shoppers order counted units`, list, { ratio: list.rps / baseline.rps, target: '≥ 0.5× raw' });
  row('  raw node:http, same bytes, while the same orders run', baseline);

  // 3. 50 shoppers racing for the last 100 units.
  await setStock(base, seller, scarce._id, 100);
  const race = { sold: 0, refused: 0 };
  const raced = await load({
    base,
    connections: shoppers.length,
    seconds: 3,
    warmupSeconds: 0,
    ...ordering(shoppers, scarce._id, race),
    ok: (r) => r.status === 201 || r.status === 409,
  });
  const after = await storedStock(base, scarce._id);
  row('POST /api/placeorders (COD), 50 shoppers racing for the last 100 units', raced, {
    checks: `${race.sold} units sold, ${race.refused} refused (409), count ${after}; ${race.sold === 100 - after && after >= 0 ? '0 oversold' : 'OVERSOLD'}`,
    target: '0 oversold',
  });
}

async function productNow(base, id) {
  return JSON.parse((await send(undefined, base, { path: `/api/products/${id}` })).body.toString()).product;
}

/**
 * Pack sizes (issue 37): the same 50 shoppers order a single-size product, then the second pack size
 * of a product with several (each line naming its size), one run after the other; then the 50 race at
 * once for the last 5 units of one size while another size of the same product is counted too.
 */
export async function packSizeScenarios({ base, shoppers, seller, seconds, row }) {
  const page = JSON.parse((await send(undefined, base, { path: '/api/products?inStock=true&limit=100' })).body.toString()).products;
  const single = page.find((p) => p.variants.length === 1 && p.stock === null);
  const sized = page.filter((p) => p.variants.length >= 3 && p.variants.every((v) => v.stock === null && v.inStock));
  if (!single || sized.length < 2) throw new Error('the bench needs a single-size product and two with 3 sizes (seed:large makes them)');
  const [multi, scarce] = sized;
  const plain = { sold: 0, refused: 0 };
  const one = await load({ base, connections: shoppers.length, seconds: 2 * seconds, warmupSeconds: 1, ...ordering(shoppers, single._id, plain) });
  const packs = { sold: 0, refused: 0 };
  const named = await load({
    base,
    connections: shoppers.length,
    seconds: 2 * seconds,
    warmupSeconds: 0,
    ...ordering(shoppers, multi._id, packs, multi.variants[1]._id),
  });
  row('POST /api/placeorders (COD), single-size product, 50 shoppers', one, { target: '–' });
  row(`POST /api/placeorders (COD), lines naming a pack size (${multi.variants[1].label} of ${multi.variants.length}), 50 shoppers`, named, {
    ratio: named.rps / one.rps,
    target: 'rate ≥ 0.9× single-size',
  });

  // The last 5 units of one size, 50 shoppers at once; another size counted at 100 must stay 100.
  const [first, second, third] = scarce.variants;
  for (const [variant, stock] of [
    [second._id, 5],
    [third._id, 100],
  ]) {
    const res = await send(undefined, base, {
      method: 'POST',
      path: '/api/changeStock',
      headers: { cookie: seller },
      body: { id: scarce._id, variant, stock },
    });
    if (res.status !== 200) throw new Error(`changeStock answered ${res.status}: ${res.body}`);
  }
  const { placed: sold, refused, figures } = await everyoneAtOnce(base, shoppers, { product: scarce._id, variant: second._id });
  const after = await productNow(base, scarce._id);
  const [a, b, c] = after.variants.map((v) => v.stock);
  const fine = sold === 5 && b === 0 && c === 100 && a === first.stock;
  row(`POST /api/placeorders (COD), ${shoppers.length} shoppers at once for the last 5 units of one pack size`, figures, {
    checks: `${sold} sold, ${refused} refused (409); sizes now ${a} / ${b} / ${c} (was ${first.stock} / 5 / 100): ${fine ? 'other sizes untouched, 0 oversold' : 'MISMATCH'}`,
    target: '5 sold, other sizes untouched, 0 oversold',
  });
}
