import { SlotRefused } from '../delivery/slots/slot-places.service';
import { nameWithSize } from '@greencart/domain';
import { ConflictException, HttpException, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { DomainEvents, OnDomainEvent } from '../common/events/domain-events';
import { LocksService } from '../common/locks/locks.service';
import { ORDER_STATUS_CHANGED, type OrderStatusChangedEvent } from '../orders/order.events';
import { ORDER_UNCONFIRMED, OrderPlacing } from '../orders/order-placing.service';
import { OrderStatusChanges } from '../orders/order-status.service';
import { OrdersService } from '../orders/orders.service';
import { CouponRefused } from '../coupons/coupon-uses.service';
import { NotEnoughStock, ProductGone, UnknownPackSize } from '../products/stock.service';
import { PAYMENT_SOLD_OUT_REFUNDED, type PaymentSoldOutRefundedEvent } from './payment.events';
import { RazorpayGateway, refundHasReceipt, type RazorpayPayment, type RazorpayRefund } from './razorpay.gateway';
import { Checkout, CheckoutDocument } from './schemas/checkout.schema';

export const SOLD_OUT_REFUND = 'Sorry, what you paid for sold out meanwhile, so no order was placed; your money is being refunded to you';

/** Why a paid checkout did not become an order: the placing's refusal, or its checkout closed before the payment reached us. */
export type NotPlaced = HttpException | 'closed';

const REFUNDING = 'so no order was placed; your money is being refunded to you';

/** The shopper's answer (`reason`) and the mails' short words (`told`) for a refund instead of an order. */
export function unplacedReason(checkout: Pick<CheckoutDocument, 'quote'>, why: NotPlaced): { reason: string; told: string } {
  if (why === 'closed') {
    const told = 'your checkout had closed before the payment reached the shop';
    return { reason: `Sorry, ${told}, ${REFUNDING}`, told };
  }
  if (why instanceof SlotRefused)
    return { reason: `Sorry, your delivery slot filled up while you were paying, ${REFUNDING} (${why.message})`, told: why.message };
  if (why instanceof CouponRefused)
    return { reason: `Sorry, coupon ${why.code} ran out while you were paying, ${REFUNDING} (${why.message})`, told: why.message };
  if (why instanceof NotEnoughStock)
    return { reason: `Sorry, ${why.productName} sold out while you were paying, ${REFUNDING} (${why.message})`, told: why.message };
  if (why instanceof UnknownPackSize) {
    const told = `${why.productName} is not sold in that pack size any more`;
    return { reason: `Sorry, ${why.productName} stopped being sold in that pack size while you were paying, ${REFUNDING}`, told };
  }
  if (why instanceof ProductGone) {
    const item = checkout.quote.items.find((line) => String(line.product) === why.productId);
    const told = `${item ? nameWithSize(item.name, item.label) : 'a product you paid for'} is no longer sold`;
    return { reason: `Sorry, ${told}, ${REFUNDING}`, told };
  }
  return { reason: `Sorry, your order could not be placed (${why.message}), ${REFUNDING}`, told: why.message };
}

/**
 * Money going back: a payment whose units sold out meanwhile (no order), and a cancelled paid online
 * order. Once each, however often it is tried: Razorpay's refunds of the payment are asked first.
 */
@Injectable()
export class PaymentRefunds {
  private readonly logger = new Logger(PaymentRefunds.name);

  constructor(
    @InjectModel(Checkout.name) private readonly checkouts: Model<Checkout>,
    private readonly razorpay: RazorpayGateway,
    private readonly placing: OrderPlacing,
    private readonly changes: OrderStatusChanges,
    private readonly reading: OrdersService,
    private readonly locks: LocksService,
    private readonly events: DomainEvents,
  ) {}

  /**
   * The payment came in, but the checkout can no longer become an order (its units are gone, the size or
   * the product is no longer sold, its coupon or slot ran out, a price rule refuses it, or it closed before
   * the payment reached us): the money goes back at once and no order exists. Once per checkout: the status
   * moves to `refunding` by a compare-and-set before Razorpay is asked, and a refund Razorpay already has for
   * the payment is recorded instead of asking for another. Answers 409 with the reason.
   */
  async refundUnplaced(checkout: CheckoutDocument, payment: RazorpayPayment, why: NotPlaced): Promise<never> {
    const { reason, told } = unplacedReason(checkout, why);
    const claimed = await this.checkouts.findOneAndUpdate(
      { _id: checkout._id, status: { $in: ['pending', 'expired', 'failed'] } },
      { $set: { status: 'refunding', razorpayPaymentId: payment.id, failureReason: reason } },
      { returnDocument: 'after' },
    );
    if (!claimed) {
      // Another completion got there first: its outcome stands.
      const placed = await this.placing.findPlaced(String(checkout.user), `rzp:${checkout.razorpayOrderId}`);
      if (placed) throw new ConflictException('This payment was already recorded as an order; see My orders');
      const now = await this.checkouts.findById(checkout._id).lean();
      if (now?.status === 'refunding' || now?.status === 'refunded') throw new ConflictException(now.failureReason ?? SOLD_OUT_REFUND);
      throw new ServiceUnavailableException(ORDER_UNCONFIRMED);
    }
    await this.finishSoldOutRefund(claimed).catch((refundError: Error) =>
      this.logger.warn(`Refund of sold-out checkout ${String(checkout._id)} not made yet (the sweep retries): ${refundError.message}`),
    );
    await this.events.publish(PAYMENT_SOLD_OUT_REFUNDED, {
      userId: String(checkout.user),
      razorpayOrderId: checkout.razorpayOrderId,
      razorpayPaymentId: payment.id,
      amountPaise: checkout.amountPaise,
      productNames: checkout.quote.items.map((item) => nameWithSize(item.name, item.label)),
      // "Alphonso Mangoes is sold out" / "Only 1 Alphonso Mangoes left": what the mails say.
      reason: told,
    } satisfies PaymentSoldOutRefundedEvent);
    throw new ConflictException(reason);
  }

  /** Asks Razorpay for the refund of a `refunding` checkout (or records the one it has) and marks it `refunded`. */
  private async finishSoldOutRefund(checkout: CheckoutDocument): Promise<void> {
    const paymentId = checkout.razorpayPaymentId;
    if (!paymentId) return;
    const [made] = (await this.razorpay.refundsOf(paymentId)).filter((r) => r.status !== 'failed');
    const refund = made ?? (await this.razorpay.refund(paymentId, checkout.amountPaise, String(checkout._id)));
    await this.checkouts.updateOne({ _id: checkout._id }, { $set: { status: 'refunded', refundId: refund.id } });
  }

  /** A cancelled online order that was paid is refunded. */
  @OnDomainEvent(ORDER_STATUS_CHANGED)
  async refundCancelled(event: OrderStatusChangedEvent): Promise<void> {
    if (event.to !== 'Cancelled' || event.order.paymentType !== 'Online' || event.order.paymentStatus !== 'paid') return;
    await this.refund(event.orderId);
  }

  /**
   * One refund per order, however often this runs: one at a time per order, and a refund Razorpay
   * already has for the payment is recorded instead of asking for another.
   */
  async refund(orderId: string): Promise<void> {
    await this.locks.run(`refund:${orderId}`, { busyMessage: 'This refund is being made right now' }, async () => {
      const order = await this.reading.findById(orderId);
      const payment = order?.payment;
      if (!order || !payment || order.paymentStatus !== 'paid' || order.status !== 'Cancelled') return;
      if (payment.refundId && payment.refundStatus === 'processed') return;
      const made = (await this.razorpay.refundsOf(payment.razorpayPaymentId)).filter((r) => r.status !== 'failed');
      // After packing refunds (issue 39) the payment has other refunds: only the cancel's own receipt counts.
      const partlyRefunded = !!order.adjustments?.length || !!order.refundedPaise;
      const own = partlyRefunded ? made.find((r) => refundHasReceipt(r, String(order._id))) : made[0];
      const refund = own ?? (await this.razorpay.refund(payment.razorpayPaymentId, order.amountPaise, String(order._id)));
      if (refund.id === payment.refundId && refund.status === payment.refundStatus) return;
      await this.changes.recordRefund(orderId, refund.id, refund.status);
    });
  }

  /**
   * A partial refund of a payment named by `receipt` (a packing change's, a problem report's), made once:
   * a refund Razorpay already has with this receipt (made before a time-out or a crash) is answered
   * instead of asking for another. The caller makes sure only one instance asks at a time.
   */
  async refundOnce(paymentId: string, amountPaise: number, receipt: string): Promise<RazorpayRefund> {
    const made = (await this.razorpay.refundsOf(paymentId)).find((r) => r.status !== 'failed' && refundHasReceipt(r, receipt));
    return made ?? (await this.razorpay.refund(paymentId, amountPaise, receipt));
  }

  /** Razorpay's word on the refunds of a payment made with these receipts (to follow pending ones). */
  async refundsWithReceipts(paymentId: string): Promise<RazorpayRefund[]> {
    return this.razorpay.refundsOf(paymentId);
  }

  /** Retries refunds that did not finish (Razorpay down at the time): sold-out checkouts, then cancelled paid orders. */
  async retryUnfinished(): Promise<void> {
    for (const checkout of await this.checkouts.find({ status: 'refunding' }).limit(50).exec()) {
      await this.finishSoldOutRefund(checkout).catch((error: Error) =>
        this.logger.warn(`Refund of checkout ${String(checkout._id)} not made yet: ${error.message}`),
      );
    }
    for (const order of await this.reading.awaitingRefund()) {
      await this.refund(String(order._id)).catch((error: Error) => this.logger.warn(`Refund of order ${String(order._id)} not finished: ${error.message}`));
    }
  }
}
