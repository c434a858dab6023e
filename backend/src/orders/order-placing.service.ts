import { createHash } from 'node:crypto';
import {
  deliverByFor,
  nameWithSize,
  fromPaise,
  initialPaymentStatus,
  MAX_LINE_QUANTITY,
  priceCart,
  priceCartIn,
  toPaise,
  type PaymentStatus,
  type PaymentType,
  type SubstitutionChoice,
  type TaxedPriceBreakdown,
} from '@greencart/domain';
import {
  BadRequestException,
  ConflictException,
  HttpException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectModel } from '@nestjs/mongoose';
import { getStorageToken, type ThrottlerStorage } from '@nestjs/throttler';
import { Model, Types } from 'mongoose';
import { AddressesService } from '../addresses/addresses.service';
import { DomainEvents } from '../common/events/domain-events';
import { isDatabaseAway } from '../common/filters/all-exceptions.filter';
import { isDuplicateKeyError } from '../common/mongo-errors';
import type { Environment } from '../config/environment';
import { DeliverySlotsService, type QuotedSlot } from '../delivery/slots/delivery-slots.service';
import { MediaService } from '../media/media.service';
import { ProductsService } from '../products/products.service';
import { ShopService } from '../shop/shop.service';
import { NotEnoughStock, UnknownPackSize } from '../products/stock.service';
import { OutcomeUnknown, runSteps, type Step } from '../common/steps/steps';
import { PlaceOrderDto } from './dto/place-order.dto';
import { OrderCache } from './order-cache';
import { DOUBLE_SUBMIT_WINDOW_MS, doubleSubmitKeys, fingerprint, isRecent, mergeLines, pickAddress, type QuoteRequest } from './order-requests';
import { OrderCoupons, type QuotedCoupon } from './order-coupons';
import { OrderLinking, ORDER_UNCONFIRMED } from './order-linking';
import { OrderLists } from './order-lists';
import { ORDER_PAID, ORDER_PLACED, type OrderPaidEvent, type OrderPlacedEvent } from './order.events';
import { orderStockRef } from './order-stock';
import { OrderTakes } from './order-takes';
import { NoGstRate } from './order-tax';
import { OrdersService } from './orders.service';
import { Order, OrderAddress, OrderDocument, OrderItem, OrderPayment } from './schemas/order.schema';

/** An order priced and checked, not stored yet: what a checkout commits (COD now, online after payment). */
export interface OrderQuote {
  userId: string;
  paymentType: PaymentType;
  address?: OrderAddress;
  items: OrderItem[];
  /** In the shop's tax mode when quoted (`mode`; a checkout kept before tax modes has none: `flat`). */
  price: Omit<TaxedPriceBreakdown, 'mode' | 'taxInsidePaise'> & Partial<Pick<TaxedPriceBreakdown, 'mode' | 'taxInsidePaise'>>;
  /** `gst` mode: the delivery fee's rate when quoted. */
  deliveryGstRate?: number;
  /** The delivery area's promise, in minutes from when the order is stored. */
  etaMinutes: number;
  /** Fingerprint of what was asked for (address, lines, payment type, coupon, slot, substitution choice), to recognise the same request. */
  requestHash: string;
  /** The coupon the order uses and its discount (in `price` too). */
  coupon?: QuotedCoupon;
  /** The shopper's substitution choice (issue 39); absent: refund. */
  substitutions?: SubstitutionChoice;
  /** The delivery slot chosen (issue 41); absent: express. */
  slot?: QuotedSlot;
  /** A business buyer's GSTIN (issue 54): a B2B order. */
  buyerGstin?: string;
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

export type { QuoteRequest };

export { ORDER_UNCONFIRMED };

export { DOUBLE_SUBMIT_WINDOW_MS };

const HOUR_MS = 60 * 60_000;

/** The one-time job that notes a database holding orders stored before ids were derived (see OrderLists.isDone). */
export const OLDER_ORDER_IDS = 'orders-without-derived-ids';

/**
 * The _id of the order a checkout attempt (shopper, idempotency key) produces: derived from both, so
 * finding a previous attempt's order is a read by `_id` and two concurrent attempts meet at the unique
 * `_id` on insert. (A query on (user, idempotencyKey) may be answered by reading every order: only `_id`
 * filters are answered from an index everywhere, docs/database.md.)
 */
export function orderIdFor(userId: string, idempotencyKey: string): Types.ObjectId {
  return new Types.ObjectId(createHash('sha256').update(`greencart-order\0${userId}\0${idempotencyKey}`).digest('hex').slice(0, 24));
}

/** Placing orders: quoting a request, storing the order once per checkout attempt, answering its retries. */
@Injectable()
export class OrderPlacing {
  private readonly logger = new Logger(OrderPlacing.name);
  private olderOrderIds: Promise<boolean> | undefined;

  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    private readonly addresses: AddressesService,
    private readonly products: ProductsService,
    private readonly takes: OrderTakes,
    private readonly delivery: DeliverySlotsService,
    private readonly media: MediaService,
    private readonly events: DomainEvents,
    private readonly lists: OrderLists,
    private readonly linking: OrderLinking,
    private readonly cache: OrderCache,
    private readonly reading: OrdersService,
    private readonly coupons: OrderCoupons,
    private readonly shop: ShopService,
    @Inject(getStorageToken()) private readonly quotas: ThrottlerStorage,
    private readonly config: ConfigService<Environment, true>,
  ) {}

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
      if (previous && isRecent(previous.createdAt)) return this.replay(previous, requestHash);
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
    // From the in-memory catalogue (a product written around the app is read from the database); the
    // counted units are only a first check here: taking them (commit) is what holds.
    const [products, tax] = await Promise.all([
      Promise.all(lines.map((line) => this.products.findById(line.product).catch(notFoundAsUndefined))),
      this.shop.tax(),
    ]);
    const byId = new Map(products.filter((p) => p !== undefined).map((p) => [String(p._id), p]));
    const named: OrderItem[] = lines.map((line) => {
      const product = byId.get(line.product);
      if (!product) throw new BadRequestException(`Product ${line.product} does not exist`);
      // A plain product id is its default (first) pack size.
      const size = line.variant === undefined ? product.variants[0] : product.variants.find((v) => v._id === line.variant);
      if (!size) throw new UnknownPackSize(product.name);
      const sized = product.variants.length > 1;
      const shown = sized ? nameWithSize(product.name, size.label) : product.name;
      // A counted size short of units: 409 with what is left; the seller's toggle (the spec's inStock): 400 as ever.
      if (size.stock !== null && size.stock < line.quantity) throw new NotEnoughStock(line.product, shown, size.stock, sized);
      if (!size.inStock) throw new BadRequestException(`${shown} is out of stock`);
      // In `gst` mode a product is sold only at its rate (issue 54): without one the owner must set it first.
      if (tax.taxMode === 'gst' && typeof product.gstRate !== 'number') throw new NoGstRate(shown);
      return {
        product: new Types.ObjectId(line.product),
        quantity: line.quantity,
        name: product.name,
        category: product.category,
        image: product.image?.[0] ?? '',
        offerPrice: size.offerPrice,
        offerPricePaise: toPaise(size.offerPrice),
        ...(product.hsn ? { hsn: product.hsn } : {}),
        ...(tax.taxMode === 'gst' ? { gstRate: product.gstRate } : {}),
        variant: size._id,
        // The label says the size on every line, mail and invoice: a single size says it when it was given (its weight).
        ...(sized || product.weight ? { label: size.label } : {}),
      };
    });
    // A plain id and the default size's id are the same size: one line.
    const items: OrderItem[] = [];
    for (const item of named) {
      const same = items.find((other) => other.product.equals(item.product) && other.variant === item.variant);
      if (!same) items.push(item);
      else if ((same.quantity += item.quantity) > MAX_LINE_QUANTITY) throw new BadRequestException(`Quantity cannot exceed ${MAX_LINE_QUANTITY}`);
    }
    const priced = items.map((i) => ({ offerPrice: i.offerPrice, quantity: i.quantity }));
    // The minimum order, free delivery and the coupon's minimum are judged on the subtotal before the discount.
    const { subtotalPaise } = priceCart(priced);
    const delivery = await this.delivery.quote(address.pincode, subtotalPaise, dto.delivery?.slot);
    const judged = dto.coupon !== undefined ? await this.coupons.judge(userId, dto.coupon, subtotalPaise, { countUses: false }) : undefined;
    const price = priceCartIn(
      tax,
      items.map((i) => ({ offerPrice: i.offerPrice, quantity: i.quantity, gstRate: i.gstRate })),
      delivery,
      judged?.coupon,
    );
    const coupon = judged ? { couponId: String(judged.coupon._id), code: judged.coupon.code, discountPaise: price.discountPaise } : undefined;
    return {
      userId,
      paymentType,
      address,
      items,
      price,
      ...(tax.taxMode === 'gst' ? { deliveryGstRate: tax.deliveryGstRate } : {}),
      etaMinutes: delivery.etaMinutes,
      requestHash: fingerprint(dto, paymentType),
      ...(coupon ? { coupon } : {}),
      ...(dto.substitutions ? { substitutions: dto.substitutions } : {}),
      ...(delivery.slot ? { slot: delivery.slot } : {}),
      ...(dto.buyerGstin ? { buyerGstin: dto.buyerGstin } : {}),
    };
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

  /** The order a checkout attempt (idempotency key) produced, if any (listed first if it was not yet). */
  async findPlaced(userId: string, idempotencyKey: string): Promise<OrderDocument | null> {
    const order = await this.findByKey(userId, idempotencyKey);
    if (!order) return null;
    return this.reading.withProducts(await this.linking.listed(order));
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
    // Placing is these steps, in order; one that fails undoes the ones before it (runSteps). What the order
    // takes (order-takes.ts): the counted units first (all lines or none: 409 naming the product, nothing
    // stored), then the coupon's use (409 "used up"), then the slot's place (409 "full"); then the order
    // itself in one single-document insert: the commit point. A retry of the same order takes nothing more;
    // a placing stopped half-way is put right by the sweeps (units and places of an order never stored go back).
    let stored: OrderDocument | undefined;
    const placedAt = new Date();
    const steps: Step[] = [
      ...this.takes.takeSteps(quote, stockRef, options.fromHold),
      { name: 'store the order', run: async () => (stored = await this.store(this.newOrder(quote, _id, idempotencyKey, paymentStatus, placedAt, options))) },
    ];
    try {
      await runSteps(steps, ({ step, error }) => this.logger.error(`Could not undo "${step}" of ${stockRef}: ${(error as Error)?.message ?? String(error)}`));
    } catch (error) {
      // The same checkout attempt stored meanwhile (a concurrent commit): its order is the answer.
      if (!isDuplicateKeyError(error)) throw error;
      const winner = await this.findByKey(quote.userId, idempotencyKey);
      if (!winner) throw error;
      return this.replay(winner, quote.requestHash);
    }
    let order = stored!;
    this.takes.confirm(quote, stockRef);
    try {
      order = await this.linking.linkNew(order);
    } catch (error) {
      // Stored but not yet in the lists: the retry of this checkout attempt (or the sweep) links it.
      if (isDatabaseAway(error)) throw new ServiceUnavailableException(ORDER_UNCONFIRMED);
      throw error;
    }
    const placed = await this.reading.withProducts(order);
    const event = { orderId: String(order._id), userId: quote.userId, order: placed, paymentType: quote.paymentType };
    await this.events.publish(ORDER_PLACED, event satisfies OrderPlacedEvent);
    if (paymentStatus === 'paid') await this.events.publish(ORDER_PAID, { ...event, paymentStatus } satisfies OrderPaidEvent);
    return { order: placed, created: true };
  }

  /** The insert of a new order: the commit point. */
  private async store(order: Omit<Order, 'updatedAt'> & { _id: Types.ObjectId }): Promise<OrderDocument> {
    try {
      return await this.orders.create(order);
    } catch (error) {
      // The insert may or may not have happened: say so, and a retry of the same checkout attempt (same key,
      // or the same order within the double-submit window) answers the order if it exists. What the steps
      // took stays taken until the sweep knows whether the order exists.
      if (isDatabaseAway(error)) throw new OutcomeUnknown(new ServiceUnavailableException(ORDER_UNCONFIRMED));
      throw error;
    }
  }

  /** The order document a quote becomes (what `commit` stores). */
  private newOrder(
    quote: OrderQuote,
    _id: Types.ObjectId,
    idempotencyKey: string,
    paymentStatus: PaymentStatus,
    placedAt: Date,
    options: CommitOptions,
  ): Omit<Order, 'updatedAt'> & { _id: Types.ObjectId } {
    return {
      _id,
      user: new Types.ObjectId(quote.userId),
      items: quote.items,
      address: quote.address,
      amount: fromPaise(quote.price.totalPaise),
      amountPaise: quote.price.totalPaise,
      subtotalPaise: quote.price.subtotalPaise,
      discountPaise: quote.price.discountPaise,
      ...(quote.coupon
        ? { coupon: { code: quote.coupon.code, couponId: new Types.ObjectId(quote.coupon.couponId), discountPaise: quote.coupon.discountPaise } }
        : {}),
      taxPaise: quote.price.taxPaise,
      // Flat orders read as they always have: no tax-mode fields.
      ...(quote.price.mode && quote.price.mode !== 'flat' ? { taxMode: quote.price.mode } : {}),
      ...(quote.price.mode === 'gst' ? { taxInsidePaise: quote.price.taxInsidePaise ?? 0, deliveryGstRate: quote.deliveryGstRate } : {}),
      deliveryFeePaise: quote.price.shippingPaise,
      deliverBy: quote.slot ? this.delivery.deliverBy(quote.slot) : deliverByFor(placedAt, quote.etaMinutes),
      ...(quote.slot ? { deliverySlot: { date: quote.slot.date, start: quote.slot.start, end: quote.slot.end } } : {}),
      paymentType: quote.paymentType,
      paymentStatus,
      isPaid: paymentStatus === 'paid',
      status: 'Order Placed',
      statusHistory: [{ status: 'Order Placed', at: placedAt }],
      createdAt: placedAt,
      idempotencyKey,
      requestHash: quote.requestHash,
      ...(quote.substitutions ? { substitutions: quote.substitutions } : {}),
      ...(quote.buyerGstin ? { buyerGstin: quote.buyerGstin } : {}),
      unlisted: true,
      linkingSince: placedAt,
      ...(options.payment ? { payment: options.payment } : {}),
    };
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
    // By `_id` alone: the one filter every engine answers from its index (docs/database.md).
    const order = await this.cache.findById(orderIdFor(userId, idempotencyKey));
    if (order && String(order.user) === userId && order.idempotencyKey === idempotencyKey) return order;
    if (!(await this.hasOrdersWithoutDerivedIds())) return null;
    return this.orders.findOne({ user: new Types.ObjectId(userId), idempotencyKey }).exec();
  }

  private async replay(order: OrderDocument, requestHash: string): Promise<PlacedOrder> {
    if (order.requestHash !== requestHash) throw new ConflictException('This checkout attempt was already used for a different order');
    return { order: await this.reading.withProducts(await this.linking.listed(order)), created: false };
  }
}

function notFoundAsUndefined(error: unknown): undefined {
  if (error instanceof NotFoundException) return undefined;
  throw error;
}
