/**
 * Staff accounts (issue 42): seller routes as the owner and as a packer (the role read per request) in the
 * same run, and the activity log's pages with 100,000 entries.
 */
import { randomBytes } from 'node:crypto';
import { cookieOf, load, send } from './load.mjs';

const STAFF_PASSWORD = 'bench-staff-password-91';

/** A packer invited by the owner (`seller`: its cookie), who set a password and signed in: their cookie. */
export async function packerCookie(base, seller) {
  const email = `packer-${randomBytes(4).toString('hex')}@bench.local`;
  const invited = await send(undefined, base, {
    method: 'POST',
    path: '/api/seller/staff',
    headers: { cookie: seller },
    body: { name: 'Bench Packer', email, role: 'packer' },
  });
  if (invited.status !== 201) throw new Error(`inviting answered ${invited.status}: ${invited.body}`);
  const token = new URL(JSON.parse(invited.body.toString()).inviteLink).searchParams.get('token');
  const accepted = await send(undefined, base, { method: 'POST', path: '/api/seller/staff/accept', body: { token, password: STAFF_PASSWORD } });
  if (accepted.status !== 200) throw new Error(`accepting answered ${accepted.status}: ${accepted.body}`);
  const res = await send(undefined, base, { method: 'POST', path: '/api/sellerlogin', body: { email, password: STAFF_PASSWORD } });
  if (res.status !== 200) throw new Error(`the packer's sign-in answered ${res.status}`);
  return cookieOf(res);
}

const ROUTES = ['/api/seller/stock', '/api/getorder/admin/seller?page=1&limit=20', '/api/is-auth-seller'];

/** Each seller route as the owner, then as a packer, alternating twice (same run, same data): p95 side by side. */
export async function roleCheckScenarios({ base, seller, seconds, row }) {
  const packer = await packerCookie(base, seller);
  for (const path of ROUTES) {
    const as = (cookie) => load({ base, connections: 10, seconds, warmupSeconds: 1, next: () => ({ path, headers: { cookie } }) });
    const owner1 = await as(seller);
    const packer1 = await as(packer);
    const owner2 = await as(seller);
    const packer2 = await as(packer);
    const ownerP95 = Math.min(owner1.p95, owner2.p95);
    const packerP95 = Math.min(packer1.p95, packer2.p95);
    row(`GET ${path} as the owner, 10 at once`, owner2, { target: '–' });
    row(`GET ${path} as a packer (role read per request), 10 at once`, packer2, {
      ratio: packerP95 / ownerP95,
      target: 'p95 ≤ 1.1× the owner’s',
      checks: `best p95 of two runs: owner ${ownerP95.toFixed(1)} ms, packer ${packerP95.toFixed(1)} ms`,
    });
  }
}

const KINDS = ['order.status', 'stock.changed', 'product.edited', 'sign-in', 'coupon.edited'];

/**
 * `count` activity entries over the last 300 days, written straight into the database (the shop stopped) in
 * the log's own format: the entries, and the pages of each series (all, per person, per kind).
 */
export async function seedActivity(uri, count, MongoClient) {
  const client = await MongoClient.connect(uri);
  try {
    const db = client.db();
    // What the first part of the run recorded (sign-ins, the invitation) is replaced by the seeded log.
    for (const name of ['activity_log', 'activity_pages', 'activity_series']) await db.collection(name).deleteMany({});
    const now = Date.now();
    const span = 300 * 24 * 3600 * 1000;
    const series = new Map();
    const entries = [];
    for (let i = 0; i < count; i++) {
      const n = i + 1;
      const owner = i % 3 === 0;
      const entry = {
        _id: String(n),
        at: new Date(now - span + Math.floor((i / count) * span)).toISOString(),
        actor: owner
          ? { id: 'owner', name: 'Owner', role: 'owner' }
          : { id: `66aa00000000000000000${String(i % 7).padStart(3, '0')}`, name: `Staff ${i % 7}`, role: 'packer' },
        kind: KINDS[i % KINDS.length],
        subject: `Order GC-${10000 + i}`,
        before: { status: 'Order Placed' },
        after: { status: 'Packing' },
      };
      entries.push({
        _id: n,
        at: new Date(entry.at),
        actorId: entry.actor.id,
        actorName: entry.actor.name,
        actorRole: entry.actor.role,
        kind: entry.kind,
        subject: entry.subject,
        before: entry.before,
        after: entry.after,
      });
      for (const name of ['all', `actor:${entry.actor.id}`, `kind:${entry.kind}`]) {
        const list = series.get(name) ?? [];
        list.push(entry);
        series.set(name, list);
      }
    }
    for (let i = 0; i < entries.length; i += 1000) await db.collection('activity_log').insertMany(entries.slice(i, i + 1000), { ordered: false });
    const pages = [];
    for (const [name, list] of series) {
      for (let k = 0; k * 50 < list.length; k++) pages.push({ _id: `${name}#${k}`, json: JSON.stringify(list.slice(k * 50, (k + 1) * 50)) });
      await db.collection('activity_series').insertOne({ _id: name, count: list.length });
    }
    for (let i = 0; i < pages.length; i += 200) await db.collection('activity_pages').insertMany(pages.slice(i, i + 200), { ordered: false });
  } finally {
    await client.close();
  }
}

/** The activity log's pages with the seeded entries: newest page, a later page, a kind, a person, a month. */
export async function activityScenarios({ base, seller, seconds, row, count }) {
  const month = new Date(Date.now() - 60 * 24 * 3600 * 1000);
  const monthEnd = new Date(month.getTime() + 30 * 24 * 3600 * 1000);
  const pages = [
    ['newest page', '/api/seller/activity'],
    ['page 20', '/api/seller/activity?page=20'],
    ['kind=order.status, newest page', '/api/seller/activity?kind=order.status'],
    ['one packer, newest page', '/api/seller/activity?actor=66aa00000000000000000001'],
    ['a month (from/to), newest page', `/api/seller/activity?from=${month.toISOString()}&to=${monthEnd.toISOString()}`],
  ];
  for (const [name, path] of pages) {
    const result = await load({ base, connections: 4, seconds, warmupSeconds: 1, next: () => ({ path, headers: { cookie: seller } }) });
    row(`GET activity log, ${name}, ${count.toLocaleString('en')} entries`, result, { target: 'p95 ≤ 50 ms' });
  }
}
