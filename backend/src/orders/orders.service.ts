import { createHash } from 'node:crypto';
import {
  canMove,
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
  Injectable,
  Logger,
  NotFoundException,
  OnApplicationBootstrap,
  ServiceUnavailableException,
} from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { isValidObjectId, Model, Types, type QueryFilter } from 'mongoose';
import { AddressesService } from '../addresses/addresses.service';
import { DomainEvents } from '../common/events/domain-events';
import { isDatabaseAway } from '../common/filters/all-exceptions.filter';
import { LocksService } from '../common/locks/locks.service';
import { isDuplicateKeyError } from '../common/mongo-errors';
import { MediaService } from '../media/media.service';
import { ProductsService } from '../products/products.service';
import { OrderLineDto, PlaceOrderDto } from './dto/place-order.dto';
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

/** An order priced and checked, not stored yet: what a checkout commits (COD now, online after payment). */
export interface OrderQuote {
  userId: string;
  paymentType: PaymentType;
  address?: OrderAddress;
  items: OrderItem[];
  price: PriceBreakdown;
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
}

/** What a quote needs: the lines, and the saved address to deliver to (optional only where `addressRequired` is false). */
export interface QuoteRequest {
  address?: string;
  items: OrderLineDto[];
}

export const ORDER_UNCONFIRMED =
  'We could not confirm your order because the shop’s database did not answer. Send the same order again in a few seconds: if it was placed, you get it back, never a second one';

/** Without an Idempotency-Key, the same shopper sending the same order again within this window gets the first order. */
export const DOUBLE_SUBMIT_WINDOW_MS = 10_000;

const PRODUCT_FIELDS = 'name category image offerPrice';

@Injectable()
export class OrdersService implements OnApplicationBootstrap {
  private readonly logger = new Logger(OrdersService.name);

  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    private readonly addresses: AddressesService,
    private readonly products: ProductsService,
    private readonly media: MediaService,
    private readonly locks: LocksService,
    private readonly events: DomainEvents,
  ) {}

  /**
   * Places an order: quote, then commit. With an Idempotency-Key, the key names the checkout attempt;
   * without one (the spec's own client), the same request from the same shopper within
   * DOUBLE_SUBMIT_WINDOW_MS counts as the same attempt.
   */
  async place(userId: string, dto: PlaceOrderDto, idempotencyKey: string | undefined, paymentType: PaymentType = 'COD'): Promise<PlacedOrder> {
    const requestHash = fingerprint(dto, paymentType);
    const keys = idempotencyKey ? [idempotencyKey] : doubleSubmitKeys(requestHash, Date.now());
    for (const key of keys) {
      const previous = await this.findByKey(userId, key);
      if (previous && (idempotencyKey || isRecent(previous))) return this.replay(previous, requestHash);
    }
    return this.commit(await this.quote(userId, dto, paymentType), keys[0]);
  }

  /** Checks the shopper's address and the lines against the catalogue and prices them with the one pricing function. Writes nothing. */
  async quote(userId: string, dto: QuoteRequest, paymentType: PaymentType, { addressRequired = true } = {}): Promise<OrderQuote> {
    const lines = mergeLines(dto.items);
    if (!lines.length) throw new BadRequestException('Your cart is empty');
    const address = dto.address !== undefined || addressRequired ? await this.ownAddress(userId, dto.address) : undefined;
    const products = await this.products.findByIds(lines.map((l) => l.product));
    const byId = new Map(products.map((p) => [String(p._id), p]));
    const items: OrderItem[] = lines.map((line) => {
      const product = byId.get(line.product);
      if (!product) throw new BadRequestException(`Product ${line.product} does not exist`);
      if (!product.inStock) throw new BadRequestException(`${product.name} is out of stock`);
      return {
        product: new Types.ObjectId(line.product),
        quantity: line.quantity,
        name: product.name,
        category: product.category,
        image: product.image?.[0] ?? '',
        offerPrice: product.offerPrice,
        offerPricePaise: toPaise(product.offerPrice),
      };
    });
    const price = priceCart(items.map((i) => ({ offerPrice: i.offerPrice, quantity: i.quantity })));
    return { userId, paymentType, address, items, price, requestHash: fingerprint(dto, paymentType) };
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

  findById(orderId: string): Promise<OrderDocument | null> {
    return isValidObjectId(orderId) ? this.orders.findById(orderId).exec() : Promise.resolve(null);
  }

  /** The order a checkout attempt (idempotency key) produced, if any. */
  async findPlaced(userId: string, idempotencyKey: string): Promise<OrderDocument | null> {
    const order = await this.findByKey(userId, idempotencyKey);
    return order ? this.withProducts(order) : null;
  }

  /**
   * Records the refund of a cancelled online order (once: a refund id, once stored, is never replaced
   * by another). `processed` makes the payment `refunded`.
   */
  async recordRefund(orderId: string, refundId: string, refundStatus: RefundStatus): Promise<OrderDocument | null> {
    const set: Record<string, unknown> = { 'payment.refundId': refundId, 'payment.refundStatus': refundStatus };
    if (refundStatus === 'processed') set.paymentStatus = 'refunded';
    if (refundStatus === 'processed') set.isPaid = false;
    const updated = await this.orders
      .findOneAndUpdate({ _id: new Types.ObjectId(orderId), 'payment.refundId': { $in: [null, refundId] } }, { $set: set }, { returnDocument: 'after' })
      .populate('items.product', PRODUCT_FIELDS)
      .exec();
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
    let order: OrderDocument;
    try {
      order = await this.orders.create({
        user: new Types.ObjectId(quote.userId),
        items: quote.items,
        address: quote.address,
        amount: fromPaise(quote.price.totalPaise),
        amountPaise: quote.price.totalPaise,
        subtotalPaise: quote.price.subtotalPaise,
        taxPaise: quote.price.taxPaise,
        paymentType: quote.paymentType,
        paymentStatus,
        isPaid: paymentStatus === 'paid',
        status: 'Order Placed',
        statusHistory: [{ status: 'Order Placed', at: new Date() }],
        idempotencyKey,
        requestHash: quote.requestHash,
        ...(options.payment ? { payment: options.payment } : {}),
      });
    } catch (error) {
      // The insert may or may not have happened: say so, and a retry of the same checkout attempt
      // (same key, or the same order within the double-submit window) answers the order if it exists.
      if (isDatabaseAway(error)) throw new ServiceUnavailableException(ORDER_UNCONFIRMED);
      if (!isDuplicateKeyError(error)) throw error;
      const winner = await this.findByKey(quote.userId, idempotencyKey);
      if (!winner) throw error;
      return this.replay(winner, quote.requestHash);
    }
    const placed = await this.withProducts(order);
    const event = { orderId: String(order._id), userId: quote.userId, order: placed, paymentType: quote.paymentType };
    await this.events.publish(ORDER_PLACED, event satisfies OrderPlacedEvent);
    if (paymentStatus === 'paid') await this.events.publish(ORDER_PAID, { ...event, paymentStatus } satisfies OrderPaidEvent);
    return { order: placed, created: true };
  }

  listForShopper(userId: string, page: number, limit: number) {
    return this.listPage({ user: new Types.ObjectId(userId) }, page, limit);
  }

  listForSeller(page: number, limit: number, status?: OrderStatus) {
    return this.listPage(status ? { status } : {}, page, limit);
  }

  /** Newest first; populate runs separate queries (no $lookup on FerretDB), the count is its own query. */
  private async listPage(filter: QueryFilter<Order>, page: number, limit: number) {
    const [orders, total] = await Promise.all([
      this.orders
        .find(filter)
        .sort({ createdAt: -1, _id: -1 })
        .skip((page - 1) * limit)
        .limit(limit)
        .populate('items.product', PRODUCT_FIELDS)
        .exec(),
      this.orders.countDocuments(filter),
    ]);
    return { orders, total };
  }

  /**
   * Moves an order along its lifecycle, one change at a time per order, with a compare-and-set on
   * the status. A COD order is paid when delivered and owes nothing when cancelled first.
   */
  async changeStatus(orderId: string, to: OrderStatus): Promise<OrderDocument> {
    if (!isValidObjectId(orderId)) throw new BadRequestException('Invalid order id');
    const { before, updated } = await this.locks.run(`order:${orderId}`, { busyMessage: 'This order is being updated, please try again' }, async () => {
      const order = await this.orders.findById(orderId).exec();
      if (!order) throw new NotFoundException('Order not found');
      if (!canMove(order.status, to)) throw new ConflictException(`An order that is '${order.status}' cannot become '${to}'`);
      const paymentStatus = paymentAfterStatusChange(order.paymentType, order.paymentStatus ?? 'pending', to);
      const set: Partial<Order> = { status: to, paymentStatus, isPaid: paymentStatus === 'paid' };
      const changed = await this.orders
        .findOneAndUpdate(
          { _id: order._id, status: order.status },
          { $set: set, $push: { statusHistory: { status: to, at: new Date() } } },
          { returnDocument: 'after' },
        )
        .populate('items.product', PRODUCT_FIELDS)
        .exec();
      if (!changed) throw new ConflictException('The order changed meanwhile; reload and try again');
      return { before: order, updated: changed };
    });
    const event = { orderId: String(updated._id), userId: String(updated.user), order: updated };
    await this.events.publish(ORDER_STATUS_CHANGED, { ...event, from: before.status, to } satisfies OrderStatusChangedEvent);
    if (updated.paymentStatus === 'paid' && before.paymentStatus !== 'paid') {
      await this.events.publish(ORDER_PAID, { ...event, paymentType: updated.paymentType, paymentStatus: updated.paymentStatus } satisfies OrderPaidEvent);
    }
    // Listeners may have changed it further (a refund started for a cancelled online order).
    return (await this.orders.findById(updated._id).populate('items.product', PRODUCT_FIELDS).exec()) ?? updated;
  }

  /**
   * Orders stored before the address snapshot and the payment state existed get both once, at
   * start-up (an order whose saved address is already gone keeps what can be known: its id).
   */
  async onApplicationBootstrap(): Promise<void> {
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
  }

  private findByKey(userId: string, idempotencyKey: string) {
    return this.orders.findOne({ user: new Types.ObjectId(userId), idempotencyKey }).exec();
  }

  private async replay(order: OrderDocument, requestHash: string): Promise<PlacedOrder> {
    if (order.requestHash !== requestHash) throw new ConflictException('This checkout attempt was already used for a different order');
    return { order: await this.withProducts(order), created: false };
  }

  private withProducts(order: OrderDocument) {
    return order.populate({ path: 'items.product', select: PRODUCT_FIELDS });
  }
}

function pickAddress(saved: Omit<OrderAddress, '_id'>): Omit<OrderAddress, '_id'> {
  const { firstName, lastName, email, street, city, state, pincode, country, phone } = saved;
  return { firstName, lastName, email, street, city, state, pincode, country, phone };
}

/** Same product twice in one request counts as one line with the quantities added. */
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
