// A local stand-in for Razorpay for the browser tests: its API (the same shapes and errors as
// backend/test/support/fake-razorpay.ts) and a checkout.js stand-in that pays against it.
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/** Test keys only: they open nothing but this server. */
export const FAKE_RAZORPAY_KEYS = {
  keyId: 'rzp_test_e2eGreenCart',
  keySecret: 'e2e_key_secret_not_a_real_one',
  webhookSecret: 'e2e_webhook_secret_not_a_real_one',
};

const checkoutScript = readFileSync(new URL('./razorpay-checkout-stand-in.js', import.meta.url), 'utf8');
const id = (prefix) => `${prefix}_${randomBytes(7).toString('base64url').replace(/[-_]/g, 'x')}`;
const now = () => Math.floor(Date.now() / 1000);

/**
 * Serves POST /v1/orders, GET /v1/orders/:id, GET /v1/payments/:id, POST /v1/payments/:id/refund and
 * GET /v1/payments/:id/refunds (Basic auth with the key id and secret), GET /v1/checkout.js (the
 * stand-in), and for that script POST /e2e/pay and /e2e/fail: what Razorpay does when the shopper
 * pays (a captured payment and the signature checkout.js hands the page) or is declined.
 */
export function startFakeRazorpay({ port, host = '127.0.0.1', keys = FAKE_RAZORPAY_KEYS } = {}) {
  const orders = new Map();
  const payments = new Map();
  const refunds = new Map();

  const signature = (orderId, paymentId) => createHmac('sha256', keys.keySecret).update(`${orderId}|${paymentId}`).digest('hex');

  function createPayment(order, status) {
    const payment = {
      id: id('pay'),
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status,
      order_id: order.id,
      method: 'card',
      captured: status === 'captured',
      error_code: status === 'failed' ? 'BAD_REQUEST_ERROR' : null,
      error_description: status === 'failed' ? 'Your card was declined by the bank (test)' : null,
      created_at: now(),
    };
    payments.set(payment.id, payment);
    order.attempts += 1;
    order.status = status === 'captured' ? 'paid' : 'attempted';
    if (status === 'captured') Object.assign(order, { amount_paid: order.amount, amount_due: 0 });
    return payment;
  }

  /** What checkout.js checks before it lets the shopper pay: the page's key, order and amount. */
  function checkoutOrder(body) {
    if (body.key !== keys.keyId) return { problem: 'The key passed to checkout.js is not this account’s key' };
    const order = orders.get(body.order_id);
    if (!order) return { problem: 'The order id passed to checkout.js does not exist' };
    if (body.amount !== order.amount || body.currency !== order.currency) return { problem: 'The amount passed to checkout.js does not match the order' };
    if (order.status === 'paid') return { problem: 'This order has already been paid' };
    return { order };
  }

  async function handle(req, res) {
    const url = new URL(req.url ?? '/', 'http://fake-razorpay');
    if (url.pathname.startsWith('/e2e/') || url.pathname === '/v1/checkout.js') {
      // Called from the shop's pages: another origin.
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Access-Control-Allow-Headers', 'Content-Type');
      if (req.method === 'OPTIONS') return res.writeHead(204).end();
    }
    if (req.method === 'GET' && url.pathname === '/v1/checkout.js') {
      return res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' }).end(checkoutScript);
    }
    if (req.method === 'POST' && (url.pathname === '/e2e/pay' || url.pathname === '/e2e/fail')) {
      const { order, problem } = checkoutOrder(await readJson(req));
      if (problem) return error(res, 400, 'BAD_REQUEST_ERROR', problem);
      if (url.pathname === '/e2e/fail') {
        const payment = createPayment(order, 'failed');
        return json(res, 200, {
          error: {
            code: payment.error_code,
            description: payment.error_description,
            source: 'bank',
            step: 'payment_authorization',
            reason: 'payment_failed',
            metadata: { order_id: order.id, payment_id: payment.id },
          },
        });
      }
      const payment = createPayment(order, 'captured');
      return json(res, 200, { razorpay_payment_id: payment.id, razorpay_order_id: order.id, razorpay_signature: signature(order.id, payment.id) });
    }
    if (req.method === 'GET' && url.pathname === '/e2e/refunds') return json(res, 200, { items: [...refunds.values()] });

    const auth = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
    if (auth !== `${keys.keyId}:${keys.keySecret}`) return error(res, 401, 'BAD_REQUEST_ERROR', 'The api key provided is invalid');
    const body = req.method === 'POST' ? await readJson(req) : {};
    let match;
    if (req.method === 'POST' && url.pathname === '/v1/orders') return createOrder(body, res);
    if (req.method === 'GET' && (match = /^\/v1\/orders\/([^/]+)$/.exec(url.pathname))) {
      const order = orders.get(match[1]);
      return order ? json(res, 200, order) : error(res, 400, 'BAD_REQUEST_ERROR', 'The id provided does not exist');
    }
    if (req.method === 'GET' && (match = /^\/v1\/payments\/([^/]+)$/.exec(url.pathname))) {
      const payment = payments.get(match[1]);
      return payment ? json(res, 200, payment) : error(res, 400, 'BAD_REQUEST_ERROR', 'The id provided does not exist');
    }
    if (req.method === 'POST' && (match = /^\/v1\/payments\/([^/]+)\/refund$/.exec(url.pathname))) return refund(match[1], body, res);
    if (req.method === 'GET' && (match = /^\/v1\/orders\/([^/]+)\/payments$/.exec(url.pathname))) {
      if (!orders.has(match[1])) return error(res, 400, 'BAD_REQUEST_ERROR', 'The id provided does not exist');
      const items = [...payments.values()].filter((p) => p.order_id === match[1]).reverse();
      return json(res, 200, { entity: 'collection', count: items.length, items });
    }
    if (req.method === 'GET' && (match = /^\/v1\/payments\/([^/]+)\/refunds$/.exec(url.pathname))) {
      const items = [...refunds.values()].filter((r) => r.payment_id === match[1]);
      return json(res, 200, { entity: 'collection', count: items.length, items });
    }
    error(res, 400, 'BAD_REQUEST_ERROR', 'The requested URL was not found on the server.');
  }

  function createOrder(body, res) {
    const { amount } = body;
    if (typeof amount !== 'number' || !Number.isInteger(amount)) return error(res, 400, 'BAD_REQUEST_ERROR', 'The amount must be an integer.', 'amount');
    if (amount < 100) return error(res, 400, 'BAD_REQUEST_ERROR', 'Order amount less than minimum amount allowed', 'amount');
    if (body.currency !== 'INR') return error(res, 400, 'BAD_REQUEST_ERROR', 'Currency is not supported', 'currency');
    const order = {
      id: id('order'),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency: 'INR',
      receipt: typeof body.receipt === 'string' ? body.receipt : null,
      status: 'created',
      attempts: 0,
      notes: body.notes ?? {},
      created_at: now(),
    };
    orders.set(order.id, order);
    json(res, 200, order);
  }

  function refund(paymentId, body, res) {
    const payment = payments.get(paymentId);
    if (!payment) return error(res, 400, 'BAD_REQUEST_ERROR', 'The id provided does not exist');
    if (payment.status !== 'captured') return error(res, 400, 'BAD_REQUEST_ERROR', 'The payment has been fully refunded already');
    // Partial refunds: any whole amount up to what is not refunded yet.
    const left = payment.amount - (payment.amount_refunded ?? 0);
    const amount = typeof body.amount === 'number' ? body.amount : left;
    if (!Number.isInteger(amount) || amount < 1 || amount > left) {
      return error(res, 400, 'BAD_REQUEST_ERROR', 'The refund amount provided is greater than amount captured or less than minimum');
    }
    const made = {
      id: id('rfnd'),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: paymentId,
      receipt: body.receipt ?? null,
      notes: body.notes ?? {},
      status: 'processed',
      created_at: now(),
    };
    refunds.set(made.id, made);
    payment.amount_refunded = (payment.amount_refunded ?? 0) + amount;
    if (payment.amount_refunded >= payment.amount) payment.status = 'refunded';
    json(res, 200, made);
  }

  const server = createServer((req, res) =>
    handle(req, res).catch((failure) => {
      if (!res.headersSent) error(res, 500, 'SERVER_ERROR', `The fake Razorpay failed: ${failure.message}`);
    }),
  );
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve({ server, url: `http://${host}:${server.address().port}` }));
  });
}

function readJson(req) {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => {
      try {
        resolve(data ? JSON.parse(data) : {});
      } catch (failure) {
        reject(failure);
      }
    });
    req.on('error', reject);
  });
}

function json(res, status, body) {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

function error(res, status, code, description, field) {
  json(res, status, {
    error: { code, description, source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', metadata: {}, ...(field ? { field } : {}) },
  });
}
