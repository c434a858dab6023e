/**
 * Delivery slots (issue 41): COD placement into slots against express placement (same run, same 50
 * shoppers), 50 shoppers at once racing for a slot with 5 places, and GET /api/delivery/slots with
 * 3 days × 12 slots and 10,000 orders stored.
 */
import { codOrders, everyoneAtOnce, load, send } from './load.mjs';

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
const pad = (n) => String(n).padStart(2, '0');
/** 12 hourly slots, 08:00–20:00; the 19:00 one takes 5 orders (the race), the others 500. */
const SLOTS = Array.from({ length: 12 }, (_, i) => ({
  days: EVERY_DAY,
  start: `${pad(8 + i)}:00`,
  end: `${pad(9 + i)}:00`,
  capacity: i === 11 ? 5 : 500,
  cutoffMinutes: 0,
}));

async function slotsNow(base) {
  return JSON.parse((await send(undefined, base, { path: '/api/delivery/slots?pincode=560001' })).body.toString());
}

/** `storeOrders` stops the shop, writes 10,000 orders around it and starts it again: the new base URL. */
export async function slotScenarios({ base, shoppers, seller, product, seconds, row, storeOrders }) {
  const saved = await send(undefined, base, {
    method: 'PUT',
    path: '/api/seller/delivery',
    headers: { cookie: seller },
    body: { areas: [], slots: SLOTS, slotDays: 3 },
  });
  if (saved.status !== 200) throw new Error(`saving the slots answered ${saved.status}: ${saved.body}`);
  const offered = await slotsNow(base);
  const open = offered.days.flatMap((d) => d.slots).filter((s) => s.available && s.left >= 400);

  const plain = { placed: 0, refused: 0 };
  const express = await load({
    base,
    connections: shoppers.length,
    seconds: 2 * seconds,
    warmupSeconds: 1,
    ...codOrders(shoppers, product._id, { counts: plain }),
  });
  const chosen = { placed: 0, refused: 0 };
  const intoSlots = await load({
    base,
    connections: shoppers.length,
    seconds: 2 * seconds,
    warmupSeconds: 0,
    ...codOrders(shoppers, product._id, { extra: (i) => (open.length ? { delivery: { slot: open[i % open.length].id } } : {}), counts: chosen }),
  });
  const after = await slotsNow(base);
  const taken = after.days.flatMap((d) => d.slots).reduce((sum, s) => sum + (open.some((o) => o.id === s.id) ? 500 - s.left : 0), 0);
  row(`POST /api/placeorders (COD), ${shoppers.length} shoppers, express`, express, { target: '–' });
  row(`POST /api/placeorders (COD) into ${open.length} slots, ${shoppers.length} shoppers`, intoSlots, {
    ratio: intoSlots.rps / express.rps,
    target: 'rate ≥ 0.85× express',
    checks: `${chosen.placed} orders in slots, ${chosen.refused} refused; the slots count ${taken} places: ${taken === chosen.placed ? 'exact' : 'MISMATCH'}`,
  });

  // Tomorrow's 19:00 slot: 5 places, everyone at once.
  const race = offered.days[1]?.slots.find((s) => s.start === '19:00');
  const { placed, refused, figures } = await everyoneAtOnce(base, shoppers, { product: product._id }, { delivery: { slot: race.id } });
  const left = (await slotsNow(base)).days[1].slots.find((s) => s.id === race.id).left;
  row(`POST /api/placeorders (COD), ${shoppers.length} shoppers at once for a slot with 5 places`, figures, {
    checks: `${placed} orders in it, ${refused} refused (409), ${left} left: ${placed === 5 && left === 0 ? 'exactly 5' : 'MISMATCH'}`,
    target: 'exactly 5',
  });

  const { base: later, stored } = await storeOrders();
  const days = await slotsNow(later);
  // The plain delivery check (memory only) under the same load: what the HTTP stack itself costs on this machine now.
  const plainCheck = await load({ base: later, connections: 10, seconds, warmupSeconds: 1, next: () => ({ path: '/api/delivery?pincode=560001' }) });
  row('GET /api/delivery (the plain check, for comparison), 10 connections', plainCheck, { target: '–' });
  const reading = await load({ base: later, connections: 10, seconds, warmupSeconds: 1, next: () => ({ path: '/api/delivery/slots?pincode=560001' }) });
  row(`GET /api/delivery/slots, ${days.days.length} days × ${SLOTS.length} slots, ${stored.toLocaleString('en')} orders stored, 10 connections`, reading, {
    target: 'p95 ≤ 20 ms',
  });
}
