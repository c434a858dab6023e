import { MIN_ONLINE_REFUND_PAISE } from '@greencart/domain';
import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types, type UpdateQuery } from 'mongoose';
import { LocksService } from '../../common/locks/locks.service';
import { OrderCache } from '../order-cache';
import { Order, OrderDocument } from '../schemas/order.schema';
import type { AdjustmentRefund } from './adjustment.schema';
import { PackingPayments } from './packing-payments';

/** A claim to ask Razorpay older than this was left by an instance that stopped: another takes it over. */
export const REFUND_CLAIM_MS = 30_000;

/**
 * The refund of one packing change, exactly once. The change and its refund intent (amount, a receipt
 * made of the order id and the change's number) are stored on the order first (OrderAdjusting); then
 * one instance claims the refund (a compare-and-set of `claimedAt`, one at a time per order), asks
 * Razorpay for a refund with that receipt unless Razorpay already has one (made before a time-out or a
 * crash), and records it. A failed try is kept as `failed` with its reason (the seller sees it) and
 * driven again by the sweep until it succeeds. An amount Razorpay never refunds (under ₹1), recorded
 * before that was known, becomes cash owed instead of being retried for ever.
 */
@Injectable()
export class PackingRefunds {
  private readonly logger = new Logger(PackingRefunds.name);

  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    private readonly payments: PackingPayments,
    private readonly locks: LocksService,
    private readonly cache: OrderCache,
  ) {}

  /** Makes (or follows) the refund of the change with this key. Never throws for Razorpay's failures: they are recorded. */
  drive(orderId: string, key: string): Promise<void> {
    return this.driveAt(orderId, (order) => {
      const index = order.adjustments?.findIndex((a) => a.key === key) ?? -1;
      return index >= 0 ? { at: `adjustments.${index}.refund`, refund: order.adjustments![index].refund } : null;
    });
  }

  /** Makes (or follows) the refund of the order's problem report, the same way. */
  driveIssue(orderId: string): Promise<void> {
    return this.driveAt(orderId, (order) => (order.issue?.refund ? { at: 'issue.refund', refund: order.issue.refund } : null));
  }

  private async driveAt(orderId: string, locate: (order: OrderDocument) => { at: string; refund?: AdjustmentRefund } | null): Promise<void> {
    await this.locks.run(`refund:${orderId}`, { busyMessage: 'This refund is being made right now', waitMs: 10_000 }, async () => {
      const order = await this.orders.findById(orderId).exec();
      const found = order ? locate(order) : null;
      const refund = found?.refund;
      const paymentId = order?.payment?.razorpayPaymentId;
      if (!order || !found || !refund || !paymentId || refund.status === 'processed') return;
      const { at } = found;
      if (refund.id && refund.status === 'pending') return this.follow(order, at, refund, paymentId);
      if (!refund.id && refund.amountPaise < MIN_ONLINE_REFUND_PAISE) return this.owedInCash(order, at, refund);
      if (refund.claimedAt && Date.now() - refund.claimedAt.getTime() < REFUND_CLAIM_MS) return;
      const claimed = await this.orders
        .findOneAndUpdate({ _id: order._id }, { $set: { [`${at}.claimedAt`]: new Date() }, $inc: { [`${at}.attempts`]: 1 } }, { returnDocument: 'after' })
        .exec();
      if (!claimed) return;
      const update = await this.attempt(orderId, paymentId, refund, at);
      const recorded = await this.orders.findOneAndUpdate({ _id: order._id }, update, { returnDocument: 'after' }).exec();
      if (recorded) await this.cache.stored(recorded);
    });
  }

  /**
   * Asks Razorpay for a claimed refund (or finds the one it made with the receipt) and answers the update
   * that records the outcome: the refund and `refundedPaise`, or `failed` with the reason (retried later).
   */
  async attempt(orderId: string, paymentId: string, refund: AdjustmentRefund, at: string): Promise<UpdateQuery<Order>> {
    try {
      const made = await this.payments.refundOnce(paymentId, refund.amountPaise, refund.receipt);
      return {
        $set: { [`${at}.id`]: made.id, [`${at}.status`]: made.status },
        $unset: { [`${at}.claimedAt`]: 1, [`${at}.error`]: 1 },
        $inc: { refundedPaise: made.status === 'failed' ? 0 : refund.amountPaise },
      };
    } catch (error) {
      this.logger.warn(`Refund ${refund.receipt} of order ${orderId} not made yet (retried): ${(error as Error).message}`);
      return { $set: { [`${at}.status`]: 'failed', [`${at}.error`]: (error as Error).message.slice(0, 300) }, $unset: { [`${at}.claimedAt`]: 1 } };
    }
  }

  /** A refund under Razorpay's least (never made): owed in cash, as a COD order's would be, and no longer asked for. */
  private async owedInCash(order: OrderDocument, at: string, refund: AdjustmentRefund): Promise<void> {
    const owner = at.slice(0, -'.refund'.length);
    const updated = await this.orders
      .findOneAndUpdate({ _id: order._id }, { $set: { [`${owner}.cashOwedPaise`]: refund.amountPaise }, $unset: { [at]: 1 } }, { returnDocument: 'after' })
      .exec();
    if (updated) await this.cache.stored(updated);
  }

  /** A pending refund: Razorpay's present status is recorded once it is processed (or failed: asked again). */
  private async follow(order: OrderDocument, at: string, refund: AdjustmentRefund, paymentId: string): Promise<void> {
    const now = await this.payments.refundMatching(paymentId, refund.id, refund.receipt);
    if (!now || now.status === 'pending') return;
    const update =
      now.status === 'processed'
        ? { $set: { [`${at}.status`]: 'processed' } }
        : {
            $set: { [`${at}.status`]: 'failed', [`${at}.error`]: 'Razorpay reported the refund failed' },
            $unset: { [`${at}.id`]: 1 },
            $inc: { refundedPaise: -refund.amountPaise },
          };
    const updated = await this.orders.findOneAndUpdate({ _id: order._id }, update, { returnDocument: 'after' }).exec();
    if (updated) await this.cache.stored(updated);
  }

  /** Orders with packing work left (stock to give back, a refund to make or follow), oldest first. */
  pending(limit = 50): Promise<OrderDocument[]> {
    return this.orders.find({ packingPending: true }).sort({ _id: 1 }).limit(limit).exec();
  }

  /** Clears the order's pending mark once none of its changes has work left. */
  async settleIfDone(orderId: Types.ObjectId | string): Promise<void> {
    const order = await this.orders.findById(orderId).exec();
    if (!order?.packingPending) return;
    const open =
      (order.adjustments ?? []).some((a) => !a.stockReturned || (a.refund && a.refund.status !== 'processed') || (a.cancels && order.status !== 'Cancelled')) ||
      (!!order.issue?.refund && order.issue.refund.status !== 'processed');
    if (open) return;
    const updated = await this.orders.findOneAndUpdate({ _id: order._id }, { $unset: { packingPending: 1 } }, { returnDocument: 'after' }).exec();
    if (updated) await this.cache.stored(updated);
  }
}
