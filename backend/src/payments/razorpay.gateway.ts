import { BadGatewayException, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import Razorpay from 'razorpay';
import { onlinePaymentProblem, type Environment } from '../config/environment';

/** The parts of Razorpay's entities the shop relies on (see Razorpay's API reference). */
export interface RazorpayOrder {
  id: string;
  entity: 'order';
  amount: number;
  currency: string;
  receipt?: string | null;
  status: string;
  notes?: Record<string, string> | unknown[];
}

export interface RazorpayPayment {
  id: string;
  entity: 'payment';
  order_id: string;
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  error_description?: string | null;
}

export interface RazorpayRefund {
  id: string;
  entity: 'refund';
  payment_id: string;
  amount: number;
  status: 'pending' | 'processed' | 'failed';
  receipt?: string | null;
  notes?: Record<string, string> | unknown[];
}

/** Whether a refund was asked for with this receipt (its receipt, or the copy in its notes). */
export function refundHasReceipt(refund: RazorpayRefund, receipt: string): boolean {
  const notes = refund.notes && !Array.isArray(refund.notes) ? refund.notes : {};
  return refund.receipt === receipt || notes.receipt === receipt;
}

/** The most refunds Razorpay answers in one page of a payment's refunds. */
const REFUNDS_PAGE = 100;

/** A 4xx answer of Razorpay's API (e.g. an id that does not exist). */
export class RazorpayRefusal extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    description: string,
  ) {
    super(description);
  }
}

/**
 * Razorpay's API through the official SDK, used as it is: only its base URL (RAZORPAY_API_URL, so
 * tests reach a local server speaking the protocol) and a timeout are set. Razorpay down or slow is
 * a 503 within RAZORPAY_TIMEOUT_MS; a refusal is a RazorpayRefusal for the caller to word.
 */
@Injectable()
export class RazorpayGateway {
  private readonly logger = new Logger(RazorpayGateway.name);
  private readonly client?: Razorpay;
  /** Why online payment is off, or null when it is on. */
  readonly unavailableReason: string | null;
  readonly keyId?: string;

  constructor(config: ConfigService<Environment, true>) {
    const keyId = config.get('RAZORPAY_KEY_ID', { infer: true });
    const keySecret = config.get('RAZORPAY_KEY_SECRET', { infer: true });
    this.unavailableReason = onlinePaymentProblem({ RAZORPAY_KEY_ID: keyId, RAZORPAY_KEY_SECRET: keySecret });
    if (this.unavailableReason) return;
    this.keyId = keyId;
    this.client = new Razorpay({ key_id: keyId!, key_secret: keySecret! });
    const http = (this.client as unknown as { api: { rq: { defaults: { baseURL?: string; timeout?: number } } } }).api.rq;
    http.defaults.baseURL = config.get('RAZORPAY_API_URL', { infer: true }).replace(/\/+$/, '');
    http.defaults.timeout = config.get('RAZORPAY_TIMEOUT_MS', { infer: true });
  }

  get available(): boolean {
    return !!this.client;
  }

  createOrder(amountPaise: number, receipt: string, notes: Record<string, string>): Promise<RazorpayOrder> {
    return this.call('create an order', (rzp) => rzp.orders.create({ amount: amountPaise, currency: 'INR', receipt, notes }) as Promise<RazorpayOrder>);
  }

  fetchOrder(orderId: string): Promise<RazorpayOrder> {
    return this.call('read an order', (rzp) => rzp.orders.fetch(orderId) as Promise<RazorpayOrder>);
  }

  fetchPayment(paymentId: string): Promise<RazorpayPayment> {
    return this.call('read a payment', (rzp) => rzp.payments.fetch(paymentId) as Promise<RazorpayPayment>);
  }

  /**
   * The refunds already made for a payment (so a retried refund never pays twice): every page of them, since
   * Razorpay answers 10 a page unless asked for more (at most REFUNDS_PAGE).
   */
  async refundsOf(paymentId: string): Promise<RazorpayRefund[]> {
    const all: RazorpayRefund[] = [];
    for (let skip = 0; ; skip += REFUNDS_PAGE) {
      const list = await this.call(
        'list refunds',
        (rzp) => rzp.payments.fetchMultipleRefund(paymentId, { count: REFUNDS_PAGE, skip }) as Promise<{ items: RazorpayRefund[] }>,
      );
      const items = list.items ?? [];
      all.push(...items);
      if (items.length < REFUNDS_PAGE) return all;
    }
  }

  /** The payments made against a Razorpay order (an order holds few: each attempt of its checkout). */
  async paymentsOf(orderId: string): Promise<RazorpayPayment[]> {
    const list = await this.call('list an order’s payments', (rzp) => rzp.orders.fetchPayments(orderId) as Promise<{ items: RazorpayPayment[] }>);
    return list.items ?? [];
  }

  refund(paymentId: string, amountPaise: number, receipt: string): Promise<RazorpayRefund> {
    return this.call(
      'refund a payment',
      (rzp) => rzp.payments.refund(paymentId, { amount: amountPaise, speed: 'normal', receipt, notes: { receipt } }) as Promise<RazorpayRefund>,
    );
  }

  private async call<T>(what: string, request: (rzp: Razorpay) => Promise<T>): Promise<T> {
    if (!this.client) throw new ServiceUnavailableException(this.unavailableReason);
    try {
      return await request(this.client);
    } catch (error) {
      const answer = error as { statusCode?: unknown; error?: { code?: string; description?: string } };
      if (typeof answer?.statusCode === 'number' && answer.statusCode >= 400 && answer.statusCode < 500) {
        throw new RazorpayRefusal(answer.statusCode, answer.error?.code ?? 'BAD_REQUEST_ERROR', answer.error?.description ?? 'Razorpay refused the request');
      }
      const reason = typeof answer?.statusCode === 'number' ? `status ${answer.statusCode}` : ((error as Error)?.message ?? String(error));
      this.logger.warn(`Razorpay did not ${what}: ${reason}`);
      throw new ServiceUnavailableException('Online payment is unavailable right now (Razorpay did not answer); please try again in a minute');
    }
  }
}

/** Words a Razorpay refusal for the shopper: 502, since the shop, not the shopper, asked wrongly. */
export function refusalAsBadGateway(error: unknown): never {
  if (error instanceof RazorpayRefusal) throw new BadGatewayException(`Razorpay refused the request: ${error.message}`);
  throw error;
}
