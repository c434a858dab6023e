import { createHash } from 'node:crypto';
import {
  canMove,
  deliverByFor,
  fromPaise,
  initialPaymentStatus,
  MAX_LINE_QUANTITY,
  paymentAfterStatusChange,
  priceCart,
  toPaise,
  type OrderStatus,
  type PaymentStatus,
  type PaymentType,
  type PriceBreakdown,
} from '@greencart/domain';
import {
  BadRequestException,
  ConflictException,
  HttpException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  OnApplicationBootstrap,
  OnModuleDestroy,
  ServiceUnavailableException,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectModel } from '@nestjs/mongoose';
import { getStorageToken, type ThrottlerStorage } from '@nestjs/throttler';
import { LRUCache } from 'lru-cache';
import { isValidObjectId, Model, Types, type QueryFilter } from 'mongoose';
import { AddressesService } from '../addresses/addresses.service';
import { DomainEvents } from '../common/events/domain-events';
import { isDatabaseAway } from '../common/filters/all-exceptions.filter';
import { LocksService } from '../common/locks/locks.service';
import { startupWork } from '../common/startup/background-work';
import { prepareSync, type PreparedBody } from '../common/http/prepared-body';
import { isDuplicateKeyError } from '../common/mongo-errors';
import type { Environment } from '../config/environment';
import { DeliveryService } from '../delivery/delivery.service';
import { MediaService } from '../media/media.service';
import { ProductsService } from '../products/products.service';
import { NotEnoughStock, StockService, type StockLine } from '../products/stock.service';
import { OrderLineDto, PlaceOrderDto } from './dto/place-order.dto';
import { OrderCache, type OrderJson } from './order-cache';
import { OrderLists, SELLER_LIST, shopperList } from './order-lists';
import {
  ORDER_PAID,
  ORDER_PLACED,
  ORDER_REFUNDED,
  ORDER_STATUS_CHANGED,
  type OrderPaidEvent,
  type OrderPlacedEvent,
  type OrderRefundedEvent,
  type OrderStatusChangedEvent,
} from './order.events';
import { Order, OrderAddress, OrderDocument, OrderItem, OrderPayment, RefundStatus } from './schemas/order.schema';
import { OrderTask } from './schemas/order-task.schema';

/** An order priced and checked, not stored yet: what a checkout commits (COD now, online after payment). */
export interface OrderQuote {
  userId: string;
  paymentType: PaymentType;
  address?: OrderAddress;
  items: OrderItem[];
  price: PriceBreakdown;
  /** The delivery area's promise, in minutes from when the order is stored. */
  etaMinutes: number;
  /** Fingerprint of what was asked for (address, lines, payment type), to recognise the same request. */
  requestHash: string;
}

export interface PlacedOrder {
  order: OrderDocument;
  /** false when the same checkout attempt had already produced this order. */
  created: boolean;
}

export interface CommitOptions {
  /** The payment state the order starts in (e.g. `paid` for an online payment already captured). */
  paymentStatus?: PaymentStatus;
  /** How it was paid (online orders). */
  payment?: OrderPayment;
  /** The online checkout whose held units this order takes (`checkout:<id>`). */
  fromHold?: string;
}

/** What a quote needs: the lines, and the saved address to deliver to (the shopper's latest when `defaultAddress` allows it). */
export interface QuoteRequest {
  address?: string;
  items: OrderLineDto[];
}

export const ORDER_UNCONFIRMED =
  'We could not confirm your order because the shop’s database did not answer. Send the same order again in a few seconds: if it was placed, you get it back, never a second one';

/** An order still being linked into the order lists after this long was left by a request that stopped. */
const LINK_STALE_MS = 10_000;

/** One-time jobs (see OrderLists.isDone). */
const LISTS_BUILT = 'order-lists-built';
const OLDER_ORDER_IDS = 'orders-without-derived-ids';
const PAYMENT_STATES_FILLED = 'order-payment-states-filled';

/** Without an Idempotency-Key, the same shopper sending the same order again within this window gets the first order. */
export const DOUBLE_SUBMIT_WINDOW_MS = 10_000;

const HOUR_MS = 60 * 60_000;

/**
 * The _id of the order a checkout attempt (shopper, idempotency key) produces: derived from both, so
 * finding a previous attempt's order is a read by `_id` and two concurrent attempts meet at the unique
 * `_id` on insert. (FerretDB v1 over SQLite would answer a query on (user, idempotencyKey) by reading
 * every order.)
 */
export function orderIdFor(userId: string, idempotencyKey: string): Types.ObjectId {
  return new Types.ObjectId(createHash('sha256').update(`greencart-order\0${userId}\0${idempotencyKey}`).digest('hex').slice(0, 24));
}

@Injectable()
export class OrdersService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(OrdersService.name);
  private sweeper?: NodeJS.Timeout;

  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    @InjectModel(OrderTask.name) private readonly tasks: Model<OrderTask>,
    private readonly addresses: AddressesService,
    private readonly products: ProductsService,
    private readonly stock: StockService,
    private readonly delivery: DeliveryService,
    private readonly media: MediaService,
    private readonly locks: LocksService,
    private readonly events: DomainEvents,
    private readonly lists: OrderLists,
    private readonly cache: OrderCache,
    @Inject(getStorageToken()) private readonly quotas: ThrottlerStorage,
    private readonly config: ConfigService<Environment, true>,
  ) {}

  private olderOrderIds: Promise<boolean> | undefined;
  /** Answers for pages of order lists, with what they were made of (see preparedPage). */
  private readonly preparedPages = new LRUCache<string, { total: number; orders: readonly OrderJson[]; body: PreparedBody }>({
    maxSize: PREPARED_PAGES_BYTES,
    sizeCalculation: ({ body }) => body.identity.length + (body.gzip?.length ?? 0) + (body.br?.length ?? 0),
  });

  /**
   * Places an order: quote, then commit. With an Idempotency-Key, the key names the checkout attempt;
   * without one (the spec's own client), the same request from the same shopper within
   * DOUBLE_SUBMIT_WINDOW_MS counts as the same attempt.
   */
  async place(userId: string, dto: PlaceOrderDto, idempotencyKey: string | undefined, paymentType: PaymentType = 'COD'): Promise<PlacedOrder> {
    const requestHash = fingerprint(dto, paymentType);
    const [key, ...earlier] = idempotencyKey ? [idempotencyKey] : doubleSubmitKeys(requestHash, Date.now());
    // Without a key, the same order of the previous time window counts while it is recent.
    for (const previousKey of earlier) {
      const previous = await this.findByKey(userId, previousKey);
      if (previous && isRecent(previous)) return this.replay(previous, requestHash);
    }
    // This attempt's own order is not looked up first: the insert meets it at its derived `_id` and
    // commit answers it. Only a request that can no longer be quoted (a product sold out or an address
    // removed since) is looked up, as a replay still answers the order it placed.
    let quote: OrderQuote;
    try {
      quote = await this.quote(userId, dto, paymentType);
    } catch (error) {
      const previous = error instanceof HttpException && error.getStatus() < 500 ? await this.findByKey(userId, key) : null;
      if (previous) return this.replay(previous, requestHash);
      throw error;
    }
    if (paymentType === 'COD') await this.withinCodQuota(userId);
    return this.commit(quote, key);
  }

  /**
   * At most COD_ORDERS_PER_HOUR cash-on-delivery orders per shopper and hour (counted with the rate
   * limits: in Redis, shared by every instance, when it is set). A repeated request of an order counts
   * too; the answer is 409 with what to do, never 429.
   */
  private async withinCodQuota(userId: string): Promise<void> {
    const limit = this.config.get('COD_ORDERS_PER_HOUR', { infer: true });
    const { totalHits } = await this.quotas.increment(`cod-orders:${userId}`, HOUR_MS, limit, HOUR_MS, 'cod-orders');
    if (totalHits > limit)
      throw new ConflictException(
        `You have placed ${limit} cash-on-delivery orders in the last hour, the most the shop takes; please pay online or try again later`,
      );
  }

  /**
   * Checks the shopper's address, the lines against the catalogue and the counted stock, and the
   * delivery area (served pincode, minimum order, opening hours), and prices them with the one pricing
   * function (delivery fee included). Writes nothing. With `defaultAddress`, an order that names no
   * address goes to the shopper's latest saved one (the spec's online checkout names none).
   */
  async quote(userId: string, dto: QuoteRequest, paymentType: PaymentType, { defaultAddress = false } = {}): Promise<OrderQuote> {
    const lines = mergeLines(dto.items);
    if (!lines.length) throw new BadRequestException('Your cart is empty');
    const address = dto.address === undefined && defaultAddress ? await this.latestAddress(userId) : await this.ownAddress(userId, dto.address);
    if (!address) throw new BadRequestException('Please add a delivery address before paying');
    const products = await this.products.findByIds(lines.map((l) => l.product));
    const byId = new Map(products.map((p) => [String(p._id), p]));
    const items: OrderItem[] = lines.map((line) => {
      const product = byId.get(line.product);
      if (!product) throw new BadRequestException(`Product ${line.product} does not exist`);
      // A counted product short of units: 409 with what is left; the seller's toggle (the spec's inStock): 400 as ever.
      if (product.stock !== null && product.stock < line.quantity) throw new NotEnoughStock(line.product, product.name, product.stock);
      if (!product.inStock) throw new BadRequestException(`${product.name} is out of stock`);
      return {
        product: new Types.ObjectId(line.product),
        quantity: line.quantity,
        name: product.name,
        category: product.category,
        image: product.image?.[0] ?? '',
        offerPrice: product.offerPrice,
        offerPricePaise: toPaise(product.offerPrice),
        ...(product.hsn ? { hsn: product.hsn } : {}),
      };
    });
    const priced = items.map((i) => ({ offerPrice: i.offerPrice, quantity: i.quantity }));
    const delivery = await this.delivery.quote(address.pincode, priceCart(priced).subtotalPaise);
    const price = priceCart(priced, delivery);
    return { userId, paymentType, address, items, price, etaMinutes: delivery.etaMinutes, requestHash: fingerprint(dto, paymentType) };
  }

  /** A snapshot of one of the shopper's saved addresses; 400 when it is not theirs. */
  async ownAddress(userId: string, addressId: string | undefined): Promise<OrderAddress> {
    const saved = addressId === undefined ? null : await this.addresses.findOwned(userId, addressId);
    if (!saved) throw new BadRequestException('Please select one of your saved addresses');
    return { _id: saved._id, ...pickAddress(saved) };
  }

  /** The shopper's most recently saved address, for an online order whose client never said where to deliver. */
  async latestAddress(userId: string): Promise<OrderAddress | undefined> {
    const [saved] = await this.addresses.listFor(userId);
    return saved ? { _id: saved._id, ...pickAddress(saved) } : undefined;
  }

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

  /** The order a checkout attempt (idempotency key) produced, if any. */
  async findPlaced(userId: string, idempotencyKey: string): Promise<OrderDocument | null> {
    const order = await this.findByKey(userId, idempotencyKey);
    if (!order) return null;
    return this.withProducts(await this.linkIfUnlisted(order));
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
    const updated = found && (await this.withProducts(found));
    if (updated) {
      const event = { orderId, userId: String(updated.user), order: updated, refundId, refundStatus };
      await this.events.publish(ORDER_REFUNDED, event satisfies OrderRefundedEvent);
    }
    return updated;
  }

  /** Cancelled online orders whose money has not been returned yet (a refund to start or to confirm). */
  awaitingRefund(limit = 50): Promise<OrderDocument[]> {
    return this.orders.find({ paymentType: 'Online', status: 'Cancelled', paymentStatus: 'paid' }).limit(limit).exec();
  }

  /**
   * Stores the quoted order in one single-document insert: the commit point. The unique
   * (user, idempotencyKey) index makes a repeated or concurrent commit return the first order.
   * What follows (cart, sockets, payments) happens in listeners of `order.placed`, which never turn
   * the stored order into an error answer.
   */
  async commit(quote: OrderQuote, idempotencyKey: string, options: CommitOptions = {}): Promise<PlacedOrder> {
    const paymentStatus = options.paymentStatus ?? initialPaymentStatus(quote.paymentType);
    if (quote.paymentType === 'COD' && !quote.address) throw new BadRequestException('Please select one of your saved addresses');
    // Past orders keep showing their pictures even if the seller later removes them from the product.
    await this.media.keep(quote.items.map((item) => item.image));
    const _id = orderIdFor(quote.userId, idempotencyKey);
    const stockRef = orderStockRef(_id);
    const lines = stockLines(quote.items);
    // The counted units first (all lines or none: 409 naming the product, nothing stored); an order
    // whose insert then fails gives them back, and one whose placing stops half-way is put right by the sweep.
    const taken = await this.stock.take(stockRef, lines, { fromHold: options.fromHold });
    let order: OrderDocument;
    try {
      const placedAt = new Date();
      order = await this.orders.create({
        _id,
        user: new Types.ObjectId(quote.userId),
        items: quote.items,
        address: quote.address,
        amount: fromPaise(quote.price.totalPaise),
        amountPaise: quote.price.totalPaise,
        subtotalPaise: quote.price.subtotalPaise,
        taxPaise: quote.price.taxPaise,
        deliveryFeePaise: quote.price.shippingPaise,
        deliverBy: deliverByFor(placedAt, quote.etaMinutes),
        paymentType: quote.paymentType,
        paymentStatus,
        isPaid: paymentStatus === 'paid',
        status: 'Order Placed',
        statusHistory: [{ status: 'Order Placed', at: placedAt }],
        createdAt: placedAt,
        idempotencyKey,
        requestHash: quote.requestHash,
        unlisted: true,
        linkingSince: placedAt,
        ...(options.payment ? { payment: options.payment } : {}),
      });
    } catch (error) {
      // The insert may or may not have happened: say so, and a retry of the same checkout attempt
      // (same key, or the same order within the double-submit window) answers the order if it exists.
      // Its units stay taken until the sweep knows whether the order exists.
      if (isDatabaseAway(error)) throw new ServiceUnavailableException(ORDER_UNCONFIRMED);
      await this.stock.untake(stockRef, taken);
      if (!isDuplicateKeyError(error)) throw error;
      const winner = await this.findByKey(quote.userId, idempotencyKey);
      if (!winner) throw error;
      return this.replay(winner, quote.requestHash);
    }
    this.stock.confirm(
      stockRef,
      lines.map((line) => line.productId),
    );
    try {
      order = await this.link(order);
    } catch (error) {
      // Stored but not yet in the lists: the retry of this checkout attempt (or the next start-up) links it.
      if (isDatabaseAway(error)) throw new ServiceUnavailableException(ORDER_UNCONFIRMED);
      throw error;
    }
    const placed = await this.withProducts(order);
    const event = { orderId: String(order._id), userId: quote.userId, order: placed, paymentType: quote.paymentType };
    await this.events.publish(ORDER_PLACED, event satisfies OrderPlacedEvent);
    if (paymentStatus === 'paid') await this.events.publish(ORDER_PAID, { ...event, paymentStatus } satisfies OrderPaidEvent);
    return { order: placed, created: true };
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

  /**
   * The shopper cancels their own order while it is still 'Order Placed' (after that the shop is
   * already packing it). A paid online order is refunded as when the seller cancels.
   */
  async cancelByShopper(userId: string, orderId: string): Promise<OrderDocument> {
    const order = await this.findById(orderId);
    if (!order || String(order.user) !== userId) throw new NotFoundException('Order not found');
    if (order.status !== 'Order Placed') {
      throw new ConflictException(`This order is already '${order.status}' and can no longer be cancelled here; please message the shop`);
    }
    return this.changeStatus(orderId, 'Cancelled', { by: 'shopper' });
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
   * until the range is passed. No query on the orders (FerretDB v1 over SQLite would read every stored
   * order, past the database time-out at 100,000). Orders not linked into the lists yet (the seconds
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
   * orders, for the stats rebuild (FerretDB v1 over SQLite reads every order).
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

  /** Newest first; the count is its own query (no $facet on FerretDB). Reads every order on FerretDB v1 over SQLite. */
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
   * Puts a stored order at the end of the seller's list and its shopper's, then marks it listed. The
   * order's creator does it right after the insert (which claims the linking with `linkingSince`).
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
   * An order whose linking was interrupted (database away, process stopped) is linked by the retry of
   * its checkout attempt or at the next start-up, once its creator's claim is stale. Taking over the
   * claim is a conditional update, one at a time per order (a lock document on FerretDB).
   */
  private async linkIfUnlisted(order: OrderDocument): Promise<OrderDocument> {
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

  /**
   * Moves an order along its lifecycle, one change at a time per order, with a compare-and-set on
   * the status. A COD order is paid when delivered and owes nothing when cancelled first.
   */
  async changeStatus(orderId: string, to: OrderStatus, cancel: { by: 'shop' | 'shopper'; reason?: string } = { by: 'shop' }): Promise<OrderDocument> {
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
          { $set: set, $push: { statusHistory: { status: to, at: new Date() } } },
          { returnDocument: 'after' },
        )
        .exec();
      if (!changed) throw new ConflictException('The order changed meanwhile; reload and try again');
      await this.cache.stored(changed);
      await this.withProducts(changed);
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
    return latest ? this.withProducts(latest) : updated;
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
      await this.stock.giveBack(String(order._id), stockLines(order.items));
      await this.tasks.deleteOne({ _id: `giveback:${String(order._id)}` });
    } catch (error) {
      this.logger.warn(`Units of cancelled order ${String(order._id)} not given back yet (the sweep retries): ${(error as Error).message}`);
    }
  }

  /**
   * Puts right what a stopped process left: units taken for orders that were never stored (given back)
   * or whose storing was not confirmed (kept), and cancelled orders whose units did not go back yet.
   */
  async sweepStock(): Promise<void> {
    for (const { ref, line } of await this.stock.staleTakes()) {
      const orderId = ref.startsWith('order:') ? ref.slice('order:'.length) : '';
      const order = isValidObjectId(orderId) ? await this.orders.findById(orderId).select('_id').lean() : null;
      if (order) await this.stock.settle(ref, [line.productId]);
      else await this.stock.untake(ref, [line]);
    }
    const stale = Date.now() - 60_000;
    for (const task of await this.tasks.find().lean()) {
      const orderId = task._id.slice('giveback:'.length);
      const order = isValidObjectId(orderId) ? await this.orders.findById(orderId).exec() : null;
      if (order?.status === 'Cancelled') await this.giveBack(order);
      else if (task.at.getTime() < stale) await this.tasks.deleteOne({ _id: task._id });
    }
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  /**
   * Orders stored before the address snapshot and the payment state existed get both once, at
   * start-up (an order whose saved address is already gone keeps what can be known: its id).
   */
  async onApplicationBootstrap(): Promise<void> {
    this.sweeper = setInterval(() => void this.sweepStock().catch((error: Error) => this.logger.warn(`Stock sweep: ${error.message}`)), STOCK_SWEEP_MS);
    this.sweeper.unref();
    await this.fillOlderOrders();
    await this.listOlderOrders();
    // Orders whose linking a stopped process interrupted: in the background, the shop is already usable.
    void startupWork('linking unlisted orders', this.linkUnlisted()).catch((error: Error) =>
      this.logger.warn(`Could not link unlisted orders: ${error.message}`),
    );
  }

  /** Once per database (it reads every order): see onApplicationBootstrap. */
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
   * Once per database: orders stored before order lists existed get their places (in order of
   * creation, so two instances doing it at once write the same entries), and are remembered as
   * orders whose _id is not derived from their checkout attempt.
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

  private async linkUnlisted(): Promise<void> {
    const unlisted = await this.orders.find({ unlisted: true }).sort({ createdAt: 1, _id: 1 }).exec();
    for (const order of unlisted) await this.linkIfUnlisted(order);
    if (unlisted.length) this.logger.log(`Linked ${unlisted.length} orders a stopped process had left out of the order lists`);
  }

  /** Whether this database holds orders stored before order ids were derived from the checkout attempt. */
  private hasOrdersWithoutDerivedIds(): Promise<boolean> {
    this.olderOrderIds ??= this.lists.isDone(OLDER_ORDER_IDS).catch((error: unknown) => {
      this.olderOrderIds = undefined;
      throw error;
    });
    return this.olderOrderIds;
  }

  /** The order of a checkout attempt: by its derived `_id`; an order stored before ids were derived is found by query. */
  private async findByKey(userId: string, idempotencyKey: string): Promise<OrderDocument | null> {
    // By `_id` alone: FerretDB v1 pushes a filter down to SQLite only when `_id` is all it names.
    const order = await this.cache.findById(orderIdFor(userId, idempotencyKey));
    if (order && String(order.user) === userId && order.idempotencyKey === idempotencyKey) return order;
    if (!(await this.hasOrdersWithoutDerivedIds())) return null;
    return this.orders.findOne({ user: new Types.ObjectId(userId), idempotencyKey }).exec();
  }

  private async replay(order: OrderDocument, requestHash: string): Promise<PlacedOrder> {
    if (order.requestHash !== requestHash) throw new ConflictException('This checkout attempt was already used for a different order');
    return { order: await this.withProducts(await this.linkIfUnlisted(order)), created: false };
  }

  /**
   * Fills `items.product` with what the order shows of each product (name, category, image,
   * offerPrice; null once the product is deleted) from the catalogue read model, instead of a
   * populate query (`_id: { $in }`, which FerretDB v1 over SQLite answers by reading every product).
   */
  private async withProducts(order: OrderDocument): Promise<OrderDocument> {
    return (await this.withProductsAll([order]))[0];
  }

  private async withProductsAll(orders: OrderDocument[]): Promise<OrderDocument[]> {
    const productId = (item: OrderItem) => String((item.product as { _id?: unknown } | null)?._id ?? item.product);
    const references = await this.products.referenceDocuments(orders.flatMap((order) => order.items.map(productId)));
    for (const order of orders) {
      for (const item of order.items) item.product = (references.get(productId(item)) ?? null) as unknown as Types.ObjectId;
    }
    return orders;
  }
}

function pickAddress(saved: Omit<OrderAddress, '_id'>): Omit<OrderAddress, '_id'> {
  const { firstName, lastName, email, street, city, state, pincode, country, phone } = saved;
  return { firstName, lastName, ...(email ? { email } : {}), street, city, state, pincode, country, phone };
}

/** How far out of placing order an order's place in the seller's list can be (see listedBetween). */
const LIST_ORDER_SLACK_MS = 60_000;

/** How often stopped placings and cancels are put right (see sweepStock). */
const STOCK_SWEEP_MS = 60_000;

/** Whose units an order takes on the products: `order:<id>`. */
export function orderStockRef(orderId: Types.ObjectId | string): string {
  return `order:${String(orderId)}`;
}

function stockLines(items: readonly OrderItem[]): StockLine[] {
  return items.map((item) => ({ productId: String((item.product as { _id?: unknown } | null)?._id ?? item.product), quantity: item.quantity }));
}

/** Bytes of prepared order-list answers kept in memory (a page of 20 orders: about 20 KB, 2 KB compressed). */
const PREPARED_PAGES_BYTES = 32 * 1024 * 1024;

/** The API's answer for a page of orders: `{ success, orderdata, page, limit, total, totalPages }` (spec §7, paged). */
export function ordersAnswer(orders: readonly unknown[], total: number, { page, limit }: { page: number; limit: number }) {
  return { success: true, orderdata: orders, page, limit, total, totalPages: Math.ceil(total / limit) };
}

export function orderNumberFor(place: number): string {
  return `GC-${10_001 + place}`;
}

function sumLines(items: OrderLineDto[]): OrderLineDto[] {
  const merged = new Map<string, number>();
  for (const item of items) merged.set(item.product, (merged.get(item.product) ?? 0) + item.quantity);
  return [...merged].map(([product, quantity]) => ({ product, quantity }));
}

function mergeLines(items: OrderLineDto[]): OrderLineDto[] {
  const lines = sumLines(items);
  if (lines.some((line) => line.quantity > MAX_LINE_QUANTITY)) throw new BadRequestException(`Quantity cannot exceed ${MAX_LINE_QUANTITY}`);
  return lines;
}

function fingerprint(dto: QuoteRequest, paymentType: PaymentType): string {
  const lines = sumLines(dto.items).sort((a, b) => a.product.localeCompare(b.product));
  return createHash('sha256')
    .update(JSON.stringify([dto.address, paymentType, lines]))
    .digest('hex');
}

/**
 * The keys a request without Idempotency-Key is stored and looked up under: one per time window
 * (the current one first, then the previous one, whose order counts only while it is recent).
 * Two submissions in the same window meet at the unique index even when they arrive together.
 */
function doubleSubmitKeys(requestHash: string, now: number): string[] {
  const window = Math.floor(now / DOUBLE_SUBMIT_WINDOW_MS);
  return [window, window - 1].map((w) => `auto-${requestHash.slice(0, 32)}-${w}`);
}

function isRecent(order: OrderDocument): boolean {
  return Date.now() - order.createdAt.getTime() <= DOUBLE_SUBMIT_WINDOW_MS;
}
