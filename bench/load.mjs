/**
 * A small closed-loop HTTP load generator (keep-alive node:http, N requests in flight), shared by
 * every scenario of bench/bench.mjs. Figures only: nothing here asserts anything.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';

/**
 * Waits until the shop's /api/health lists no start-up work (at most two minutes; e.g. its search for
 * orders left unlisted, a read of every order on FerretDB), then `settleMs`; how long that took.
 */
export async function startupDone(base, settleMs = 0) {
  const started = Date.now();
  while (Date.now() - started < 120_000) {
    const health = await send(undefined, base, { path: '/api/health' }).catch(() => undefined);
    if (health?.status === 200 && JSON.parse(health.body.toString()).startup?.running?.length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (settleMs) await new Promise((resolve) => setTimeout(resolve, settleMs));
  return Date.now() - started;
}

/** One request; resolves with status, bytes, headers and milliseconds (status 0 on a network error). */
export function send(agent, base, { method = 'GET', path, headers = {}, body }) {
  const url = new URL(path, base);
  const payload = body === undefined ? undefined : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method,
        path: url.pathname + url.search,
        headers: { ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}), ...headers },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks), ms: performance.now() - started }));
        res.on('error', (error) => resolve({ status: 0, error: error.message, ms: performance.now() - started, body: Buffer.alloc(0), headers: {} }));
      },
    );
    req.on('error', (error) => resolve({ status: 0, error: error.message, ms: performance.now() - started, body: Buffer.alloc(0), headers: {} }));
    req.end(payload);
  });
}

/**
 * Runs `next(i)` (which returns the request to send, or undefined when there are no more) with
 * `connections` requests in flight, for `seconds` or until `next` runs out; `ok(result)` decides
 * what counts as an error. Returns the summary row.
 */
export async function load({ base, connections, seconds = 5, warmupSeconds = 1, next, ok = (r) => r.status === 200, onResult }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  try {
    if (warmupSeconds > 0) await loop(agent, base, connections, warmupSeconds, next, () => undefined, true);
    const results = [];
    const elapsed = await loop(agent, base, connections, seconds, next, (r) => {
      results.push(r);
      onResult?.(r);
    });
    return summarise(results, elapsed, ok);
  } finally {
    agent.destroy();
  }
}

async function loop(agent, base, connections, seconds, next, record, warmup = false) {
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let i = 0;
  let done = false;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (!done && performance.now() < deadline) {
        const request = next(i++, warmup);
        if (!request) {
          done = true;
          break;
        }
        const result = await send(agent, base, request);
        result.request = request;
        record(result);
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);

export function summarise(results, seconds, ok) {
  const good = results.filter(ok);
  const ms = good.map((r) => r.ms).sort((a, b) => a - b);
  return {
    requests: results.length,
    errors: results.length - good.length,
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    p99: percentile(ms, 99),
    rps: good.length / seconds,
    kb: good.length ? good.reduce((n, r) => n + r.body.length, 0) / good.length / 1024 : 0,
    statuses: [...new Set(results.filter((r) => !ok(r)).map((r) => r.status))],
  };
}

/** The session cookies an answer sets, as one Cookie header. */
export function cookieOf(res) {
  return [res.headers['set-cookie']]
    .flat()
    .filter(Boolean)
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** A new shopper with one saved address (`address`, the spec's fields): `{ cookie, address: its _id }`. */
export async function registerShopper(base, name, address) {
  const email = `${name}-${randomBytes(5).toString('hex')}@bench.local`;
  const res = await send(undefined, base, { method: 'POST', path: '/api/register', body: { firstName: 'Bench', email, password: 'correct-horse-battery' } });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${res.body}`);
  const cookie = cookieOf(res);
  const added = await send(undefined, base, { method: 'POST', path: '/api/Address/add', headers: { cookie }, body: { adress: address } });
  if (added.status !== 201) throw new Error(`adding an address answered ${added.status}: ${added.body}`);
  return { cookie, address: JSON.parse(added.body.toString()).address._id };
}

/** The seller's session cookie (`seller`: `{ email, password }`). */
export async function signInSeller(base, seller) {
  const res = await send(undefined, base, { method: 'POST', path: '/api/sellerlogin', body: seller });
  if (res.status !== 200) throw new Error(`seller login answered ${res.status}`);
  return cookieOf(res);
}

/**
 * COD orders from `shoppers` in turn, for `load`: one line of 1–3 units of `productId`, each order its own
 * Idempotency-Key, with `extra(i)` added to the body (a coupon, a slot, a substitution choice); with
 * `counts` (`{ placed, refused }`), every answer is counted as placed (201) or refused.
 */
export function codOrders(shoppers, productId, { extra = () => ({}), counts } = {}) {
  return {
    next: (i) => {
      const who = shoppers[i % shoppers.length];
      return {
        method: 'POST',
        path: '/api/placeorders',
        headers: { cookie: who.cookie, 'idempotency-key': randomUUID() },
        body: { address: who.address, items: [{ product: productId, quantity: 1 + (i % 3) }], ...extra(i) },
      };
    },
    ok: (r) => r.status === 201,
    onResult: (r) => {
      if (!counts) return;
      if (r.status === 201) counts.placed += 1;
      else counts.refused += 1;
    },
  };
}

/**
 * Every shopper at once places one COD order of one unit of `line` (`{ product, variant? }`), with `extra`
 * added to the body (a race for the last places): how many were placed (201) and refused (409), and
 * `figures` for a row (the time of the whole race as its p99).
 */
export async function everyoneAtOnce(base, shoppers, line, extra = {}) {
  const started = performance.now();
  const answers = await Promise.all(
    shoppers.map((who) =>
      send(undefined, base, {
        method: 'POST',
        path: '/api/placeorders',
        headers: { cookie: who.cookie, 'idempotency-key': randomUUID() },
        body: { address: who.address, items: [{ ...line, quantity: 1 }], ...extra },
      }),
    ),
  );
  const ms = performance.now() - started;
  const placed = answers.filter((r) => r.status === 201).length;
  const refused = answers.filter((r) => r.status === 409).length;
  return { placed, refused, figures: { requests: answers.length, errors: answers.length - placed - refused, p50: NaN, p95: NaN, p99: ms, rps: NaN } };
}
