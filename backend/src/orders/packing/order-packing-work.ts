import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { OrderCache } from '../order-cache';
import { OrderStatusChanges } from '../order-status.service';
import { OrderTakes } from '../order-takes';
import { Order, OrderDocument } from '../schemas/order.schema';
import { PackingRefunds } from './packing-refunds';

/** How often packing work a stop left behind is done (and pending refunds followed). */
const SWEEP_MS = 30_000;

/**
 * What follows a stored packing change, each step once however often it runs: the unpacked units go
 * back to stock (a give-back mark per change on each product), a change that packed nothing cancels the
 * order (with everything a cancel does: units, coupon, the full refund), and a change's refund is made
 * (PackingRefunds). Run right after the change and, for whatever a stop left, at start-up and every 30 s.
 */
@Injectable()
export class OrderPackingWork implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(OrderPackingWork.name);
  private sweeper?: NodeJS.Timeout;

  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    private readonly cache: OrderCache,
    private readonly takes: OrderTakes,
    private readonly changes: OrderStatusChanges,
    private readonly refunds: PackingRefunds,
  ) {}

  onApplicationBootstrap(): void {
    const sweep = () => void this.sweep().catch((error: Error) => this.logger.warn(`Packing sweep: ${error.message}`));
    setImmediate(sweep);
    this.sweeper = setInterval(sweep, SWEEP_MS);
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  /**
   * Does what is left of the change `key` on this order; answers the order as it then is. `fresh`: the
   * change was just stored by this instance with its refund claimed (see OrderAdjusting), so the units, the
   * refund and the pending mark are settled in one write of the order, without the refund's lock.
   */
  async finish(order: OrderDocument, key: string, { fresh = false } = {}): Promise<OrderDocument> {
    const orderId = String(order._id);
    const index = order.adjustments?.findIndex((a) => a.key === key) ?? -1;
    const adjustment = order.adjustments?.[index];
    if (!adjustment) return order;
    if (!adjustment.stockReturned) {
      const back = adjustment.lines
        .filter((l) => l.to < l.from)
        .map((l) => {
          const item = order.items[l.line];
          return { productId: String(item.product), ...(item.variant ? { variantId: item.variant } : {}), quantity: l.from - l.to };
        });
      // The give-back mark `return:<order>:adj:<key>` makes this once per product, whatever is retried.
      await this.takes.giveBackChange(orderId, key, back);
    }
    const paymentId = order.payment?.razorpayPaymentId;
    if (fresh && !adjustment.cancels && adjustment.refund?.status === 'due' && adjustment.refund.claimedAt && paymentId) {
      const at = `adjustments.${index}.refund`;
      const update = await this.refunds.attempt(orderId, paymentId, adjustment.refund, at);
      const refunded = (update.$set as Record<string, unknown>)[`${at}.status`] === 'processed';
      const othersDone = (order.adjustments ?? []).every(
        (a, i) => i === index || (a.stockReturned && (!a.refund || a.refund.status === 'processed') && !(a.cancels && order.status !== 'Cancelled')),
      );
      const issueDone = !order.issue?.refund || order.issue.refund.status === 'processed';
      const done = refunded && othersDone && issueDone;
      const updated = await this.orders
        .findOneAndUpdate(
          { _id: order._id },
          {
            ...update,
            $set: { ...(update.$set as object), [`adjustments.${index}.stockReturned`]: true },
            $unset: { ...(update.$unset as object), ...(done ? { packingPending: 1 } : {}) },
          },
          { returnDocument: 'after' },
        )
        .exec();
      if (updated) await this.cache.stored(updated);
      return updated ?? order;
    }
    if (!adjustment.stockReturned) {
      await this.orders.updateOne({ _id: order._id }, { $set: { [`adjustments.${index}.stockReturned`]: true } });
      await this.cache.changed(order._id);
    }
    if (adjustment.cancels && order.status !== 'Cancelled') {
      await this.changes.changeStatus(orderId, 'Cancelled', { by: 'shop', reason: adjustment.reason ?? 'Nothing of this order could be packed' });
    }
    if (adjustment.refund && adjustment.refund.status !== 'processed') await this.refunds.drive(orderId, key);
    await this.refunds.settleIfDone(order._id);
    return (await this.cache.findById(order._id)) ?? order;
  }

  /** Orders with packing work left: each change's remaining steps (a failing one is logged and tried next time). */
  async sweep(): Promise<void> {
    for (const order of await this.refunds.pending()) {
      if (order.issue?.refund && order.issue.refund.status !== 'processed') {
        await this.refunds
          .driveIssue(String(order._id))
          .catch((error: Error) => this.logger.warn(`Refund of the report on order ${String(order._id)}: ${error.message}`));
      }
      for (const adjustment of order.adjustments ?? []) {
        await this.finish(order, adjustment.key).catch((error: Error) =>
          this.logger.warn(`Packing change ${adjustment.key} of order ${String(order._id)} not finished yet: ${error.message}`),
        );
      }
      await this.refunds.settleIfDone(order._id);
    }
  }
}
