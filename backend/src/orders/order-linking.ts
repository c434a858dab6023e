import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { LocksService } from '../common/locks/locks.service';
import { startupWork } from '../common/startup/background-work';
import { OrderCache } from './order-cache';
import { OrderLists, SELLER_LIST, shopperList } from './order-lists';
import { Order, OrderDocument } from './schemas/order.schema';

/** An order still being linked into the order lists after this long was left by a request that stopped. */
export const LINK_STALE_MS = 10_000;

/** The answer while a stored order cannot be confirmed yet (its retry answers it). */
export const ORDER_UNCONFIRMED =
  'We could not confirm your order because the shop’s database did not answer. Send the same order again in a few seconds: if it was placed, you get it back, never a second one';

export function orderNumberFor(place: number): string {
  return `GC-${10_001 + place}`;
}

/**
 * Putting stored orders into the order lists (the seller's and their shopper's) and giving them their
 * number. The order's creator does it right after the insert; an order whose linking was interrupted
 * (database away, process stopped) is linked by the retry of its checkout attempt or by the sweep.
 */
@Injectable()
export class OrderLinking implements OnApplicationBootstrap {
  private readonly logger = new Logger(OrderLinking.name);

  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    private readonly locks: LocksService,
    private readonly lists: OrderLists,
    private readonly cache: OrderCache,
  ) {}

  onApplicationBootstrap(): void {
    // Orders whose linking a stopped process interrupted: in the background, the shop is already usable.
    void startupWork('linking unlisted orders', this.linkUnlisted()).catch((error: Error) =>
      this.logger.warn(`Could not link unlisted orders: ${error.message}`),
    );
  }

  /**
   * Puts a stored order at the end of the seller's list and its shopper's, then marks it listed. The
   * order's creator does it right after the insert (which claims the linking with `linkingSince`).
   */
  async link(order: OrderDocument): Promise<OrderDocument> {
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
   * Links an order whose linking was interrupted, once its creator's claim is stale. Taking over the
   * claim is a conditional update, one at a time per order (a lock document on FerretDB).
   */
  async linkIfUnlisted(order: OrderDocument): Promise<OrderDocument> {
    if (order.get('unlisted') !== true) return order;
    const stale = new Date(Date.now() - LINK_STALE_MS);
    if ((order.get('linkingSince') as Date | undefined) && (order.get('linkingSince') as Date) > stale) return order;
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

  /** Links every order a stopped process left out of the lists (found by the sparse `unlisted` index). */
  async linkUnlisted(): Promise<void> {
    const unlisted = await this.orders.find({ unlisted: true }).sort({ createdAt: 1, _id: 1 }).exec();
    for (const order of unlisted) await this.linkIfUnlisted(order);
    if (unlisted.length) this.logger.log(`Linked ${unlisted.length} orders a stopped process had left out of the order lists`);
  }
}
