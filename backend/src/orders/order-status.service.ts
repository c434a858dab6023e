import { canMove, paymentAfterStatusChange, type OrderStatus } from '@greencart/domain';
import { BadRequestException, ConflictException, Injectable, Logger, NotFoundException, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { isValidObjectId, Model, Types } from 'mongoose';
import { CountedSweep } from '../common/counted/counted-sweep';
import { DomainEvents } from '../common/events/domain-events';
import { LocksService } from '../common/locks/locks.service';
import { isDuplicateKeyError } from '../common/mongo-errors';
import { OrderCache } from './order-cache';
import { OrderLinking } from './order-linking';
import { OrderTakes } from './order-takes';
import { ORDER_PAID, ORDER_REFUNDED, ORDER_STATUS_CHANGED, type OrderPaidEvent, type OrderRefundedEvent, type OrderStatusChangedEvent } from './order.events';
import { OrdersService } from './orders.service';
import { Order, OrderDocument, RefundStatus } from './schemas/order.schema';
import { OrderTask } from './schemas/order-task.schema';

/** How often stopped placings and cancels are put right (see sweepStock). */
const STOCK_SWEEP_MS = 60_000;

/**
 * Changing an order after it was placed: its status (with the units of a cancelled order given back)
 * and the refund of a cancelled online order. Each change is published as a domain event.
 */
@Injectable()
export class OrderStatusChanges implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(OrderStatusChanges.name);
  private sweeper?: NodeJS.Timeout;

  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    @InjectModel(OrderTask.name) private readonly tasks: Model<OrderTask>,
    private readonly takes: OrderTakes,
    private readonly locks: LocksService,
    private readonly events: DomainEvents,
    private readonly cache: OrderCache,
    private readonly reading: OrdersService,
    private readonly linking: OrderLinking,
    private readonly counted: CountedSweep,
  ) {}

  onApplicationBootstrap(): void {
    this.sweeper = setInterval(() => void this.sweepStock().catch((error: Error) => this.logger.warn(`Stock sweep: ${error.message}`)), STOCK_SWEEP_MS);
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  /**
   * The shopper cancels their own order while it is still 'Order Placed' (after that the shop is
   * already packing it). A paid online order is refunded as when the seller cancels.
   */
  async cancelByShopper(userId: string, orderId: string, reason?: string): Promise<OrderDocument> {
    const order = await this.reading.findById(orderId);
    if (!order || String(order.user) !== userId) throw new NotFoundException('Order not found');
    if (order.status !== 'Order Placed') {
      throw new ConflictException(`This order is already '${order.status}' and can no longer be cancelled here; please message the shop`);
    }
    return this.changeStatus(orderId, 'Cancelled', { by: 'shopper', ...(reason ? { reason } : {}) });
  }

  /**
   * Moves an order along its lifecycle, one change at a time per order, with a compare-and-set on
   * the status. A COD order is paid when delivered and owes nothing when cancelled first.
   */
  async changeStatus(
    orderId: string,
    to: OrderStatus,
    cancel: { by: 'shop' | 'shopper'; reason?: string; actor?: string } = { by: 'shop' },
  ): Promise<OrderDocument> {
    if (!isValidObjectId(orderId)) throw new BadRequestException('Invalid order id');
    if (cancel.reason && to !== 'Cancelled') throw new BadRequestException('A reason is given only when cancelling an order');
    // A cancel gives the order's units back: noted before the status changes, so a stop in between is put right by the sweep.
    if (to === 'Cancelled') await this.noteGiveBack(orderId);
    const { before, updated } = await this.locks.run(`order:${orderId}`, { busyMessage: 'This order is being updated, please try again' }, async () => {
      const order = await this.orders.findById(orderId).exec();
      if (!order) throw new NotFoundException('Order not found');
      if (!canMove(order.status, to)) throw new ConflictException(`An order that is '${order.status}' cannot become '${to}'`);
      const paymentStatus = paymentAfterStatusChange(order.paymentType, order.paymentStatus ?? 'pending', to);
      const set: Partial<Order> = { status: to, paymentStatus, isPaid: paymentStatus === 'paid' };
      if (to === 'Cancelled') Object.assign(set, { cancelledBy: cancel.by }, cancel.reason ? { cancelReason: cancel.reason } : {});
      const changed = await this.orders
        .findOneAndUpdate(
          { _id: order._id, status: order.status },
          { $set: set, $push: { statusHistory: { status: to, at: new Date(), ...(cancel.actor ? { by: cancel.actor } : {}) } } },
          { returnDocument: 'after' },
        )
        .exec();
      if (!changed) throw new ConflictException('The order changed meanwhile; reload and try again');
      await this.cache.stored(changed);
      await this.reading.withProducts(changed);
      return { before: order, updated: changed };
    });
    if (to === 'Cancelled') await this.giveBack(updated);
    const event = { orderId: String(updated._id), userId: String(updated.user), order: updated };
    await this.events.publish(ORDER_STATUS_CHANGED, { ...event, from: before.status, to } satisfies OrderStatusChangedEvent);
    if (updated.paymentStatus === 'paid' && before.paymentStatus !== 'paid') {
      await this.events.publish(ORDER_PAID, { ...event, paymentType: updated.paymentType, paymentStatus: updated.paymentStatus } satisfies OrderPaidEvent);
    }
    // Listeners may have changed it further (a refund started for a cancelled online order).
    const latest = await this.cache.findById(updated._id);
    return latest ? this.reading.withProducts(latest) : updated;
  }

  /**
   * Records the refund of a cancelled online order (once: a refund id, once stored, is never replaced
   * by another). `processed` makes the payment `refunded`.
   */
  async recordRefund(orderId: string, refundId: string, refundStatus: RefundStatus): Promise<OrderDocument | null> {
    const set: Record<string, unknown> = { 'payment.refundId': refundId, 'payment.refundStatus': refundStatus };
    if (refundStatus === 'processed') set.paymentStatus = 'refunded';
    if (refundStatus === 'processed') set.isPaid = false;
    // The first report of a processed refund dates it; repeats (webhook and poll) keep that date.
    const update = refundStatus === 'processed' ? { $set: set, $min: { 'payment.refundedAt': new Date() } } : { $set: set };
    const found = await this.orders
      .findOneAndUpdate({ _id: new Types.ObjectId(orderId), 'payment.refundId': { $in: [null, refundId] } }, update, { returnDocument: 'after' })
      .exec();
    if (found) await this.cache.stored(found);
    const updated = found && (await this.reading.withProducts(found));
    if (updated) {
      const event = { orderId, userId: String(updated.user), order: updated, refundId, refundStatus };
      await this.events.publish(ORDER_REFUNDED, event satisfies OrderRefundedEvent);
    }
    return updated;
  }

  /** Records that a cancelled order's units are to go back (a task document, removed once done). */
  private async noteGiveBack(orderId: string): Promise<void> {
    await this.tasks.create({ _id: `giveback:${orderId}`, at: new Date() }).catch((error: unknown) => {
      if (!isDuplicateKeyError(error)) throw error;
    });
  }

  /** Gives a cancelled order's units back (once per order, whatever is retried) and forgets the task. */
  private async giveBack(order: OrderDocument): Promise<void> {
    try {
      // Its units (the "return" kind, once per order), its coupon use and its slot place: order-takes.ts.
      await this.takes.giveBackOrder(order);
      await this.tasks.deleteOne({ _id: `giveback:${String(order._id)}` });
    } catch (error) {
      this.logger.warn(`Units of cancelled order ${String(order._id)} not given back yet (the sweep retries): ${(error as Error).message}`);
    }
  }

  /**
   * Puts right what a stopped process left: what counted things (units, slot places) took for orders that
   * were never stored (given back) or whose storing was not confirmed (kept), through the counted things'
   * sweep (common/counted/counted-sweep.ts), cancelled orders whose units did not go back yet,
   * and stored orders it left out of the order lists (their linking claim stale).
   * `now`: tests judge what is stale at a later time instead of waiting.
   */
  async sweepStock(now: number = Date.now()): Promise<void> {
    await this.counted.sweep((ref) => this.isStored(ref), now);
    const stale = Date.now() - 60_000;
    for (const task of await this.tasks.find({ _id: { $gte: 'giveback:', $lt: 'giveback;' } }).lean()) {
      const orderId = task._id.slice('giveback:'.length);
      const order = isValidObjectId(orderId) ? await this.orders.findById(orderId).exec() : null;
      if (order?.status === 'Cancelled') await this.giveBack(order);
      else if (task.at.getTime() < stale) await this.tasks.deleteOne({ _id: task._id });
    }
    await this.linking.linkLeftBehind(now);
  }

  /** Whether the order a take was for is stored: `order:<id>`, or `order:<id>:adj:<key>` for a packing change's substitutes (stored once the change is on the order). */
  private async isStored(ref: string): Promise<boolean> {
    const [orderId, , adjustmentKey] = ref.startsWith('order:') ? ref.slice('order:'.length).split(':') : [''];
    const order = isValidObjectId(orderId) ? await this.orders.findById(orderId).select('_id adjustments.key').lean() : null;
    return !!order && (!adjustmentKey || (order.adjustments ?? []).some((a) => a.key === adjustmentKey));
  }
}
