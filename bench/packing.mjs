/**
 * Packing changes (issue 39): COD placement with and without the shopper's substitution choice (same run,
 * same shoppers), then 50 paid online orders (Razorpay stand-in, e2e/fake-razorpay.mjs) adjusted at once —
 * each packs 1 of 3, whose difference is refunded through the stand-in — and the same 50 again with their
 * keys (no new refund).
 */
import { randomUUID } from 'node:crypto';
import { codOrders, load, send } from './load.mjs';

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);

async function json(res, what) {
  if (res.status >= 300) throw new Error(`${what} answered ${res.status}: ${res.body}`);
  return JSON.parse(res.body.toString());
}

/** A paid online order of 3 units, paid as checkout.js does against the stand-in. */
async function paidOrder(base, rzpUrl, key, who, productId) {
  const started = await json(
    await send(undefined, base, {
      method: 'POST',
      path: '/api/paymentonline',
      headers: { cookie: who.cookie },
      body: { address: who.address, items: [{ product: productId, quantity: 3 }] },
    }),
    'paymentonline',
  );
  const paid = await (
    await fetch(`${rzpUrl}/e2e/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key, order_id: started.order.id, amount: started.order.amount, currency: started.order.currency }),
    })
  ).json();
  return (
    await json(await send(undefined, base, { method: 'POST', path: '/api/payment-success', headers: { cookie: who.cookie }, body: paid }), 'payment-success')
  ).order;
}

export async function packingScenarios({ base, shoppers, seller, product, seconds, row, rzpUrl, rzpKey }) {
  const without = await load({ base, connections: shoppers.length, seconds: 2 * seconds, warmupSeconds: 1, ...codOrders(shoppers, product._id) });
  const withChoice = await load({
    base,
    connections: shoppers.length,
    seconds: 2 * seconds,
    warmupSeconds: 0,
    ...codOrders(shoppers, product._id, { extra: () => ({ substitutions: 'similar' }) }),
  });
  row(`POST /api/placeorders (COD), ${shoppers.length} shoppers, no substitution choice`, without, { target: '–' });
  row(`POST /api/placeorders (COD) with substitutions: 'similar', ${shoppers.length} shoppers`, withChoice, {
    ratio: withChoice.rps / without.rps,
    target: 'rate ≥ 0.95× before',
  });

  const orders = [];
  for (const who of shoppers) orders.push(await paidOrder(base, rzpUrl, rzpKey, who, product._id));
  const refundsBefore = (await (await fetch(`${rzpUrl}/e2e/refunds`)).json()).items.length;
  const keys = orders.map(() => randomUUID());
  const adjust = (order, i) =>
    send(undefined, base, {
      method: 'POST',
      path: `/api/seller/orders/${order._id}/adjust`,
      headers: { cookie: seller, 'idempotency-key': keys[i] },
      body: { lines: [{ line: 0, packed: 1 }] },
    });
  const timed = async (order, i) => {
    const started = performance.now();
    const res = await adjust(order, i);
    return { status: res.status, ms: performance.now() - started, body: res.body };
  };
  const began = performance.now();
  const answers = await Promise.all(orders.map(timed));
  const wall = (performance.now() - began) / 1000;
  const ms = answers
    .filter((r) => r.status === 200)
    .map((r) => r.ms)
    .sort((a, b) => a - b);
  const refunded = answers.filter((r) => r.status === 200 && JSON.parse(r.body.toString()).adjustment?.refund?.status === 'processed').length;
  const again = await Promise.all(orders.map(adjust));
  const refundsAfter = (await (await fetch(`${rzpUrl}/e2e/refunds`)).json()).items.length;
  row(
    `POST /api/seller/orders/:id/adjust, ${orders.length} paid orders at once (pack 1 of 3, refund via the stand-in)`,
    {
      requests: answers.length,
      errors: answers.length - ms.length,
      p50: percentile(ms, 50),
      p95: percentile(ms, 95),
      p99: percentile(ms, 99),
      rps: ms.length / wall,
    },
    {
      target: 'p95 ≤ 150 ms',
      checks: `${refunded} refunds processed in the answer; again with the same keys: ${again.filter((r) => r.status === 200).length} × 200; refunds made: ${refundsAfter - refundsBefore} (${refundsAfter - refundsBefore === orders.length ? 'exactly one each' : 'MISMATCH'})`,
    },
  );
}
