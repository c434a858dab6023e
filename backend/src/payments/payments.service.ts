import { createHmac } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  HttpException,
  Injectable,
  Logger,
  NotFoundException,
  OnModuleDestroy,
  OnModuleInit,
  ServiceUnavailableException,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { cartLines } from '../cart/cart-items';
import { CartService } from '../cart/cart.service';
import { DomainEvents } from '../common/events/domain-events';
import { LockBusy, LocksService } from '../common/locks/locks.service';
import { isDuplicateKeyError } from '../common/mongo-errors';
import { runSteps, type Step } from '../common/steps/steps';
import type { Environment } from '../config/environment';
import { OrderPlacing, type OrderQuote } from '../orders/order-placing.service';
import { OrderTakes } from '../orders/order-takes';
import type { OrderAddress, OrderRecord } from '../orders/order-record';

import { keptQuote, paidQuote } from './checkout-quote';
import { PaymentRefunds, SOLD_OUT_REFUND } from './payment-refunds.service';
import type { CreateOnlinePaymentDto, PaymentSuccessDto } from './dto/payment.dto';
import { RazorpayGateway, RazorpayRefusal, refusalAsBadGateway, type RazorpayOrder, type RazorpayPayment } from './razorpay.gateway';
import { PAYMENT_CAPTURED, PAYMENT_FAILED } from './payment.events';
import { sameHex, type WebhookBody } from './webhook-body';
import { OpenCheckoutSlots } from './open-checkout-slots';
import { Checkout, CheckoutDocument, PaymentEvent } from './schemas/checkout.schema';

/** Razorpay statuses that mean the money is taken (authorized payments are captured by Razorpay's auto-capture). */
const MONEY_TAKEN = new Set(['captured', 'authorized']);
const SWEEP_MS = 60_000;
/** Closed checkouts whose payments one sweep asks Razorpay about. */
const UNCLAIMED_PER_SWEEP = 50;

/** Whose units an online checkout holds on the products: `checkout:<id>`. */
function checkoutHold(checkoutId: Types.ObjectId | string): string {
  return `checkout:${String(checkoutId)}`;
}

/** Razorpay's smallest order: ₹1. */
const MIN_ONLINE_PAISE = 100;

export interface WebhookOutcome {
  handled: boolean;
  message: string;
}

/**
 * Online payment with Razorpay. A checkout is priced by the server and stored with its Razorpay order;
 * the browser's success call and Razorpay's webhook both complete it the same idempotent way, so
 * exactly one paid order exists per Razorpay order, whatever is replayed, raced or closed.
 */
@Injectable()
export class PaymentsService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(PaymentsService.name);
  private sweeper?: NodeJS.Timeout;

  constructor(
    @InjectModel(Checkout.name) private readonly checkouts: Model<Checkout>,
    @InjectModel(PaymentEvent.name) private readonly handledEvents: Model<PaymentEvent>,
    private readonly config: ConfigService<Environment, true>,
    private readonly razorpay: RazorpayGateway,
    private readonly orders: OrderPlacing,
    private readonly refunds: PaymentRefunds,
    private readonly cart: CartService,
    private readonly locks: LocksService,
    private readonly events: DomainEvents,
    private readonly takes: OrderTakes,
    private readonly slots: OpenCheckoutSlots,
  ) {}

  onModuleInit() {
    // No TTL indexes (docs/database.md): stale checkouts expire and unfinished refunds are retried here.
    this.sweeper = setInterval(() => void this.sweep().catch((error: Error) => this.logger.warn(`Payment sweep: ${error.message}`)), SWEEP_MS);
    this.sweeper.unref();
  }

  onModuleDestroy() {
    clearInterval(this.sweeper);
  }

  /** The public key id for checkout.js; 503 with the reason when online payment is not set up. */
  publicKey(): string {
    if (!this.razorpay.available) throw new ServiceUnavailableException(this.razorpay.unavailableReason);
    return this.razorpay.keyId!;
  }

  /** What the storefront needs to offer online payment (or to say why it cannot). */
  options() {
    const reason = this.razorpay.unavailableReason;
    return {
      online: reason ? { available: false as const, reason } : { available: true as const },
      checkoutUrl: this.config.get('RAZORPAY_CHECKOUT_URL', { infer: true }),
      shop: {
        name: this.config.get('SHOP_NAME', { infer: true }),
        email: this.config.get('SHOP_EMAIL', { infer: true }),
        phone: this.config.get('SHOP_PHONE', { infer: true }),
      },
    };
  }

  /**
   * Prices the order on the server (the shopper's own address: the one named, else their latest; the
   * delivery area checked), holds its counted units for the checkout's lifetime, and opens a Razorpay
   * order for that amount. A refusal (sold out, area, minimum, hours) holds and opens nothing.
   */
  async startCheckout(userId: string, dto: CreateOnlinePaymentDto): Promise<RazorpayOrder> {
    if (!this.razorpay.available) throw new ServiceUnavailableException(this.razorpay.unavailableReason);
    const items = dto.items ?? cartLines(await this.cart.get(userId));
    if (!items.length) throw new BadRequestException('Your cart is empty');
    const request = {
      address: dto.address,
      items,
      coupon: dto.coupon,
      substitutions: dto.substitutions,
      ...(dto.delivery ? { delivery: dto.delivery } : {}),
      ...(dto.buyerGstin ? { buyerGstin: dto.buyerGstin } : {}),
    };
    const quote = await this.orders.quote(userId, request, 'Online', { defaultAddress: true });
    if (quote.price.totalPaise < MIN_ONLINE_PAISE)
      throw new BadRequestException('Online payment needs an order of at least ₹1; please choose cash on delivery');
    const checkoutId = new Types.ObjectId();
    const expiresAt = new Date(Date.now() + this.config.get('CHECKOUT_EXPIRY_SECONDS', { infer: true }) * 1000);
    const slot = await this.slots.reserve(userId, quote, String(checkoutId), expiresAt);
    if ('razorpayOrder' in slot) return slot.razorpayOrder;
    try {
      const order = await this.openCheckout(userId, quote, checkoutId, expiresAt);
      await this.slots.link(userId, String(checkoutId), order.id);
      return order;
    } catch (error) {
      await this.slots.free(userId, String(checkoutId)).catch(() => undefined);
      throw error;
    }
  }

  /**
   * Opens the checkout as steps (runSteps): hold its units, its coupon's use and its slot's place until it
   * lapses, open the Razorpay order, store the checkout; one that fails releases what the ones before held
   * (anything left is released when its hold lapses).
   */
  private async openCheckout(userId: string, quote: OrderQuote, checkoutId: Types.ObjectId, expiresAt: Date): Promise<RazorpayOrder> {
    const hold = checkoutHold(checkoutId);
    let order: RazorpayOrder | undefined;
    // What the checkout holds (its units, coupon use and slot place) and how each is released: order-takes.ts.
    const steps: Step[] = [
      ...this.takes.holdSteps(quote, hold, expiresAt),
      {
        name: 'open the Razorpay order',
        run: async () =>
          (order = await this.razorpay
            .createOrder(quote.price.totalPaise, String(checkoutId), { checkoutId: String(checkoutId), userId })
            .catch(refusalAsBadGateway)),
      },
      {
        name: 'store the checkout',
        run: () =>
          this.checkouts.create({
            _id: checkoutId,
            user: new Types.ObjectId(userId),
            razorpayOrderId: order!.id,
            amountPaise: quote.price.totalPaise,
            currency: 'INR',
            quote: keptQuote(quote),
            status: 'pending',
            expiresAt,
          }),
      },
    ];
    await runSteps(steps, ({ step, error }) =>
      this.logger.warn(`Could not undo "${step}" of ${hold} (it lapses at ${expiresAt.toISOString()}): ${(error as Error)?.message ?? String(error)}`),
    );
    return order!;
  }

  /** The browser's word that Razorpay Checkout succeeded: verified, then the checkout is completed. */
  async confirmFromBrowser(userId: string, dto: PaymentSuccessDto): Promise<{ order: OrderRecord; created: boolean }> {
    if (!this.razorpay.available) throw new ServiceUnavailableException(this.razorpay.unavailableReason);
    const expected = createHmac('sha256', this.config.get('RAZORPAY_KEY_SECRET', { infer: true })!)
      .update(`${dto.razorpay_order_id}|${dto.razorpay_payment_id}`)
      .digest('hex');
    if (!sameHex(expected, dto.razorpay_signature)) throw new BadRequestException('Payment verification failed: the signature does not match');
    const checkout = await this.checkouts.findOne({ razorpayOrderId: dto.razorpay_order_id, user: new Types.ObjectId(userId) }).exec();
    if (!checkout) throw new NotFoundException('No checkout of yours has this Razorpay order');
    // The spec's client names the address here: it must be the shopper's own, though the checkout keeps the one it was priced for.
    const named = dto.address !== undefined ? await this.orders.ownAddress(userId, dto.address) : undefined;
    const address = checkout.quote.address ? undefined : named;
    return this.complete(checkout, dto.razorpay_payment_id, address);
  }

  /**
   * Razorpay's webhook, already verified against the raw body. `payment.captured` and `order.paid`
   * complete the checkout, `payment.failed` marks the attempt failed, anything else is acknowledged.
   * Handled events are remembered by their id; handling one twice is harmless anyway.
   */
  async handleWebhook(eventId: string | undefined, body: WebhookBody): Promise<WebhookOutcome> {
    if (eventId && (await this.handledEvents.exists({ _id: eventId }))) return { handled: false, message: 'Event already handled' };
    const outcome = await this.dispatch(body);
    if (eventId)
      await this.handledEvents
        .create({ _id: eventId, event: body.event, at: new Date() })
        .catch((error) => (isDuplicateKeyError(error) ? undefined : Promise.reject(error)));
    return outcome;
  }

  private async dispatch(body: WebhookBody): Promise<WebhookOutcome> {
    const payment = body.payload?.payment?.entity;
    const orderId = payment?.order_id ?? body.payload?.order?.entity?.id;
    switch (body.event) {
      case 'payment.captured':
      case 'order.paid': {
        if (!payment?.id || !orderId) return { handled: false, message: 'No payment in the event' };
        const checkout = await this.findCheckout(orderId, body.payload?.order?.entity);
        if (!checkout) return { handled: false, message: 'No checkout for this Razorpay order' };
        try {
          await this.complete(checkout, payment.id);
        } catch (error) {
          // Refunded instead (sold out, size gone, …), and told once: Razorpay need not send it again. Busy: it should.
          if (error instanceof ConflictException && !(error instanceof LockBusy)) return { handled: true, message: error.message };
          throw error;
        }
        return { handled: true, message: 'Order recorded' };
      }
      case 'payment.failed': {
        if (!orderId) return { handled: false, message: 'No order in the event' };
        const reason = payment?.error_description ?? 'The payment failed';
        const failed = await this.checkouts.findOneAndUpdate(
          { razorpayOrderId: orderId, status: { $in: ['pending', 'expired'] } },
          { $set: { status: 'failed', failureReason: reason } },
          { returnDocument: 'after' },
        );
        if (failed) {
          // Its units are available again at once.
          const { items, coupon, slot } = failed.quote;
          await this.takes.releaseHolds({ userId: String(failed.user), items, coupon, slot }, checkoutHold(failed._id));
          await this.events.publish(PAYMENT_FAILED, { razorpayOrderId: orderId, razorpayPaymentId: payment?.id, reason });
        }
        return { handled: true, message: 'Payment attempt marked failed' };
      }
      default:
        return { handled: false, message: `Event ${String(body.event)} ignored` };
    }
  }

  /** By our record of the Razorpay order, else by its receipt (the checkout id) should that record be missing its link. */
  private async findCheckout(razorpayOrderId: string, order?: { receipt?: string | null }): Promise<CheckoutDocument | null> {
    const byOrder = await this.checkouts.findOne({ razorpayOrderId }).exec();
    if (byOrder) return byOrder;
    const receipt = order?.receipt ?? (await this.razorpay.fetchOrder(razorpayOrderId).catch(() => undefined))?.receipt;
    return receipt && Types.ObjectId.isValid(receipt) ? this.checkouts.findOne({ _id: new Types.ObjectId(receipt), razorpayOrderId }).exec() : null;
  }

  /**
   * Checks the payment at Razorpay (order, amount, currency, money taken) and commits the order under
   * the key `rzp:<razorpay order id>`: the unique (user, key) index lets only one commit win, and the
   * others answer with that order. Expired checkouts complete too: money taken is never lost.
   */
  private async complete(checkout: CheckoutDocument, paymentId: string, address?: OrderAddress): Promise<{ order: OrderRecord; created: boolean }> {
    const userId = String(checkout.user);
    const key = `rzp:${checkout.razorpayOrderId}`;
    const existing = await this.orders.findPlaced(userId, key);
    if (existing) return { order: existing, created: false };
    // Paid when its units were gone: refunded, never an order (a retry or the webhook says so again).
    if (checkout.status === 'refunding' || checkout.status === 'refunded') throw new ConflictException(checkout.failureReason ?? SOLD_OUT_REFUND);

    let payment: RazorpayPayment;
    try {
      payment = await this.razorpay.fetchPayment(paymentId);
    } catch (error) {
      if (error instanceof RazorpayRefusal) throw new BadRequestException('Razorpay does not know this payment');
      throw error;
    }
    if (payment.order_id !== checkout.razorpayOrderId) throw new BadRequestException('This payment belongs to a different Razorpay order');
    if (payment.amount !== checkout.amountPaise || payment.currency !== checkout.currency) {
      this.logger.error(
        `Payment ${payment.id} is ${payment.amount} ${payment.currency}, checkout ${String(checkout._id)} asked ${checkout.amountPaise} ${checkout.currency}`,
      );
      throw new BadRequestException('The payment amount does not match this order; the shop has been told');
    }
    if (!MONEY_TAKEN.has(payment.status)) throw new BadRequestException(`The payment is ${payment.status}, not completed`);

    return this.underLock(checkout, async () => {
      // Under the checkout's lock: the outcome of a completion or sweep that held it before stands.
      const now = await this.checkouts.findById(checkout._id).exec();
      if (now?.status === 'refunding' || now?.status === 'refunded') throw new ConflictException(now.failureReason ?? SOLD_OUT_REFUND);
      const placedBefore = await this.orders.findPlaced(userId, key);
      if (placedBefore) return { order: placedBefore, created: false };
      return this.place(checkout, payment, key, address);
    });
  }

  /** Commits the checkout's order, or refunds the payment when any rule of placing refuses it now. */
  private async place(
    checkout: CheckoutDocument,
    payment: RazorpayPayment,
    key: string,
    address?: OrderAddress,
  ): Promise<{ order: OrderRecord; created: boolean }> {
    const userId = String(checkout.user);
    const kept = checkout.quote;
    const quote = paidQuote(userId, kept, kept.address ? undefined : (address ?? (await this.orders.latestAddress(userId))));
    let placed: { order: OrderRecord; created: boolean };
    try {
      placed = await this.orders.commit(quote, key, {
        paymentStatus: 'paid',
        payment: { provider: 'razorpay', razorpayOrderId: checkout.razorpayOrderId, razorpayPaymentId: payment.id },
        fromHold: checkoutHold(checkout._id),
      });
    } catch (error) {
      // Its units, coupon uses or slot places ran out, its size or product is gone, or a rule refuses it
      // now: refunded, no order. A busy lock or the database away is tried again instead.
      if (isRefusal(error)) return this.refunds.refundUnplaced(checkout, payment, error);
      throw error;
    }
    await this.checkouts.updateOne({ _id: checkout._id }, { $set: { status: 'paid', razorpayPaymentId: payment.id, orderId: placed.order._id } });
    // Paid: no longer one of the shopper's open checkouts.
    await this.slots
      .free(userId, String(checkout._id))
      .catch((error: Error) => this.logger.warn(`Open checkout ${String(checkout._id)} not freed: ${error.message}`));
    if (placed.created)
      await this.events.publish(PAYMENT_CAPTURED, {
        razorpayOrderId: checkout.razorpayOrderId,
        razorpayPaymentId: payment.id,
        orderId: String(placed.order._id),
      });
    return placed;
  }

  /** One completion or sweep of a checkout at a time, on every instance. */
  private underLock<T>(checkout: CheckoutDocument, work: () => Promise<T>): Promise<T> {
    return this.locks.run(
      `checkout:${String(checkout._id)}`,
      { busyMessage: 'This payment is being recorded right now; please try again', waitMs: 10_000 },
      work,
    );
  }

  /** Expires stale checkouts, refunds payments that reached closed checkouts, and retries refunds that did not finish (Razorpay down at the time). */
  async sweep(): Promise<void> {
    await this.checkouts.updateMany({ status: 'pending', expiresAt: { $lt: new Date() } }, { $set: { status: 'expired' } });
    if (!this.razorpay.available) return;
    await this.refundUnclaimedPayments();
    await this.refunds.retryUnfinished();
  }

  /**
   * A checkout closed (expired, or its attempt failed) more than PAID_CHECKOUT_GRACE_SECONDS ago and never
   * completed: its Razorpay order is asked once for a payment that took money, and such a payment is
   * refunded (the browser's success and the webhook never reached the shop). Until then a late payment
   * still becomes an order.
   */
  private async refundUnclaimedPayments(): Promise<void> {
    const closedBefore = new Date(Date.now() - this.config.get('PAID_CHECKOUT_GRACE_SECONDS', { infer: true }) * 1000);
    const closed = await this.checkouts
      .find({ status: { $in: ['expired', 'failed'] }, expiresAt: { $lt: closedBefore }, paymentsCheckedAt: { $exists: false } })
      .limit(UNCLAIMED_PER_SWEEP)
      .exec();
    for (const checkout of closed) {
      try {
        const payments = await this.razorpay.paymentsOf(checkout.razorpayOrderId);
        const kept = payments.find((p) => MONEY_TAKEN.has(p.status) && p.amount === checkout.amountPaise && p.currency === checkout.currency);
        if (kept)
          await this.underLock(checkout, async () => {
            const now = await this.checkouts.findById(checkout._id).exec();
            if (!now || !['expired', 'failed'].includes(now.status)) return;
            if (await this.orders.findPlaced(String(now.user), `rzp:${now.razorpayOrderId}`)) return;
            await this.refunds.refundUnplaced(now, kept, 'closed').catch((error: unknown) => {
              if (!(error instanceof ConflictException)) throw error;
            });
          });
        await this.checkouts.updateOne({ _id: checkout._id }, { $set: { paymentsCheckedAt: new Date() } });
      } catch (error) {
        this.logger.warn(`Payments of closed checkout ${String(checkout._id)} not checked yet: ${(error as Error).message}`);
      }
    }
  }
}

/** A refusal of placing the checkout's order (4xx) that trying again would not change. */
function isRefusal(error: unknown): error is HttpException {
  if (!(error instanceof HttpException) || error instanceof LockBusy) return false;
  return error.getStatus() >= 400 && error.getStatus() < 500;
}
