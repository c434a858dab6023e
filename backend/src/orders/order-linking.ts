import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy, ServiceUnavailableException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { LocksService } from '../common/locks/locks.service';
import { isDuplicateKeyError } from '../common/mongo-errors';
import { startupWork } from '../common/startup/background-work';
import { OrderCache } from './order-cache';
import { OrderLists, SELLER_LIST, shopperList } from './order-lists';
import { Order, OrderDocument } from './schemas/order.schema';
import { OrderTask } from './schemas/order-task.schema';
import { pause } from '../common/time/pause';

/** An order still being linked into the order lists after this long was left by a request that stopped. */
export const LINK_STALE_MS = 5_000;

/** How often every instance lists the orders whose linking failed (see sweep). */
const LINK_SWEEP_MS = 2_000;

/** How long the creator of an order it could not list keeps trying to hand it over to the sweep. */
const HAND_OVER_MS = 5 * 60_000;

/** The answer while a stored order cannot be confirmed yet (its retry answers it). */
export const ORDER_UNCONFIRMED =
  'We could not confirm your order because the shop’s database did not answer. Send the same order again in a few seconds: if it was placed, you get it back, never a second one';

export function orderNumberFor(place: number): string {
  return `GC-${10_001 + place}`;
}

/** The task that says an order's linking failed and the sweep is to finish it: `link:<orderId>`. */
const linkTask = (orderId: Types.ObjectId | string) => `link:${String(orderId)}`;

/**
 * Putting stored orders into the order lists (the seller's and their shopper's) and giving them their
 * number. The order's creator does it right after the insert, under a claim (`linkingSince`). When that
 * fails (database away), the creator notes a `link:` task and gives up its claim as soon as the
 * database answers; every instance's sweep then lists the order within seconds, and a retry of its
 * checkout attempt lists it before answering. A process that stopped leaves a claim that goes stale
 * and no task: the orders it left are found by the minute sweep of what stopped processes left
 * (OrderStatusChanges.sweepStock, see linkLeftBehind) and at start-up.
 */
@Injectable()
export class OrderLinking implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(OrderLinking.name);
  private sweeper?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    @InjectModel(OrderTask.name) private readonly tasks: Model<OrderTask>,
    private readonly locks: LocksService,
    private readonly lists: OrderLists,
    private readonly cache: OrderCache,
  ) {}

  onApplicationBootstrap(): void {
    // Orders whose linking a stopped process interrupted: in the background, the shop is already usable.
    void startupWork('linking unlisted orders', this.linkUnlisted()).catch((error: Error) =>
      this.logger.warn(`Could not link unlisted orders: ${error.message}`),
    );
    this.sweeper = setInterval(() => void this.sweep().catch((error: Error) => this.logger.warn(`Link sweep: ${error.message}`)), LINK_SWEEP_MS);
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    this.stopped = true;
    clearInterval(this.sweeper);
  }

  /**
   * The creator's linking of the order it has just inserted (claimed by the insert's `linkingSince`).
   * On failure the order is handed over to the sweep (in the background) and the error thrown.
   */
  async linkNew(order: OrderDocument): Promise<OrderDocument> {
    try {
      return await this.link(order);
    } catch (error) {
      void this.handOver(order._id, order.get('linkingSince') as Date);
      throw error;
    }
  }

  /**
   * Puts a stored order at the end of the seller's list and its shopper's, then marks it listed. The
   * caller holds the order's claim (`linkingSince`).
   */
  private async link(order: OrderDocument): Promise<OrderDocument> {
    const [place] = await Promise.all([this.lists.append(SELLER_LIST, order._id), this.lists.append(shopperList(String(order.user)), order._id)]);
    // The order's place in the seller's list is unique and short: the number people read and search.
    const orderNumber = order.orderNumber ?? orderNumberFor(place);
    const linked = await this.orders
      .findOneAndUpdate({ _id: order._id }, { $unset: { unlisted: 1, linkingSince: 1 }, $set: { orderNumber } }, { returnDocument: 'after' })
      .exec();
    if (!linked) throw new Error(`Order ${String(order._id)} vanished while it was being listed`);
    await this.cache.stored(linked);
    return linked;
  }

  /**
   * Notes the `link:` task, then gives up the claim `claimedAt` (so a retry or the sweep need not wait
   * for it to go stale): tried every half second while the database is away.
   */
  private async handOver(orderId: Types.ObjectId, claimedAt: Date | undefined): Promise<void> {
    const until = Date.now() + HAND_OVER_MS;
    while (!this.stopped && Date.now() < until) {
      try {
        await this.tasks.create({ _id: linkTask(orderId), at: new Date() }).catch((error: unknown) => {
          if (!isDuplicateKeyError(error)) throw error;
        });
        if (claimedAt) await this.orders.updateOne({ _id: orderId, unlisted: true, linkingSince: claimedAt }, { $unset: { linkingSince: 1 } });
        return;
      } catch {
        await pause(500);
      }
    }
  }

  /**
   * The order as listed, for the retry of its checkout attempt: an unlisted order is listed first. While
   * another request holds a fresh claim on it, waits for that one (reading the order again) until it is
   * listed or the claim is given up or stale; 503 if it cannot be listed now (never an unlisted answer).
   */
  async listed(order: OrderDocument): Promise<OrderDocument> {
    const deadline = Date.now() + LINK_STALE_MS + 1_000;
    let current: OrderDocument | null = order;
    for (;;) {
      if (!current) throw new ServiceUnavailableException(ORDER_UNCONFIRMED);
      if (current.get('unlisted') !== true) return current;
      if (claimable(current)) {
        const linked = await this.linkIfUnlisted(current);
        if (linked.get('unlisted') !== true) return linked;
      }
      if (Date.now() > deadline) throw new ServiceUnavailableException(ORDER_UNCONFIRMED);
      await pause(150);
      current = await this.orders.findById(order._id).exec();
    }
  }

  /**
   * Links an order whose linking was interrupted, once its creator's claim is given up or stale. Taking
   * over the claim is a conditional update under the order's link lock document, one at a time per order.
   */
  async linkIfUnlisted(order: OrderDocument, now: number = Date.now()): Promise<OrderDocument> {
    if (order.get('unlisted') !== true || !claimable(order, now)) return order;
    const stale = new Date(now - LINK_STALE_MS);
    return this.locks.run(`order-link:${String(order._id)}`, { busyMessage: ORDER_UNCONFIRMED }, async () => {
      const claim = await this.orders.updateOne(
        { _id: order._id, unlisted: true, $or: [{ linkingSince: { $exists: false } }, { linkingSince: { $lte: stale } }] },
        { $set: { linkingSince: new Date() } },
      );
      if (claim.modifiedCount === 1) return this.link(order);
      await this.cache.changed(order._id);
      return order;
    });
  }

  /**
   * Every LINK_SWEEP_MS, on every instance: the orders handed over by a failed linking (`link:` tasks,
   * a handful of documents read by an `_id` range, never a query on the orders) are listed.
   */
  async sweep(): Promise<void> {
    const handedOver = await this.tasks
      .find({ _id: { $gte: 'link:', $lt: 'link;' } })
      .lean()
      .exec();
    for (const task of handedOver) {
      const orderId = task._id.slice('link:'.length);
      const order = Types.ObjectId.isValid(orderId) ? await this.orders.findById(orderId).exec() : null;
      const listed = order ? await this.linkIfUnlisted(order) : null;
      if (!listed || listed.get('unlisted') !== true) await this.tasks.deleteOne({ _id: task._id });
    }
  }

  /** At start-up: links every order a stopped process left out of the lists. */
  async linkUnlisted(): Promise<void> {
    await this.linkLeftBehind();
  }

  /**
   * Links the orders left out of the lists whose linking claim is given up or stale (a request that died
   * with its process leaves its fresh claim and no `link:` task): found by the sparse `unlisted` index, a
   * query on the orders (a read of the whole collection where only `_id` filters use an index), so it runs at start-up
   * and in the minute sweep, not in the 2-second one. `now`: tests judge what is stale at a later time
   * instead of waiting. Returns how many it listed.
   */
  async linkLeftBehind(now: number = Date.now()): Promise<number> {
    const unlisted = await this.orders.find({ unlisted: true }).sort({ createdAt: 1, _id: 1 }).exec();
    let linked = 0;
    for (const order of unlisted) {
      if (!claimable(order, now)) continue;
      try {
        if ((await this.linkIfUnlisted(order, now)).get('unlisted') !== true) linked++;
      } catch (error) {
        // Tried again by the next sweep (or the order's retry); the others go on.
        this.logger.warn(`Could not list order ${String(order._id)} yet: ${(error as Error).message}`);
      }
    }
    if (linked) this.logger.log(`Linked ${linked} orders a stopped process had left out of the order lists`);
    return linked;
  }
}

/** Whether no one holds a fresh claim on the order's linking (judged at `now`). */
function claimable(order: OrderDocument, now: number = Date.now()): boolean {
  const since = order.get('linkingSince') as Date | undefined;
  return !since || since.getTime() <= now - LINK_STALE_MS;
}
