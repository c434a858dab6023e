import { randomBytes } from 'node:crypto';
import { AdjustRefused, fromPaise, MIN_ONLINE_REFUND_PAISE, nameWithSize, repriceAdjusted, toPaise, type TaxMode } from '@greencart/domain';
import { BadRequestException, ConflictException, ForbiddenException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { isValidObjectId, Model, Types } from 'mongoose';
import { DomainEvents } from '../../common/events/domain-events';
import { isDatabaseAway } from '../../common/filters/all-exceptions.filter';
import { LocksService } from '../../common/locks/locks.service';
import { OutcomeUnknown, runSteps, type Step } from '../../common/steps/steps';
import { ProductsService } from '../../products/products.service';
import { UnknownPackSize } from '../../products/stock.service';
import { OrderCache } from '../order-cache';
import { adjustmentStockRef } from '../order-stock';
import { NoGstRate, orderTaxOf } from '../order-tax';
import { OrderTakes, type ToTake } from '../order-takes';
import { OrdersService } from '../orders.service';
import { Order, OrderDocument, OrderItem } from '../schemas/order.schema';
import type { OrderAdjustment } from './adjustment.schema';
import type { AdjustOrderDto, SubstituteDto } from './dto/adjust-order.dto';
import { OrderPackingWork } from './order-packing-work';
import { ORDER_ADJUSTED, type OrderAdjustedEvent } from './packing.events';

export interface AdjustAnswer {
  order: OrderDocument;
  adjustment: OrderAdjustment;
  /** true when the same Idempotency-Key had already made this change. */
  replayed: boolean;
  /** The order before the change (a new change only). */
  before?: OrderDocument;
}

/** A role without `refunds` packing nothing (which cancels the order and refunds it in full). */
export const CANCEL_NEEDS_REFUNDS = 'Packing nothing cancels the order and refunds it: your role cannot cancel orders; ask a manager or the shop owner';

/**
 * The seller packs an order: fewer units of some lines, substitutes for others. The change is priced by
 * the domain (repriceAdjusted), its substitutes' units taken (all or none), and stored on the order in
 * one write together with its refund intent: the commit point. What follows (units back, the refund, a
 * cancel when nothing was packed) is OrderPackingWork's, driven again by its sweep after a stop.
 */
@Injectable()
export class OrderAdjusting {
  private readonly logger = new Logger(OrderAdjusting.name);

  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    private readonly cache: OrderCache,
    private readonly reading: OrdersService,
    private readonly products: ProductsService,
    private readonly takes: OrderTakes,
    private readonly locks: LocksService,
    private readonly events: DomainEvents,
    private readonly work: OrderPackingWork,
  ) {}

  /**
   * `by`: who packed, as the order's timeline names them (a staff member's first name; 'seller' for the owner).
   * `mayCancel`: whether they hold the `refunds` permission, which packing nothing (a cancel, refunded in full) needs.
   */
  async adjust(orderId: string, dto: AdjustOrderDto, idempotencyKey?: string, by = 'seller', { mayCancel = true } = {}): Promise<AdjustAnswer> {
    if (!isValidObjectId(orderId)) throw new BadRequestException('Invalid order id');
    const key = idempotencyKey ?? randomBytes(12).toString('hex');
    const seen = await this.orders.findById(orderId).exec();
    if (!seen) throw new NotFoundException('Order not found');
    const earlier = seen.adjustments?.find((a) => a.key === key);
    if (earlier) return { order: await this.reading.withProducts(seen), adjustment: earlier, replayed: true };
    const stored = await this.locks.run(
      `order:${orderId}`,
      { busyMessage: 'This order is being changed right now; reload it to see the change', waitMs: 0 },
      () => this.record(orderId, key, dto, by, mayCancel),
    );
    if (stored.replayed) return { ...stored, order: await this.reading.withProducts(stored.order) };
    // This instance holds the new change's refund claim (stored with it): it finishes the change in one more write.
    const order = await this.work.finish(stored.order, key, { fresh: true });
    const withProducts = await this.reading.withProducts(order);
    await this.events.publish(ORDER_ADJUSTED, {
      orderId,
      userId: String(order.user),
      order: withProducts,
      key,
      differencePaise: stored.adjustment.differencePaise,
      cancels: !!stored.adjustment.cancels,
      before: stored.before!,
    } satisfies OrderAdjustedEvent);
    return { order: withProducts, adjustment: order.adjustments!.find((a) => a.key === key)!, replayed: false, before: stored.before };
  }

  /** Under the order's lock: checks, prices, takes the substitutes' units and stores the change (409 when anything moved). */
  private async record(orderId: string, key: string, dto: AdjustOrderDto, by: string, mayCancel: boolean): Promise<AdjustAnswer> {
    const order = await this.orders.findById(orderId).exec();
    if (!order) throw new NotFoundException('Order not found');
    const earlier = order.adjustments?.find((a) => a.key === key);
    if (earlier) return { order, adjustment: earlier, replayed: true };
    if (order.status !== 'Order Placed' && order.status !== 'Packing') {
      throw new ConflictException(`An order that is '${order.status}' can no longer be changed; only while 'Order Placed' or 'Packing'`);
    }
    const packed = new Map<number, number>();
    for (const { line, packed: count } of dto.lines) {
      const item = order.items[line];
      if (!item) throw new BadRequestException(`The order has no line ${line} (lines are 0 to ${order.items.length - 1})`);
      if (packed.has(line)) throw new BadRequestException(`Line ${line} is named twice`);
      if (count > item.quantity) throw new BadRequestException(`Line ${line} (${item.name}) has ${item.quantity}: packed is 0 to ${item.quantity}`);
      packed.set(line, count);
    }
    const wanted = dto.substitutes ?? [];
    if (wanted.length && order.substitutions !== 'similar') {
      throw new BadRequestException('The shopper asked for a refund of what is not available, not a replacement');
    }
    const subs = await Promise.all(wanted.map((sub) => this.substituteItem(sub, order.taxMode)));
    const lines = order.items.map((item, line) => ({ unitPaise: item.offerPricePaise, quantity: item.quantity, packed: packed.get(line) ?? item.quantity }));
    const changed = lines.map((l, line) => ({ line, from: l.quantity, to: l.packed })).filter((l) => l.from !== l.to);
    if (!changed.length && !subs.length) throw new BadRequestException('Nothing changed: every line is packed in full');
    let price;
    try {
      price = repriceAdjusted({
        lines,
        substitutes: subs.map((s, i) => ({ forLine: wanted[i].forLine, unitPaise: s.offerPricePaise, quantity: s.quantity })),
        discountPaise: order.discountPaise ?? 0,
        shippingPaise: order.deliveryFeePaise ?? 0,
        totalBeforePaise: order.amountPaise,
        ...(order.taxMode ? { taxMode: order.taxMode } : {}),
      });
    } catch (error) {
      if (error instanceof AdjustRefused) throw new BadRequestException(error.message);
      throw error;
    }
    // Packing nothing cancels and refunds the whole order: the same permission as cancelling it by its status.
    if (price.cancels && !mayCancel) throw new ForbiddenException(CANCEL_NEEDS_REFUNDS);
    const items: OrderItem[] = order.items.map((item, line) => {
      const plain = (item as unknown as { toObject?: () => OrderItem }).toObject?.() ?? item;
      return packed.has(line) && packed.get(line) !== item.quantity ? { ...plain, ordered: item.ordered ?? item.quantity, quantity: packed.get(line)! } : plain;
    });
    const substitutes = subs.map((sub, i) => {
      const unit = price.substituteUnitPaise[i];
      items.push({
        ...sub,
        offerPricePaise: unit,
        offerPrice: fromPaise(unit),
        substituteFor: wanted[i].forLine,
        ...(unit < sub.offerPricePaise ? { listPricePaise: sub.offerPricePaise } : {}),
      });
      return {
        forLine: wanted[i].forLine,
        line: items.length - 1,
        product: sub.product,
        variant: sub.variant,
        name: nameWithSize(sub.name, sub.label),
        quantity: sub.quantity,
        unitPaise: unit,
      };
    });
    const online = order.paymentType === 'Online' && order.paymentStatus === 'paid' && !!order.payment;
    const number = (order.adjustments?.length ?? 0) + 1;
    const adjustment: OrderAdjustment = {
      key,
      at: new Date(),
      by,
      lines: changed,
      substitutes,
      ...(dto.reason ? { reason: dto.reason } : {}),
      amountBeforePaise: order.amountPaise,
      amountAfterPaise: price.cancels ? order.amountPaise : price.totalPaise,
      differencePaise: price.differencePaise,
      ...(price.cancels ? { cancels: true } : {}),
      stockReturned: false,
      // The refund's receipt is fixed now (order id and change number), and claimed by this instance: Razorpay is asked with it once.
      ...(online && !price.cancels && price.differencePaise >= MIN_ONLINE_REFUND_PAISE
        ? { refund: { receipt: `${orderId}-a${number}`, amountPaise: price.differencePaise, status: 'due' as const, claimedAt: new Date(), attempts: 1 } }
        : {}),
      // Less than Razorpay refunds: the delivery hands it back in cash.
      ...(online && !price.cancels && price.differencePaise > 0 && price.differencePaise < MIN_ONLINE_REFUND_PAISE
        ? { cashOwedPaise: price.differencePaise }
        : {}),
    };
    const set: Record<string, unknown> = {
      items,
      packingPending: true,
      originalAmountPaise: order.originalAmountPaise ?? order.amountPaise,
      originalAmount: fromPaise(order.originalAmountPaise ?? order.amountPaise),
    };
    if (!price.cancels) {
      Object.assign(set, {
        amountPaise: price.totalPaise,
        amount: fromPaise(price.totalPaise),
        subtotalPaise: price.subtotalPaise,
        discountPaise: price.discountPaise,
        taxPaise: price.taxPaise,
        deliveryFeePaise: price.shippingPaise,
      });
      // `gst` mode: the GST inside what is now charged, by the same rule as at placing.
      if (order.taxMode === 'gst')
        set.taxInsidePaise = orderTaxOf({
          taxMode: order.taxMode,
          items,
          discountPaise: price.discountPaise,
          deliveryFeePaise: price.shippingPaise,
          deliveryGstRate: order.deliveryGstRate,
        }).totals.taxPaise;
    }
    // A change is these steps (runSteps): take the substitutes' units (all or none: NotEnoughStock is a 409
    // naming the product, nothing written), then store the change on the order; a store that fails gives the
    // units back. A store whose outcome is unknown keeps them for the stock sweep, which gives them back
    // unless the change is on the order.
    const ref = adjustmentStockRef(orderId, key);
    const taking: ToTake = { userId: String(order.user), items: items.slice(order.items.length) };
    let updated: OrderDocument | null = null;
    let storedMeanwhile: AdjustAnswer | undefined;
    const steps: Step[] = [
      ...(subs.length ? this.takes.takeSteps(taking, ref) : []),
      {
        name: 'store the change',
        run: async () => {
          updated = await this.orders
            .findOneAndUpdate({ _id: order._id }, { $set: set, $push: { adjustments: adjustment } }, { returnDocument: 'after' })
            .exec()
            .catch((error: unknown) => {
              throw isDatabaseAway(error) ? new OutcomeUnknown(error) : error;
            });
          if (updated) return;
          // The order is gone, or the same change was stored meanwhile: its units are that change's.
          const now = await this.orders.findById(orderId).exec();
          const same = now?.adjustments?.find((a) => a.key === key);
          if (now && same) storedMeanwhile = { order: now, adjustment: same, replayed: true };
          else throw new ConflictException('The order changed meanwhile; reload it and try again');
        },
      },
    ];
    await runSteps(steps, ({ step, error }) => this.logger.error(`Could not undo "${step}" of ${ref}: ${(error as Error)?.message ?? String(error)}`));
    if (storedMeanwhile) return storedMeanwhile;
    if (subs.length) this.takes.confirm(taking, ref);
    await this.cache.stored(updated!);
    return { order: updated!, adjustment, replayed: false, before: order };
  }

  /** A substitute as an order line, priced at its own offer price (capped later), 400 for a product or size that is not for sale. */
  private async substituteItem(sub: SubstituteDto, taxMode: TaxMode | undefined): Promise<OrderItem> {
    const product = await this.products.findById(sub.product).catch(() => undefined);
    if (!product) throw new BadRequestException(`Product ${sub.product} does not exist`);
    const size = sub.variant === undefined ? product.variants[0] : product.variants.find((v) => v._id === sub.variant);
    if (!size) throw new UnknownPackSize(product.name);
    const shown = product.variants.length > 1 ? nameWithSize(product.name, size.label) : product.name;
    if (!size.inStock) throw new ConflictException(`${shown} is out of stock`);
    if (taxMode === 'gst' && typeof product.gstRate !== 'number') throw new NoGstRate(shown);
    return {
      product: new Types.ObjectId(sub.product),
      quantity: sub.quantity,
      name: product.name,
      category: product.category,
      image: product.image?.[0] ?? '',
      offerPrice: size.offerPrice,
      offerPricePaise: toPaise(size.offerPrice),
      ...(product.hsn ? { hsn: product.hsn } : {}),
      ...(taxMode === 'gst' ? { gstRate: product.gstRate } : {}),
      variant: size._id,
      ...(product.variants.length > 1 || product.weight ? { label: size.label } : {}),
    };
  }
}
