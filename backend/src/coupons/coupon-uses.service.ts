import { couponRefusal } from '@greencart/domain';
import { ConflictException, Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { ItemFailed, WriteBatchers } from '../common/batching/write-batcher';
import { LocksService } from '../common/locks/locks.service';
import { isDuplicateKeyError } from '../common/mongo-errors';
import type { Environment } from '../config/environment';
import { Coupon, CouponShopper, type CouponCounted, type CouponHold, type CouponShopperUse } from './schemas/coupon.schema';

/** A counted use is remembered this long, so a retried placing of the same order counts nothing more. */
const COUNTED_KEPT_MS = 10 * 60_000;
const MAX_ATTEMPTS = 60;
const BUSY = 'Many shoppers are using this coupon right now; please try again';

/** A use refused because the coupon's uses ran out, in total or for the shopper: 409 with the reason. */
export class CouponRefused extends ConflictException {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** A coupon as its uses see it. */
export type LeanCoupon = Coupon & { _id: Types.ObjectId };

export interface CouponUse {
  couponId: string;
  userId: string;
  /** `order:<id>` or `checkout:<id>`. */
  ref: string;
  discountPaise: number;
}

/** How many uses a coupon has (orders and open online checkouts) and how many a shopper has. */
export interface UsesNow {
  usedInTotal: number;
  usedByShopper: number;
}

interface UsesState {
  used: number;
  discountGivenPaise: number;
  holds: CouponHold[];
  counted: CouponCounted[];
}

interface Change {
  apply(state: UsesState, coupon: LeanCoupon, now: number): boolean;
}

/**
 * Counting a coupon's uses so that no limit is ever exceeded, whatever the concurrency and the number of
 * instances. A use takes two things: a use of the shopper's (their document `<coupon>:<user>`, below the
 * per-shopper limit: the first use inserts it, a unique `_id` being atomic on MongoDB and FerretDB alike;
 * later ones are a compare-and-set under the shopper's lock), then a unit of the coupon's total (one change
 * at a time per coupon, a compare-and-set on `usesVersion`; changes asked meanwhile on this instance are
 * written together, like stock). A refusal of the second gives the first back. An online checkout holds
 * both until it lapses; a cancelled order gives both back, once: the shopper's use is the proof, and only
 * the call that removes it gives the unit back. A process stopped between the two steps leaves a use
 * counted with no order: the shop loses one use, never gives one too many.
 */
@Injectable()
export class CouponUses {
  private readonly logger = new Logger(CouponUses.name);
  private readonly changes = new WriteBatchers<Change, boolean>({ maxBatch: Infinity, write: (id, batch) => this.write(id, batch) });

  constructor(
    @InjectModel(Coupon.name) private readonly coupons: Model<Coupon>,
    @InjectModel(CouponShopper.name) private readonly shoppers: Model<CouponShopper>,
    private readonly locks: LocksService,
    private readonly config: ConfigService<Environment, true>,
  ) {}

  /** The uses a shopper and everyone have now (lapsed holds not counted). */
  async usesOf(coupon: LeanCoupon, userId: string | undefined, now: number = Date.now()): Promise<UsesNow> {
    const usedInTotal = coupon.used + liveHolds(coupon.holds, now).length;
    if (!userId) return { usedInTotal, usedByShopper: 0 };
    const mine = await this.shoppers.findById(shopperId(coupon, userId)).lean<CouponShopper>().exec();
    return { usedInTotal, usedByShopper: (mine?.uses ?? []).filter((u) => isLive(u, now)).length };
  }

  /**
   * Takes a use for `ref` (an order, or with `until` an online checkout's hold). With `fromHold`, the use the
   * checkout held becomes the order's (or, lapsed and gone meanwhile, a new one is taken if one is left).
   * Refuses with 409 and the reason when none is left. Returns whether this call took anything (a retried
   * placing of the same order takes nothing more).
   */
  async take(coupon: LeanCoupon, use: CouponUse, options: { until?: Date; fromHold?: string } = {}): Promise<boolean> {
    const shopperTook = await this.takeShopperUse(coupon, use, options);
    try {
      const counted = await this.changes.add(use.couponId, {
        apply: (state, doc, now) => {
          if (state.counted.some((c) => c.ref === use.ref) || state.holds.some((h) => h.ref === use.ref)) return false;
          const held = options.fromHold ? state.holds.find((h) => h.ref === options.fromHold) : undefined;
          const holds = state.holds.filter((h) => h !== held);
          if (!held && doc.totalLimit !== null && doc.totalLimit !== undefined && state.used + liveHolds(holds, now).length >= doc.totalLimit)
            throw new CouponRefused(doc.code, `Coupon ${doc.code} has been used up`);
          if (options.until) {
            state.holds = [...holds, { ref: use.ref, user: use.userId, until: options.until, discountPaise: use.discountPaise }];
          } else {
            state.holds = holds;
            state.used += 1;
            state.discountGivenPaise += use.discountPaise;
            state.counted = [...state.counted, { ref: use.ref, at: new Date(now) }];
          }
          return true;
        },
      });
      return shopperTook || counted;
    } catch (error) {
      if (shopperTook)
        await this.freeShopperUse(coupon, use).catch((undo: Error) => this.logger.error(`Coupon use of ${use.ref} not freed for the shopper: ${undo.message}`));
      throw error;
    }
  }

  /**
   * Gives back the use of `ref`: a cancelled order's, an order whose storing failed, or a checkout that
   * failed or lapsed. Once: only the call that removes the shopper's use gives the coupon's unit back.
   */
  async giveBack(coupon: LeanCoupon, use: CouponUse): Promise<void> {
    const freed = await this.freeShopperUse(coupon, use);
    await this.changes.add(use.couponId, {
      apply: (state) => {
        // A checkout's hold goes whether or not the shopper's use was still there (it may have lapsed and gone).
        if (dropHold(state, use.ref)) return true;
        if (!freed) return false;
        state.used = Math.max(0, state.used - 1);
        state.discountGivenPaise = Math.max(0, state.discountGivenPaise - use.discountPaise);
        state.counted = state.counted.filter((c) => c.ref !== use.ref);
        return true;
      },
    });
  }

  /**
   * The shopper's use for `ref`: already there (a retry: nothing taken), the checkout's it comes from, or a
   * new one while they have fewer live uses than the per-shopper limit; 409 when they have none left.
   */
  private async takeShopperUse(coupon: LeanCoupon, use: CouponUse, options: { until?: Date; fromHold?: string }): Promise<boolean> {
    return this.changeShopperUses(coupon, use, (uses, now) => {
      if (uses.some((u) => u.ref === use.ref)) return null;
      const others = uses.filter((u) => u.ref !== options.fromHold && isLive(u, now));
      if (others.length >= coupon.perShopperLimit) throw new CouponRefused(coupon.code, this.shopperRefusal(coupon));
      return [...others, { ref: use.ref, at: new Date(now), ...(options.until ? { until: options.until } : {}) }];
    });
  }

  /** Removes the shopper's use of `ref`; whether this call removed it. */
  private async freeShopperUse(coupon: LeanCoupon, use: CouponUse): Promise<boolean> {
    return this.changeShopperUses(coupon, use, (uses) => (uses.some((u) => u.ref === use.ref) ? uses.filter((u) => u.ref !== use.ref) : null));
  }

  /** One change of a shopper's uses of a coupon (null: nothing to do), under their lock and a compare-and-set; whether it wrote. */
  private async changeShopperUses(
    coupon: LeanCoupon,
    use: CouponUse,
    change: (uses: CouponShopperUse[], now: number) => CouponShopperUse[] | null,
  ): Promise<boolean> {
    const _id = shopperId(coupon, use.userId);
    return this.locks.run(`coupon-shopper:${_id}`, { busyMessage: BUSY }, async () => {
      for (let attempt = 0; attempt < 10; attempt++) {
        const doc = await this.shoppers.findById(_id).lean<CouponShopper>().exec();
        const next = change(doc?.uses ?? [], Date.now());
        if (!next) return false;
        try {
          if (!doc) {
            await this.shoppers.create({ _id, uses: next, v: 1 });
            return true;
          }
          const saved = await this.shoppers.updateOne(this.locks.guarded({ _id, v: doc.v }), { $set: { uses: next, v: doc.v + 1 } }).exec();
          if (saved.matchedCount) return true;
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error;
        }
        // Another request of this shopper (on another instance, MongoDB) changed it meanwhile: read again.
      }
      throw new ConflictException(BUSY);
    });
  }

  private shopperRefusal(coupon: LeanCoupon): string {
    const timeZone = this.config.get('SHOP_TIMEZONE', { infer: true });
    const limit = coupon.perShopperLimit;
    return (
      couponRefusal(
        { code: coupon.code, active: true, perShopperLimit: limit, firstOrderOnly: false },
        { now: new Date(), subtotalPaise: 0, hasOrdered: false, usedByShopper: limit, usedInTotal: 0, timeZone },
      ) ?? `You have already used coupon ${coupon.code}`
    );
  }

  /** Applies a batch of one coupon's changes to one read of it and writes the outcome once (compare-and-set). */
  private async write(couponId: string, batch: readonly Change[]): Promise<(boolean | ItemFailed)[]> {
    const _id = new Types.ObjectId(couponId);
    return this.locks.run(`coupon:${couponId}`, { busyMessage: BUSY, waitMs: 8_000 }, async () => {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const doc = await this.coupons.findById(_id).lean<LeanCoupon>().exec();
        if (!doc) return batch.map(() => new ItemFailed(new CouponRefused('', 'This coupon no longer exists')));
        const now = Date.now();
        const state: UsesState = {
          used: doc.used ?? 0,
          discountGivenPaise: doc.discountGivenPaise ?? 0,
          holds: liveHolds(doc.holds ?? [], now),
          counted: (doc.counted ?? []).filter((c) => now - new Date(c.at).getTime() < COUNTED_KEPT_MS),
        };
        const outcomes = batch.map((change): boolean | ItemFailed => {
          // Each change sees what the ones before it left; a refused one leaves the state as it was.
          const before: UsesState = { ...state };
          try {
            return change.apply(state, doc, now);
          } catch (error) {
            Object.assign(state, before);
            return new ItemFailed(error);
          }
        });
        const pruned = state.holds.length !== (doc.holds ?? []).length || state.counted.length !== (doc.counted ?? []).length;
        if (!outcomes.some((o) => o === true) && !pruned) return outcomes;
        const version = doc.usesVersion ?? 0;
        const saved = await this.coupons.updateOne(this.locks.guarded({ _id, usesVersion: version }), { $set: { ...state, usesVersion: version + 1 } }).exec();
        if (saved.matchedCount) return outcomes;
        await sleep(1 + Math.random() * 8 * Math.min(attempt + 1, 5));
      }
      throw new ConflictException(BUSY);
    });
  }
}

export function shopperId(coupon: { _id: Types.ObjectId }, userId: string): string {
  return `${String(coupon._id)}:${userId}`;
}

function isLive(use: CouponShopperUse, now: number): boolean {
  return !use.until || new Date(use.until).getTime() > now;
}

function liveHolds(holds: readonly CouponHold[], now: number): CouponHold[] {
  return holds.filter((h) => new Date(h.until).getTime() > now);
}

function dropHold(state: UsesState, ref: string): boolean {
  const holds = state.holds.filter((h) => h.ref !== ref);
  if (holds.length === state.holds.length) return false;
  state.holds = holds;
  return true;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
