import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { AddressesService } from '../addresses/addresses.service';
import { MigrationRunner } from '../database/migrations/migration-runner';
import { OrderLists, SELLER_LIST, shopperList } from './order-lists';
import { OLDER_ORDER_IDS } from './order-placing.service';
import { pickAddress } from './order-requests';
import { Order } from './schemas/order.schema';

/** Marks of these jobs kept by versions before the migration runner (see OrderLists.isDone): a database that has one is done. */
const LISTS_BUILT = 'order-lists-built';
const PAYMENT_STATES_FILLED = 'order-payment-states-filled';

/** What orders stored by older versions need once per database (run by the MigrationRunner). */
@Injectable()
export class OrderMigrations implements OnModuleInit {
  private readonly logger = new Logger(OrderMigrations.name);

  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    private readonly addresses: AddressesService,
    private readonly lists: OrderLists,
    private readonly migrations: MigrationRunner,
  ) {}

  onModuleInit(): void {
    this.migrations.register({ id: 'orders-payment-states-and-address-snapshots', run: () => this.fillOlderOrders() });
    this.migrations.register({ id: 'orders-listed', run: () => this.listOlderOrders() });
  }

  /**
   * Orders stored before the address snapshot and the payment state existed get both once (an order
   * whose saved address is already gone keeps what can be known: its id). It reads every order.
   */
  private async fillOlderOrders(): Promise<void> {
    if (await this.lists.isDone(PAYMENT_STATES_FILLED)) return;
    const raw = this.orders.collection;
    const legacy = await raw
      .find({ paymentStatus: { $exists: false } })
      .project({ address: 1, isPaid: 1, status: 1, user: 1 })
      .toArray();
    for (const order of legacy) {
      const set: Record<string, unknown> = { paymentStatus: order.isPaid ? 'paid' : order.status === 'Cancelled' ? 'void' : 'pending' };
      if (order.address instanceof Types.ObjectId) {
        const saved = await this.addresses.findOwned(String(order.user), String(order.address));
        if (saved) set.address = { _id: saved._id, ...pickAddress(saved) };
      }
      await raw.updateOne({ _id: order._id }, { $set: set });
    }
    if (legacy.length) this.logger.log(`Gave ${legacy.length} older orders their payment state and address snapshot`);
    await this.lists.markDone(PAYMENT_STATES_FILLED);
  }

  /**
   * Orders stored before order lists existed get their places (in order of creation, so two instances
   * doing it at once write the same entries), and are remembered as orders whose _id is not derived
   * from their checkout attempt.
   */
  private async listOlderOrders(): Promise<void> {
    if (await this.lists.isDone(LISTS_BUILT)) return;
    const raw = this.orders.collection;
    const older = await raw
      .find({ unlisted: { $exists: false } })
      .project<{ _id: Types.ObjectId; user: Types.ObjectId; createdAt?: Date }>({ user: 1, createdAt: 1 })
      .toArray();
    older.sort((a, b) => (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0) || String(a._id).localeCompare(String(b._id)));
    const perShopper = new Map<string, number>();
    for (const [n, order] of older.entries()) {
      const shopper = String(order.user);
      const place = perShopper.get(shopper) ?? 0;
      perShopper.set(shopper, place + 1);
      await this.lists.place(SELLER_LIST, n, order._id);
      await this.lists.place(shopperList(shopper), place, order._id);
    }
    if (older.length) {
      await this.lists.markDone(OLDER_ORDER_IDS);
      this.logger.log(`Listed ${older.length} older orders for their shoppers and the seller`);
    }
    await this.lists.markDone(LISTS_BUILT);
  }
}
