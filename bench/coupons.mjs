/**
 * Coupons (issue 40): COD placement with a coupon against placement without one (same run, same 50
 * shoppers), and 50 shoppers at once racing for a coupon with 5 uses left.
 */
import { randomUUID } from 'node:crypto';
import { load, send } from './load.mjs';

async function createCoupon(base, seller, body) {
  const res = await send(undefined, base, { method: 'POST', path: '/api/seller/coupons', headers: { cookie: seller }, body });
  if (res.status !== 201) throw new Error(`creating a coupon answered ${res.status}: ${res.body}`);
  return JSON.parse(res.body.toString()).coupon;
}

async function couponNow(base, seller, code) {
  const res = await send(undefined, base, { path: '/api/seller/coupons', headers: { cookie: seller } });
  return JSON.parse(res.body.toString()).coupons.find((c) => c.code === code);
}

function ordering(shoppers, productId, coupon, counts) {
  return {
    next: (i) => {
      const who = shoppers[i % shoppers.length];
      return {
        method: 'POST',
        path: '/api/placeorders',
        headers: { cookie: who.cookie, 'idempotency-key': randomUUID() },
        body: { address: who.address, items: [{ product: productId, quantity: 1 + (i % 3) }], ...(coupon ? { coupon } : {}) },
      };
    },
    ok: (r) => r.status === 201,
    onResult: (r) => {
      if (r.status === 201) counts.placed += 1;
      else counts.refused += 1;
    },
  };
}

export async function couponScenarios({ base, shoppers, seller, product, seconds, row }) {
  const stamp = Date.now().toString(36).toUpperCase();
  const plain = { placed: 0, refused: 0 };
  const without = await load({
    base,
    connections: shoppers.length,
    seconds: 2 * seconds,
    warmupSeconds: 1,
    ...ordering(shoppers, product._id, undefined, plain),
  });
  const code = `PCT${stamp}`.slice(0, 20);
  await createCoupon(base, seller, { code, kind: 'percent', value: 10, maxDiscount: 100, perShopperLimit: 100 });
  const used = { placed: 0, refused: 0 };
  const withCoupon = await load({ base, connections: shoppers.length, seconds: 2 * seconds, warmupSeconds: 0, ...ordering(shoppers, product._id, code, used) });
  const counted = await couponNow(base, seller, code);
  row(`POST /api/placeorders (COD), ${shoppers.length} shoppers, no coupon`, without, { target: '–' });
  row(`POST /api/placeorders (COD) with a 10% coupon, ${shoppers.length} shoppers`, withCoupon, {
    ratio: withCoupon.rps / without.rps,
    target: 'rate ≥ 0.85× without',
    checks: `${used.placed} orders with it, ${used.refused} refused; the coupon counts ${counted?.used} uses: ${counted?.used === used.placed ? 'exact' : 'MISMATCH'}`,
  });

  // 5 uses left, everyone at once.
  const last = `LAST${stamp}`.slice(0, 20);
  await createCoupon(base, seller, { code: last, kind: 'flat', value: 5, totalLimit: 5 });
  const started = performance.now();
  const answers = await Promise.all(
    shoppers.map((who) =>
      send(undefined, base, {
        method: 'POST',
        path: '/api/placeorders',
        headers: { cookie: who.cookie, 'idempotency-key': randomUUID() },
        body: { address: who.address, items: [{ product: product._id, quantity: 1 }], coupon: last },
      }),
    ),
  );
  const ms = performance.now() - started;
  const placed = answers.filter((r) => r.status === 201).length;
  const refused = answers.filter((r) => r.status === 409).length;
  const after = await couponNow(base, seller, last);
  row(
    `POST /api/placeorders (COD), ${shoppers.length} shoppers at once for a coupon with 5 uses left`,
    { requests: answers.length, errors: answers.length - placed - refused, p50: NaN, p95: NaN, p99: ms, rps: NaN },
    {
      checks: `${placed} orders with it, ${refused} refused (409); the coupon counts ${after?.used}: ${placed === 5 && after?.used === 5 ? 'exactly 5' : 'MISMATCH'}`,
      target: 'exactly 5 orders with it',
    },
  );
}
