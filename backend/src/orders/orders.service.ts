import type { OrderStatus } from '@greencart/domain';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { LRUCache } from 'lru-cache';
import { isValidObjectId, Model, Types, type QueryFilter } from 'mongoose';
import { prepareSync, type PreparedBody } from '../common/http/prepared-body';
import { ProductsService } from '../products/products.service';
import { OrderCache, type OrderJson } from './order-cache';
import { OrderLists, SELLER_LIST, shopperList } from './order-lists';
import { Order, OrderDocument, OrderItem } from './schemas/order.schema';

/** How far out of placing order an order's place in the seller's list can be (see listedBetween). */
const LIST_ORDER_SLACK_MS = 60_000;

/** Bytes of prepared order-list answers kept in memory (a page of 20 orders: about 20 KB, 2 KB compressed). */
const PREPARED_PAGES_BYTES = 32 * 1024 * 1024;

/** The API's answer for a page of orders: `{ success, orderdata, page, limit, total, totalPages }` (spec §7, paged). */
export function ordersAnswer(orders: readonly unknown[], total: number, { page, limit }: { page: number; limit: number }) {
  return { success: true, orderdata: orders, page, limit, total, totalPages: Math.ceil(total / limit) };
}

/**
 * Reading orders: one by id or number, the shopper's and the seller's lists, ranges for the export and
 * the stats, each order shown with what the catalogue says of its products. Placing is OrderPlacing's
 * job, changes after that OrderStatusChanges'.
 */
@Injectable()
export class OrdersService {
  /** Answers for pages of order lists, with what they were made of (see preparedPage). */
  private readonly preparedPages = new LRUCache<string, { total: number; orders: readonly OrderJson[]; body: PreparedBody }>({
    maxSize: PREPARED_PAGES_BYTES,
    // The JSON, and once sent so its gzip and brotli forms (each smaller than the JSON).
    sizeCalculation: ({ body }) => 3 * body.identity.length,
  });

  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    private readonly products: ProductsService,
    private readonly lists: OrderLists,
    private readonly cache: OrderCache,
  ) {}

  /** One order by id (from the orders kept in memory when it is there). */
  findById(orderId: string): Promise<OrderDocument | null> {
    return isValidObjectId(orderId) ? this.cache.findById(orderId) : Promise.resolve(null);
  }

  /**
   * The shopper's own order as chat names it: `{ orderNumber }` ("GC-10003"; absent for an order
   * never numbered), or null when it is not theirs (ownership in the query itself).
   */
  async chatReference(orderId: string, userId: string): Promise<{ orderNumber?: string } | null> {
    if (!isValidObjectId(orderId) || !isValidObjectId(userId)) return null;
    const found = await this.orders
      .findOne({ _id: new Types.ObjectId(orderId), user: new Types.ObjectId(userId) }, { orderNumber: 1 })
      .lean<{ orderNumber?: string }>()
      .exec();
    return found ? (found.orderNumber ? { orderNumber: found.orderNumber } : {}) : null;
  }

  /** The numbers of these orders by id (orders without a number are left out). */
  async numbersOf(orderIds: string[]): Promise<Map<string, string>> {
    const ids = [...new Set(orderIds)].filter((id) => isValidObjectId(id)).map((id) => new Types.ObjectId(id));
    if (ids.length === 0) return new Map();
    const found = await this.orders
      .find({ _id: { $in: ids } }, { orderNumber: 1 })
      .lean<{ _id: Types.ObjectId; orderNumber?: string }[]>()
      .exec();
    return new Map(found.filter((order) => order.orderNumber).map((order) => [String(order._id), order.orderNumber!]));
  }

  /** Cancelled online orders whose money has not been returned yet (a refund to start or to confirm). */
  awaitingRefund(limit = 50): Promise<OrderDocument[]> {
    return this.orders.find({ paymentType: 'Online', status: 'Cancelled', paymentStatus: 'paid' }).limit(limit).exec();
  }

  /**
   * One order by its number ("GC-10427", "gc10427" or "10427") or its id (what older chat messages
   * name), the shopper's own only when `userId` is given.
   */
  async findByNumber(search: string, userId?: string): Promise<{ orders: OrderDocument[]; total: number }> {
    const id = /^\s*([a-f\d]{24})\s*$/i.exec(search)?.[1];
    const digits = /^\s*(?:gc)?[\s-]*(\d{1,12})\s*$/i.exec(search)?.[1];
    if (!id && !digits) return { orders: [], total: 0 };
    const which = id ? { _id: new Types.ObjectId(id) } : { orderNumber: `GC-${Number(digits)}` };
    const found = await this.orders.findOne({ ...which, ...(userId ? { user: new Types.ObjectId(userId) } : {}) }).exec();
    return found ? { orders: await this.withProductsAll([found]), total: 1 } : { orders: [], total: 0 };
  }

  /** The shopper's orders, newest first, from their order list (reads by `_id` only), as the API answers them. */
  shopperPage(userId: string, page: number, limit: number): Promise<PreparedBody> {
    return this.preparedPage(shopperList(userId), page, limit);
  }

  /** Every order, newest first, from the seller's order list, as the API answers them. */
  sellerPage(page: number, limit: number): Promise<PreparedBody> {
    return this.preparedPage(SELLER_LIST, page, limit);
  }

  /**
   * Orders placed in [from, to), oldest first, found through the seller's order list (places in the
   * order orders were placed): a binary search for the first place of the range, then reads by `_id`
   * until the range is passed. No query on the orders (where only `_id` filters are answered from an index
   * it would read every stored order, past the database time-out at 100,000; docs/database.md). Orders not linked into the lists yet (the seconds
   * after a stopped placing) are not included. For the seller's CSV export.
   */
  async listedBetween(from: Date, to: Date): Promise<OrderDocument[]> {
    const total = await this.lists.length(SELLER_LIST);
    const placedAt = async (n: number): Promise<OrderDocument | null> => {
      const id = await this.lists.at(SELLER_LIST, n);
      return id ? this.cache.findById(id) : null;
    };
    // Places follow the order of placing to within moments (concurrent orders take places as they are
    // stored): the search aims a minute early and the walk goes a minute past the end.
    const early = from.getTime() - LIST_ORDER_SLACK_MS;
    let low = 0;
    let high = total;
    while (low < high) {
      const mid = (low + high) >> 1;
      const order = await placedAt(mid);
      if (order && order.createdAt.getTime() < early) low = mid + 1;
      else high = mid;
    }
    const found: OrderDocument[] = [];
    for (let n = low; n < total; n++) {
      const order = await placedAt(n);
      if (!order) continue;
      const at = order.createdAt.getTime();
      if (at >= to.getTime() + LIST_ORDER_SLACK_MS) break;
      if (at >= from.getTime() && at < to.getTime()) found.push(order);
    }
    return found.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || String(a._id).localeCompare(String(b._id)));
  }

  /**
   * Orders placed in [from, to), oldest first, as stored (plain objects, one cursor): a query on the
   * orders, for the stats rebuild (it may read every order: docs/database.md).
   */
  placedBetween(from: Date, to: Date): AsyncIterable<Order & { _id: Types.ObjectId }> {
    return this.orders
      .find({ createdAt: { $gte: from, $lt: to } })
      .sort({ createdAt: 1, _id: 1 })
      .lean<Order & { _id: Types.ObjectId }>()
      .cursor({ batchSize: 1_000 });
  }

  /** Orders with one status, newest first: a query on the orders. */
  listByStatus(status: OrderStatus, page: number, limit: number) {
    return this.listPage({ status }, page, limit);
  }

  /**
   * A page of a list of orders as the API answers it, serialised and compressed once and kept until
   * the list grows or one of its orders (or the catalogue, which names their products) changes: the
   * kept answer is used while the page holds the very same order views (see OrderCache.view).
   */
  private async preparedPage(list: string, page: number, limit: number): Promise<PreparedBody> {
    const { orders, total } = await this.listFrom(list, page, limit);
    const key = `${list}|${page}|${limit}`;
    const kept = this.preparedPages.get(key);
    if (kept && kept.total === total && kept.orders.length === orders.length && kept.orders.every((order, i) => order === orders[i])) return kept.body;
    const body = prepareSync(JSON.stringify(ordersAnswer(orders, total, { page, limit })));
    this.preparedPages.set(key, { total, orders, body });
    return body;
  }

  /** A page of a list of orders, as the API shows them (made once per change of each order or of the catalogue). */
  private async listFrom(list: string, page: number, limit: number): Promise<{ orders: OrderJson[]; total: number }> {
    const { ids, total } = await this.lists.page(list, page, limit);
    const version = this.products.referenceVersion;
    // Plain JSON, so that sending it again is only JSON.stringify (no documents, ObjectIds or dates to convert).
    const render = async (order: OrderDocument) => JSON.parse(JSON.stringify(await this.withProducts(order))) as OrderJson;
    const found = await Promise.all(ids.map((id) => this.cache.view(id, version, render)));
    return { orders: found.filter((order): order is OrderJson => !!order), total };
  }

  /** Newest first; the count is its own query (no $facet). May read every order (docs/database.md). */
  private async listPage(filter: QueryFilter<Order>, page: number, limit: number) {
    const [orders, total] = await Promise.all([
      this.orders
        .find(filter)
        .sort({ createdAt: -1, _id: -1 })
        .skip((page - 1) * limit)
        .limit(limit)
        .exec(),
      this.orders.countDocuments(filter),
    ]);
    return { orders: await this.withProductsAll(orders), total };
  }

  /**
   * Fills `items.product` with what the order shows of each product (name, category, image,
   * offerPrice; null once the product is deleted) from the catalogue read model, instead of a
   * populate query (`_id: { $in }`, which may be answered by reading every product: docs/database.md).
   */
  async withProducts(order: OrderDocument): Promise<OrderDocument> {
    return (await this.withProductsAll([order]))[0];
  }

  async withProductsAll(orders: OrderDocument[]): Promise<OrderDocument[]> {
    const productId = (item: OrderItem) => String((item.product as { _id?: unknown } | null)?._id ?? item.product);
    const references = await this.products.referenceDocuments(orders.flatMap((order) => order.items.map(productId)));
    for (const order of orders) {
      for (const item of order.items) item.product = (references.get(productId(item)) ?? null) as unknown as Types.ObjectId;
    }
    return orders;
  }
}
