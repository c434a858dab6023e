/**
 * Coupons (issue 40): COD placement with a coupon against placement without one (same run, same 50
 * shoppers), and 50 shoppers at once racing for a coupon with 5 uses left.
 */
import { codOrders, everyoneAtOnce, load, send } from './load.mjs';

async function createCoupon(base, seller, body) {
  const res = await send(undefined, base, { method: 'POST', path: '/api/seller/coupons', headers: { cookie: seller }, body });
  if (res.status !== 201) throw new Error(`creating a coupon answered ${res.status}: ${res.body}`);
  return JSON.parse(res.body.toString()).coupon;
}

async function couponNow(base, seller, code) {
  const res = await send(undefined, base, { path: '/api/seller/coupons', headers: { cookie: seller } });
  return JSON.parse(res.body.toString()).coupons.find((c) => c.code === code);
}

export async function couponScenarios({ base, shoppers, seller, product, seconds, row }) {
  const stamp = Date.now().toString(36).toUpperCase();
  const plain = { placed: 0, refused: 0 };
  const without = await load({
    base,
    connections: shoppers.length,
    seconds: 2 * seconds,
    warmupSeconds: 1,
    ...codOrders(shoppers, product._id, { counts: plain }),
  });
  const code = `PCT${stamp}`.slice(0, 20);
  await createCoupon(base, seller, { code, kind: 'percent', value: 10, maxDiscount: 100, perShopperLimit: 100 });
  const used = { placed: 0, refused: 0 };
  const withCoupon = await load({
    base,
    connections: shoppers.length,
    seconds: 2 * seconds,
    warmupSeconds: 0,
    ...codOrders(shoppers, product._id, { extra: () => ({ coupon: code }), counts: used }),
  });
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
  const { placed, refused, figures } = await everyoneAtOnce(base, shoppers, { product: product._id }, { coupon: last });
  const after = await couponNow(base, seller, last);
  row(`POST /api/placeorders (COD), ${shoppers.length} shoppers at once for a coupon with 5 uses left`, figures, {
    checks: `${placed} orders with it, ${refused} refused (409); the coupon counts ${after?.used}: ${placed === 5 && after?.used === 5 ? 'exactly 5' : 'MISMATCH'}`,
    target: 'exactly 5 orders with it',
  });
}
