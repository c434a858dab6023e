import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { LRUCache } from 'lru-cache';
import { Model, mongo, Types } from 'mongoose';
import { ClusterBus } from '../common/cluster/cluster-bus';
import { Order, OrderDocument } from './schemas/order.schema';

/** Bytes of orders kept in memory (BSON, about 1–2 KB an order): the most recently read or written. */
const MAX_BYTES = 32 * 1024 * 1024;

/** Message to the other instances: order `id` changed, read it again when next needed. */
interface ChangedMessage {
  id: string;
}

const TOPIC = 'orders';

/** An order as the API shows it (what `toJSON` gives once its products are filled in). */
export type OrderJson = Record<string, unknown>;

interface Kept {
  bson: Buffer;
  /** The order's JSON, for the catalogue version it was made with (product names and pictures come from there). */
  view?: { catalogueVersion: number; json: OrderJson };
}

/**
 * The orders read or written lately, by id, kept in memory as BSON (a fresh document on every read,
 * so nothing a caller changes leaks back). Written orders are put here by OrdersService, the only
 * writer of orders, and announced to the other instances (ClusterBus), which forget their copy. A
 * read that raced a write is not kept, so a stale copy never outlives the write it missed.
 */
@Injectable()
export class OrderCache {
  private readonly orders = new LRUCache<string, Kept>({ maxSize: MAX_BYTES, sizeCalculation: (kept) => kept.bson.length * 3 });
  /** Bumped by every write and every change heard of: a read started before it is not kept. */
  private generation = 0;

  constructor(
    @InjectModel(Order.name) private readonly model: Model<Order>,
    private readonly cluster: ClusterBus,
  ) {
    cluster.subscribe<ChangedMessage>(TOPIC, {
      message: ({ id }) => {
        this.generation++;
        if (typeof id === 'string') this.orders.delete(id);
      },
      resync: () => {
        this.generation++;
        this.orders.clear();
      },
    });
  }

  /** The order with this `_id`, from memory or read by `_id` (and kept). */
  async findById(id: Types.ObjectId | string): Promise<OrderDocument | null> {
    const key = String(id);
    const kept = this.orders.get(key);
    if (kept) return this.model.hydrate(mongo.BSON.deserialize(kept.bson));
    const started = this.generation;
    const order = await this.model.findById(id).exec();
    if (order && started === this.generation) this.keep(order);
    return order;
  }

  /**
   * The order's JSON as `render` makes it from the document, kept until the order or the catalogue
   * (`catalogueVersion`) changes: a page of orders is then no work beyond sending it.
   */
  async view(id: Types.ObjectId | string, catalogueVersion: number, render: (order: OrderDocument) => Promise<OrderJson>): Promise<OrderJson | null> {
    const key = String(id);
    const kept = this.orders.get(key);
    if (kept?.view?.catalogueVersion === catalogueVersion) return kept.view.json;
    const started = this.generation;
    const order = await this.findById(id);
    if (!order) return null;
    const json = await render(order);
    const current = this.orders.get(key);
    if (current && started === this.generation) current.view = { catalogueVersion, json };
    return json;
  }

  /** An order this instance has just written, as now stored (call it before changing the document in memory). */
  async stored(order: OrderDocument): Promise<void> {
    this.generation++;
    this.keep(order);
    await this.cluster.publish(TOPIC, { id: String(order._id) } satisfies ChangedMessage);
  }

  /** An order this instance changed without reading it back: read it again when next needed. */
  async changed(id: Types.ObjectId | string): Promise<void> {
    this.generation++;
    this.orders.delete(String(id));
    await this.cluster.publish(TOPIC, { id: String(id) } satisfies ChangedMessage);
  }

  private keep(order: OrderDocument): void {
    this.orders.set(String(order._id), { bson: Buffer.from(mongo.BSON.serialize(order.toObject({ depopulate: true }))) });
  }
}
