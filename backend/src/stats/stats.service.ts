import { STATS_DEFAULT_DAYS, STATS_MAX_DAYS, type StatsResponse } from '@greencart/domain';
import { BadRequestException, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectConnection } from '@nestjs/mongoose';
import { LRUCache } from 'lru-cache';
import type { Connection } from 'mongoose';
import { LocksService } from '../common/locks/locks.service';
import type { Environment } from '../config/environment';
import {
  ORDER_PLACED,
  ORDER_REFUNDED,
  ORDER_STATUS_CHANGED,
  type OrderPlacedEvent,
  type OrderRefundedEvent,
  type OrderStatusChangedEvent,
} from '../orders/order.events';
import { OrdersService } from '../orders/orders.service';
import { ROLLUPS_COLLECTION, RollupStore } from './rollup-store';
import {
  adjustedChange,
  dayDocId,
  issueRefundChange,
  namesEveryProduct,
  placedChange,
  refundedChange,
  statusChange,
  summarise,
  WAITING_DOC,
  type Change,
  type DayRollup,
  type StatsOrder,
  type WaitingRollup,
} from './rollups';
import { addDays, dayOf, daysInRange, eachDay, isDay } from '../common/time/shop-time';
import { BUILT_DOC, rebuildRollups, type RebuildResult } from './stats-rebuild';
import { OnDomainEvent } from '../common/events/domain-events';
import { ORDER_ADJUSTED, ORDER_ISSUE_RESOLVED, type OrderAdjustedEvent, type OrderIssueResolvedEvent } from '../orders/packing/packing.events';

/** A range of days as asked for: from and to (YYYY-MM-DD), or the last `days` days, or neither. */
export interface RangeQuery {
  from?: string;
  to?: string;
  days?: number;
}

/**
 * The seller's figures. Kept by listeners of the order events in roll-up documents (see rollups.ts and
 * RollupStore) and read back by `_id` only: one document per day of the range and the queue, whatever
 * the number of stored orders.
 */
@Injectable()
export class StatsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Stats');
  readonly timeZone: string;
  /** The last answer per range, with the documents it was summed from. */
  private readonly answers = new LRUCache<string, { rollups: (DayRollup | null)[]; waiting: WaitingRollup | null; figures: ReturnType<typeof summarise> }>({
    max: 100,
  });

  constructor(
    config: ConfigService<Environment, true>,
    @InjectConnection() private readonly connection: Connection,
    private readonly store: RollupStore,
    private readonly orders: OrdersService,
    private readonly locks: LocksService,
  ) {
    this.timeZone = config.get('SHOP_TIMEZONE', { infer: true });
  }

  /** Today in the shop's time zone. */
  today(): string {
    return dayOf(new Date(), this.timeZone);
  }

  /**
   * The days a query names: `from` and `to` together (both included), or the last `days` days, or by
   * default `fallbackDays` days ending today. 400 for a malformed, reversed or too long range.
   */
  range(query: RangeQuery, fallbackDays = STATS_DEFAULT_DAYS): { from: string; to: string } {
    const { from, to, days } = query;
    if (days !== undefined && (from !== undefined || to !== undefined)) throw new BadRequestException('Give either days, or from and to, not both');
    if ((from === undefined) !== (to === undefined)) throw new BadRequestException('Give both from and to (YYYY-MM-DD), or neither');
    if (from === undefined || to === undefined) {
      const today = this.today();
      return { from: addDays(today, -((days ?? fallbackDays) - 1)), to: today };
    }
    for (const [name, value] of [
      ['from', from],
      ['to', to],
    ] as const)
      if (!isDay(value)) throw new BadRequestException(`${name} must be a date written YYYY-MM-DD, e.g. 2026-11-23`);
    if (from > to) throw new BadRequestException('from must not be after to');
    if (daysInRange(from, to) > STATS_MAX_DAYS) throw new BadRequestException(`A range may cover at most ${STATS_MAX_DAYS} days`);
    return { from, to };
  }

  async stats(query: RangeQuery): Promise<StatsResponse> {
    const { from, to } = this.range(query);
    // What this instance is still counting is counted first: a seller who just moved an order sees it.
    await this.store.caughtUp();
    const days = eachDay(from, to);
    const [rollups, [waiting]] = await Promise.all([this.store.read<DayRollup>(days.map(dayDocId)), this.store.read<WaitingRollup>([WAITING_DOC])]);
    // The same documents as last time (kept in memory until written): the same answer, summed once.
    const key = `${from}|${to}`;
    const last = this.answers.get(key);
    const figures = last && last.waiting === waiting && last.rollups.every((doc, i) => doc === rollups[i]) ? last.figures : summarise(days, rollups, waiting);
    this.answers.set(key, { rollups, waiting, figures });
    return { success: true, from, to, timezone: this.timeZone, today: this.today(), ...figures };
  }

  /*
   * The listeners count the event in the background: the order's answer (and the pushes to the shopper's
   * and the seller's pages) never wait for the figures. A read of the figures on this instance waits for
   * what it has queued (see stats()); `stats-updated` tells the seller's pages once they are written.
   */
  @OnDomainEvent(ORDER_PLACED)
  orderPlaced(event: OrderPlacedEvent): void {
    this.count(event.orderId, async () => {
      const order = await this.withProductIds(event.orderId, event.order as unknown as StatsOrder);
      return [`placed:${event.orderId}`, placedChange(order, this.timeZone)];
    });
  }

  @OnDomainEvent(ORDER_STATUS_CHANGED)
  statusChanged(event: OrderStatusChangedEvent): void {
    this.count(event.orderId, async () => {
      // A cancelled order leaves its products' figures: their ids as stored (an event's reference is null once a product is deleted).
      const order =
        event.to === 'Cancelled' ? await this.withProductIds(event.orderId, event.order as unknown as StatsOrder) : (event.order as unknown as StatsOrder);
      return [`status:${event.orderId}:${event.to}`, statusChange(order, event.from, event.to, this.timeZone)];
    });
  }

  @OnDomainEvent(ORDER_REFUNDED)
  refunded(event: OrderRefundedEvent): void {
    if (event.refundStatus !== 'processed') return;
    this.count(event.orderId, async () => [`refunded:${event.orderId}`, refundedChange(event.order as unknown as StatsOrder, this.timeZone)]);
  }

  @OnDomainEvent(ORDER_ADJUSTED)
  adjusted(event: OrderAdjustedEvent): void {
    this.count(event.orderId, async () => [
      `adjusted:${event.orderId}:${event.key}`,
      adjustedChange(
        event.before as unknown as StatsOrder,
        await this.withProductIds(event.orderId, event.order as unknown as StatsOrder),
        this.timeZone,
        event.key,
      ),
    ]);
  }

  @OnDomainEvent(ORDER_ISSUE_RESOLVED)
  issueResolved(event: OrderIssueResolvedEvent): void {
    if (event.action !== 'refund') return;
    this.count(event.orderId, async () => [`issue-refunded:${event.orderId}`, issueRefundChange(event.order as unknown as StatsOrder, this.timeZone)]);
  }

  private count(orderId: string, change: () => Promise<[string, Change]>): void {
    this.store.track(
      change()
        .then(([marker, delta]) => this.store.apply(marker, delta))
        .catch((error: Error) => this.logger.error(`Order ${orderId} was not counted in the figures: ${error.message}; npm run stats:rebuild counts it`)),
    );
  }

  /** Recomputes every roll-up from the orders (see rebuildRollups); one at a time across instances. */
  async rebuild({ unlessBuilt = false } = {}): Promise<RebuildResult | null> {
    const result = await this.locks.run(
      'stats-rebuild',
      { busyMessage: 'The figures are being rebuilt right now', waitMs: 10 * 60_000, staleMs: 10 * 60_000 },
      async () => {
        if (unlessBuilt && (await this.isBuilt())) return null;
        return rebuildRollups(this.connection.db!, this.orders.placedBetween(new Date(0), new Date(8.64e15)), this.timeZone);
      },
    );
    if (result) await this.store.rewritten(result.ids);
    return result;
  }

  /** Once per database: the roll-ups of the orders stored before them (or before this version) are built from the orders. */
  async onApplicationBootstrap(): Promise<void> {
    if (await this.isBuilt()) return;
    const result = await this.rebuild({ unlessBuilt: true });
    if (result?.orders) this.logger.log(`Built the seller's figures from ${result.orders} orders in ${result.seconds.toFixed(1)} s`);
  }

  private async isBuilt(): Promise<boolean> {
    return Boolean(await this.connection.collection<{ _id: string }>(ROLLUPS_COLLECTION).findOne({ _id: BUILT_DOC }));
  }

  private async withProductIds(orderId: string, order: StatsOrder): Promise<StatsOrder> {
    if (namesEveryProduct(order)) return order;
    return ((await this.orders.findById(orderId)) as unknown as StatsOrder | null) ?? order;
  }
}
