import {
  formatRupees,
  ISSUE_REASONS,
  ISSUE_WINDOW_HOURS,
  issueRefundCapPaise,
  MIN_ONLINE_REFUND_PAISE,
  nameWithSize,
  withinIssueWindow,
  type IssueReason,
} from '@greencart/domain';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { isValidObjectId, Model } from 'mongoose';
import { DomainEvents } from '../../common/events/domain-events';
import { LocksService } from '../../common/locks/locks.service';
import { OrderCache } from '../order-cache';
import { OrderPhotos } from '../order-photos';
import { OrdersService } from '../orders.service';
import { Order, OrderDocument } from '../schemas/order.schema';
import type { IssueLine } from './adjustment.schema';
import type { ReportIssueDto, ResolveIssueDto } from './dto/issue.dto';
import { ORDER_ISSUE_RESOLVED, type OrderIssueResolvedEvent } from './packing.events';
import { PackingRefunds } from './packing-refunds';

const BUSY = 'This order is being changed right now; please try again';

/**
 * "Something was wrong with my order" (issue 39): within 24 hours of delivery the shopper reports lines
 * (one report per order, kept on the order), the seller refunds at most the reported units' value with
 * their tax — through Razorpay once for an online order (PackingRefunds), owed in cash for COD until the
 * seller marks it settled — or declines. The shopper reads the answer on the order, by mail and push.
 */
@Injectable()
export class OrderIssues {
  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    private readonly cache: OrderCache,
    private readonly reading: OrdersService,
    private readonly photos: OrderPhotos,
    private readonly locks: LocksService,
    private readonly events: DomainEvents,
    private readonly refunds: PackingRefunds,
  ) {}

  /**
   * Everything about the order is checked before its photo is decoded (a photo can take a second and
   * about 100 MB while it is): unknown, another shopper's, not delivered, past the window, reported
   * already or a bad line are refused without touching it. The photo is then decoded in its turn
   * (OrderPhotos, bounded), outside the order's lock, and the order checked again under the lock.
   */
  async report(userId: string, orderId: string, dto: ReportIssueDto, photo?: Buffer): Promise<OrderDocument> {
    if (!isValidObjectId(orderId)) throw new NotFoundException('Order not found');
    const asked = parseLines(dto.lines);
    reportable(await this.orders.findById(orderId).exec(), userId, asked);
    // 400 when it is not an image or has too many pixels; nothing is written before.
    const prepared = photo ? await this.photos.prepare(photo) : undefined;
    let photoUrl: string | undefined;
    let written = false;
    try {
      const updated = await this.locks.run(`order:${orderId}`, { busyMessage: BUSY }, async () => {
        const { order, lines, capPaise } = reportable(await this.orders.findById(orderId).exec(), userId, asked);
        photoUrl = prepared ? await this.photos.store(orderId, prepared, 'issue') : undefined;
        const issue = {
          at: new Date(),
          lines,
          ...(dto.note?.trim() ? { note: dto.note.trim() } : {}),
          ...(photoUrl ? { photo: photoUrl } : {}),
          status: 'open',
          capPaise,
        };
        const stored = await this.orders.findOneAndUpdate({ _id: order._id }, { $set: { issue } }, { returnDocument: 'after' }).exec();
        if (!stored) throw new ConflictException('The order changed meanwhile; please try again');
        written = true;
        await this.cache.stored(stored);
        return stored;
      });
      return await this.reading.withProducts(updated);
    } catch (error) {
      // A photo no report names is not kept.
      if (photoUrl && !written) await this.photos.delete(photoUrl).catch(() => undefined);
      throw error;
    }
  }

  /** Open reports, newest first, for the seller. */
  async open(): Promise<Record<string, unknown>[]> {
    const orders = await this.orders.find({ 'issue.status': 'open' }).sort({ 'issue.at': -1 }).limit(200).exec();
    return orders.map((order) => ({
      _id: String(order._id),
      orderNumber: order.orderNumber,
      paymentType: order.paymentType,
      amountPaise: order.amountPaise,
      ...JSON.parse(JSON.stringify(order.issue)),
    }));
  }

  async resolve(orderId: string, dto: ResolveIssueDto): Promise<OrderDocument> {
    if (!isValidObjectId(orderId)) throw new NotFoundException('No report for this order');
    const updated = await this.locks.run(`order:${orderId}`, { busyMessage: BUSY }, async () => {
      const order = await this.orders.findById(orderId).exec();
      const issue = order?.issue;
      if (!order || !issue) throw new NotFoundException('No report for this order');
      if (issue.status !== 'open') throw new ConflictException(`This report was answered already (${issue.status})`);
      const set: Record<string, unknown> = { 'issue.resolvedAt': new Date(), 'issue.resolutionNote': dto.note.trim() };
      if (dto.action === 'decline') {
        if (dto.amountPaise !== undefined) throw new BadRequestException('A declined report refunds nothing: leave amountPaise out');
        set['issue.status'] = 'declined';
      } else {
        const amount = dto.amountPaise ?? issue.capPaise;
        if (amount > issue.capPaise) throw new BadRequestException(`At most ${formatRupees(issue.capPaise)} (the reported items with their tax)`);
        Object.assign(set, { 'issue.status': 'refunded', 'issue.amountPaise': amount });
        const paidOnline = order.paymentType === 'Online' && order.payment && (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded');
        // Under ₹1 Razorpay refunds nothing: owed in cash, as for COD.
        if (paidOnline && amount >= MIN_ONLINE_REFUND_PAISE) {
          // The refund's receipt is fixed now: Razorpay is asked with it once (PackingRefunds).
          Object.assign(set, { 'issue.refund': { receipt: `${orderId}-i1`, amountPaise: amount, status: 'due' }, packingPending: true });
        } else {
          set['issue.cashOwedPaise'] = amount;
        }
      }
      const stored = await this.orders.findOneAndUpdate({ _id: order._id }, { $set: set }, { returnDocument: 'after' }).exec();
      if (!stored) throw new ConflictException('The order changed meanwhile; please try again');
      await this.cache.stored(stored);
      return stored;
    });
    if (updated.issue?.refund) {
      await this.refunds.driveIssue(orderId);
      await this.refunds.settleIfDone(updated._id);
    }
    const order = await this.reading.withProducts((await this.cache.findById(updated._id)) ?? updated);
    await this.events.publish(ORDER_ISSUE_RESOLVED, {
      orderId,
      userId: String(order.user),
      order,
      action: dto.action,
      amountPaise: order.issue?.amountPaise ?? 0,
    } satisfies OrderIssueResolvedEvent);
    return order;
  }

  /** The seller paid a report's refund in cash (a COD order's, or an online one's under ₹1) (`settledNow`: false when it was marked so already). */
  async settle(orderId: string): Promise<{ order: OrderDocument; settledNow: boolean }> {
    let settledNow = false;
    if (!isValidObjectId(orderId)) throw new NotFoundException('No report for this order');
    const updated = await this.locks.run(`order:${orderId}`, { busyMessage: BUSY }, async () => {
      const order = await this.orders.findById(orderId).exec();
      if (!order?.issue) throw new NotFoundException('No report for this order');
      if (!order.issue.cashOwedPaise) throw new ConflictException('Nothing is owed in cash for this report');
      if (order.issue.settledAt) return order;
      settledNow = true;
      const stored = await this.orders.findOneAndUpdate({ _id: order._id }, { $set: { 'issue.settledAt': new Date() } }, { returnDocument: 'after' }).exec();
      if (stored) await this.cache.stored(stored);
      return stored ?? order;
    });
    return { order: await this.reading.withProducts(updated), settledNow };
  }
}

/** A line as the shopper reports it. */
interface AskedLine {
  line: number;
  quantity: number;
  reason: IssueReason;
}

/** The lines a report of `order` by `userId` would hold and its refund cap, or the 4xx saying why it cannot be made. */
function reportable(order: OrderDocument | null, userId: string, asked: AskedLine[]): { order: OrderDocument; lines: IssueLine[]; capPaise: number } {
  if (!order || String(order.user) !== userId) throw new NotFoundException('Order not found');
  if (order.status !== 'Delivered') throw new ConflictException('A problem can be reported once the order is delivered');
  const delivered = [...(order.statusHistory ?? [])].reverse().find((change) => change.status === 'Delivered')?.at ?? order.updatedAt;
  if (!withinIssueWindow(new Date(delivered))) {
    throw new ConflictException(`Problems can be reported within ${ISSUE_WINDOW_HOURS} hours of delivery; please message the shop`);
  }
  if (order.issue) throw new ConflictException('A problem with this order was reported already; the shop will answer it');
  const counted = new Map<number, number>();
  const lines: IssueLine[] = asked.map(({ line, quantity, reason }) => {
    const item = order.items[line];
    if (!item || item.quantity === 0) throw new BadRequestException(`The order has no delivered line ${line}`);
    const total = (counted.get(line) ?? 0) + quantity;
    if (total > item.quantity) throw new BadRequestException(`${nameWithSize(item.name, item.label)}: ${item.quantity} were delivered, not ${total}`);
    counted.set(line, total);
    return { line, name: nameWithSize(item.name, item.label), quantity, reason, unitPaise: item.offerPricePaise };
  });
  return { order, lines, capPaise: Math.min(issueRefundCapPaise(lines, order.taxMode), order.amountPaise) };
}

/** `lines` as sent: a JSON list of `{ line, quantity, reason }` (400 with what is wrong). */
function parseLines(text: string): AskedLine[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BadRequestException('lines must be a JSON list of { line, quantity, reason }');
  }
  if (!Array.isArray(value) || value.length === 0 || value.length > 50) throw new BadRequestException('Report 1 to 50 lines');
  return value.map((entry: unknown) => {
    const { line, quantity, reason } = (entry ?? {}) as Record<string, unknown>;
    if (!Number.isInteger(line) || (line as number) < 0) throw new BadRequestException('Each reported line needs its index in the order (line)');
    if (!Number.isInteger(quantity) || (quantity as number) < 1) throw new BadRequestException('Each reported line needs a quantity of at least 1');
    if (typeof reason !== 'string' || !(ISSUE_REASONS as readonly string[]).includes(reason)) {
      throw new BadRequestException(`reason must be one of ${ISSUE_REASONS.join(', ')}`);
    }
    return { line: line as number, quantity: quantity as number, reason: reason as IssueReason };
  });
}
