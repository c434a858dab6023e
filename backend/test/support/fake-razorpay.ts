import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface FakeOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

interface FakePayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  method: string;
  captured: boolean;
  amount_refunded: number;
  error_description: string | null;
  created_at: number;
}

interface FakeRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  receipt: string | null;
  notes: Record<string, string>;
  status: 'pending' | 'processed' | 'failed';
  created_at: number;
}

const id = (prefix: string) => `${prefix}_${randomBytes(7).toString('base64url').replace(/[-_]/g, 'x')}`;
const now = () => Math.floor(Date.now() / 1000);

/**
 * A local stand-in for Razorpay's API (v1, Basic auth with the key id and secret) with Razorpay's
 * shapes and error answers: POST /v1/orders, GET /v1/orders/:id, GET /v1/payments/:id,
 * POST /v1/payments/:id/refund, GET /v1/payments/:id/refunds (count, skip), GET /v1/orders/:id/payments. `pay()` plays the shopper paying in
 * checkout.js and returns what checkout.js hands the page (ids and signature); `webhook()` builds a
 * signed webhook call. `down` makes it drop every connection; `delayMs` makes it slow.
 */
export class FakeRazorpay {
  readonly keyId = `rzp_test_${randomBytes(6).toString('hex')}`;
  readonly keySecret = `secret_${randomBytes(12).toString('hex')}`;
  readonly webhookSecret = `whsec_${randomBytes(12).toString('hex')}`;
  readonly orders = new Map<string, FakeOrder>();
  readonly payments = new Map<string, FakePayment>();
  readonly refunds = new Map<string, FakeRefund>();
  readonly requests: { method: string; path: string }[] = [];
  down = false;
  delayMs = 0;
  /** What a new refund starts as (Razorpay answers `pending` until the bank confirms; `settleRefunds` then processes them). */
  refundStartsAs: 'pending' | 'processed' = 'processed';
  /** The next this many refund calls make the refund and then drop the connection (the app sees a time-out after Razorpay acted). */
  dropAfterRefund = 0;
  /** The next this many refund calls answer 500 and make nothing. */
  failRefunds = 0;
  private server?: Server;

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  env(): Record<string, string> {
    return {
      RAZORPAY_KEY_ID: this.keyId,
      RAZORPAY_KEY_SECRET: this.keySecret,
      RAZORPAY_WEBHOOK_SECRET: this.webhookSecret,
      RAZORPAY_API_URL: this.url,
      RAZORPAY_TIMEOUT_MS: '1500',
    };
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The refunds made for a payment. */
  refundsOf(paymentId: string): FakeRefund[] {
    return [...this.refunds.values()].filter((r) => r.payment_id === paymentId);
  }

  /** The bank confirms every pending refund. */
  settleRefunds(): void {
    for (const refund of this.refunds.values()) if (refund.status === 'pending') refund.status = 'processed';
  }

  /** The shopper pays the order in checkout.js: a payment (captured unless told otherwise) and what the page receives. */
  pay(orderId: string, overrides: Partial<Pick<FakePayment, 'amount' | 'currency' | 'status'>> = {}) {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`fake Razorpay has no order ${orderId}`);
    const payment: FakePayment = {
      id: id('pay'),
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status: 'captured',
      order_id: orderId,
      method: 'upi',
      captured: true,
      amount_refunded: 0,
      error_description: null,
      created_at: now(),
      ...overrides,
    };
    this.payments.set(payment.id, payment);
    if (payment.status === 'captured') Object.assign(order, { status: 'paid', amount_paid: order.amount, amount_due: 0 });
    order.attempts += 1;
    return { payment, success: { razorpay_payment_id: payment.id, razorpay_order_id: orderId, razorpay_signature: this.signature(orderId, payment.id) } };
  }

  /** What checkout.js signs: HMAC-SHA256 of `order_id|payment_id` with the key secret. */
  signature(orderId: string, paymentId: string): string {
    return createHmac('sha256', this.keySecret).update(`${orderId}|${paymentId}`).digest('hex');
  }

  /** A webhook call as Razorpay sends it: body, X-Razorpay-Signature over the raw body, X-Razorpay-Event-Id. */
  webhook(event: 'payment.captured' | 'order.paid' | 'payment.failed' | string, payment: FakePayment, eventId = id('evt')) {
    const order = this.orders.get(payment.order_id);
    const payload: Record<string, unknown> = { payment: { entity: payment } };
    if (event === 'order.paid' && order) payload.order = { entity: order };
    const body = JSON.stringify({ entity: 'event', account_id: 'acc_test', event, contains: Object.keys(payload), payload, created_at: now() });
    return {
      body,
      headers: {
        'Content-Type': 'application/json',
        'X-Razorpay-Signature': createHmac('sha256', this.webhookSecret).update(body).digest('hex'),
        'X-Razorpay-Event-Id': eventId,
      },
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    if (this.down) return req.socket.destroy();
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const url = new URL(req.url ?? '/', 'http://fake-razorpay');
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname });
    const auth = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
    if (auth !== `${this.keyId}:${this.keySecret}`) return error(res, 401, 'BAD_REQUEST_ERROR', 'The api key provided is invalid');
    const body = req.method === 'POST' ? await readJson(req) : {};
    let match: RegExpExecArray | null;
    if (req.method === 'POST' && url.pathname === '/v1/orders') return this.createOrder(body, res);
    if (req.method === 'GET' && (match = /^\/v1\/orders\/([^/]+)$/.exec(url.pathname))) {
      const order = this.orders.get(match[1]);
      return order ? json(res, 200, order) : error(res, 400, 'BAD_REQUEST_ERROR', 'The id provided does not exist');
    }
    if (req.method === 'GET' && (match = /^\/v1\/payments\/([^/]+)$/.exec(url.pathname))) {
      const payment = this.payments.get(match[1]);
      return payment ? json(res, 200, payment) : error(res, 400, 'BAD_REQUEST_ERROR', 'The id provided does not exist');
    }
    if (req.method === 'POST' && (match = /^\/v1\/payments\/([^/]+)\/refund$/.exec(url.pathname))) {
      if (this.failRefunds > 0) {
        this.failRefunds -= 1;
        return error(res, 500, 'SERVER_ERROR', 'We are facing some trouble completing your request at the moment');
      }
      return this.refund(match[1], body, res);
    }
    if (req.method === 'GET' && (match = /^\/v1\/orders\/([^/]+)\/payments$/.exec(url.pathname))) {
      if (!this.orders.has(match[1])) return error(res, 400, 'BAD_REQUEST_ERROR', 'The id provided does not exist');
      const items = [...this.payments.values()].filter((p) => p.order_id === match![1]).reverse();
      return json(res, 200, { entity: 'collection', count: items.length, items });
    }
    if (req.method === 'GET' && (match = /^\/v1\/payments\/([^/]+)\/refunds$/.exec(url.pathname))) {
      // As Razorpay: newest first, `count` a page (10 unless asked, at most 100) from `skip`.
      const count = Number(url.searchParams.get('count') ?? 10);
      const skip = Number(url.searchParams.get('skip') ?? 0);
      if (!Number.isInteger(count) || count < 1 || count > 100) return error(res, 400, 'BAD_REQUEST_ERROR', 'The count must be between 1 and 100.', 'count');
      const items = [...this.refunds.values()]
        .filter((r) => r.payment_id === match![1])
        .reverse()
        .slice(skip, skip + count);
      return json(res, 200, { entity: 'collection', count: items.length, items });
    }
    error(res, 400, 'BAD_REQUEST_ERROR', 'The requested URL was not found on the server.');
  }

  private createOrder(body: Record<string, unknown>, res: ServerResponse) {
    const amount = body.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount)) return error(res, 400, 'BAD_REQUEST_ERROR', 'The amount must be an integer.', 'amount');
    if (amount < 100) return error(res, 400, 'BAD_REQUEST_ERROR', 'Order amount less than minimum amount allowed', 'amount');
    if (body.currency !== 'INR') return error(res, 400, 'BAD_REQUEST_ERROR', 'Currency is not supported', 'currency');
    const order: FakeOrder = {
      id: id('order'),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency: 'INR',
      receipt: typeof body.receipt === 'string' ? body.receipt : null,
      status: 'created',
      attempts: 0,
      notes: (body.notes as Record<string, string>) ?? {},
      created_at: now(),
    };
    this.orders.set(order.id, order);
    json(res, 200, order);
  }

  private refund(paymentId: string, body: Record<string, unknown>, res: ServerResponse) {
    const payment = this.payments.get(paymentId);
    if (!payment) return error(res, 400, 'BAD_REQUEST_ERROR', 'The id provided does not exist');
    if (payment.status !== 'captured') return error(res, 400, 'BAD_REQUEST_ERROR', 'The payment has been fully refunded already');
    const left = payment.amount - payment.amount_refunded;
    const amount = typeof body.amount === 'number' ? body.amount : left;
    // Razorpay's partial refunds: any whole amount of paise from ₹1 up to what is not refunded yet.
    if (Number.isInteger(amount) && amount >= 1 && amount < 100) return error(res, 400, 'BAD_REQUEST_ERROR', 'The amount must be at least INR 1.00', 'amount');
    if (!Number.isInteger(amount) || amount < 1 || amount > left) {
      return error(res, 400, 'BAD_REQUEST_ERROR', 'The refund amount provided is greater than amount captured or less than minimum', 'amount');
    }
    const refund: FakeRefund = {
      id: id('rfnd'),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: paymentId,
      receipt: (body.receipt as string) ?? null,
      notes: (body.notes as Record<string, string>) ?? {},
      status: this.refundStartsAs,
      created_at: now(),
    };
    this.refunds.set(refund.id, refund);
    payment.amount_refunded += amount;
    if (payment.amount_refunded >= payment.amount) payment.status = 'refunded';
    if (this.dropAfterRefund > 0) {
      this.dropAfterRefund -= 1;
      return res.socket?.destroy();
    }
    json(res, 200, refund);
  }
}

function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (data += chunk));
    req.on('end', () => {
      try {
        resolve(data ? JSON.parse(data) : {});
      } catch (e) {
        reject(e);
      }
    });
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

function error(res: ServerResponse, status: number, code: string, description: string, field?: string) {
  json(res, status, {
    error: { code, description, source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', metadata: {}, ...(field ? { field } : {}) },
  });
}
