import { couponRefusal } from '@greencart/domain';
import { ConflictException, Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { ItemFailed, WriteBatchers } from '../common/batching/write-batcher';
import { LocksService } from '../common/locks/locks.service';
import { isDuplicateKeyError } from '../common/mongo-errors';
import type { Environment } from '../config/environment';
import { Coupon, CouponPlace, type CouponCounted, type CouponHold } from './schemas/coupon.schema';

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
 * instances. A use takes two things: one of the shopper's places (documents `<coupon>:<user>:<n>`, n below
 * the per-shopper limit, taken by inserting them: a unique `_id` is atomic on MongoDB and FerretDB alike),
 * then a unit of the coupon's total (one change at a time per coupon, a compare-and-set on `usesVersion`;
 * changes asked meanwhile on this instance are written together, like stock). A refusal of the second
 * gives the first back. An online checkout holds both until it lapses; a cancelled order gives both back,
 * once: the place is the proof of the use, and only the call that removes it gives the unit back.
 */
@Injectable()
export class CouponUses {
  private readonly logger = new Logger(CouponUses.name);
  private readonly changes = new WriteBatchers<Change, boolean>({ maxBatch: Infinity, write: (id, batch) => this.write(id, batch) });

  constructor(
    @InjectModel(Coupon.name) private readonly coupons: Model<Coupon>,
    @InjectModel(CouponPlace.name) private readonly places: Model<CouponPlace>,
    private readonly locks: LocksService,
    private readonly config: ConfigService<Environment, true>,
  ) {}

  /** The uses a shopper and everyone have now (lapsed holds not counted). */
  async usesOf(coupon: LeanCoupon, userId: string | undefined, now: number = Date.now()): Promise<UsesNow> {
    const usedInTotal = coupon.used + liveHolds(coupon.holds, now).length;
    if (!userId) return { usedInTotal, usedByShopper: 0 };
    const places = await this.readPlaces(coupon, userId);
    return { usedInTotal, usedByShopper: places.filter((p) => p && isLive(p, now)).length };
  }

  /**
   * Takes a use for `ref` (an order, or with `until` an online checkout's hold). With `fromHold`, the use the
   * checkout held becomes the order's (or, lapsed and gone meanwhile, a new one is taken if one is left).
   * Refuses with 409 and the reason when none is left. Returns whether this call took anything (a retried
   * placing of the same order takes nothing more).
   */
  async take(coupon: LeanCoupon, use: CouponUse, options: { until?: Date; fromHold?: string } = {}): Promise<boolean> {
    const place = await this.takePlace(coupon, use, options);
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
      return place.changed || counted;
    } catch (error) {
      if (place.changed) await this.freePlace(coupon, use, place.id).catch((undo: Error) => this.logger.error(`Coupon place of ${use.ref} not freed: ${undo.message}`));
      throw error;
    }
  }

  /**
   * Gives back the use of `ref`: a cancelled order's, an order whose storing failed, or a checkout that
   * failed or lapsed. Once: only the call that frees the shopper's place gives the unit back.
   */
  async giveBack(coupon: LeanCoupon, use: CouponUse): Promise<void> {
    const places = await this.readPlaces(coupon, use.userId);
    const place = places.find((p) => p?.ref === use.ref);
    if (!place) {
      // A checkout's hold whose place lapsed and went to another use: the hold alone is dropped.
      await this.changes.add(use.couponId, { apply: (state) => dropHold(state, use.ref) });
      return;
    }
    const freed = await this.freePlace(coupon, use, place._id);
    if (!freed) return;
    await this.changes.add(use.couponId, {
      apply: (state) => {
        if (dropHold(state, use.ref)) return true;
        state.used = Math.max(0, state.used - 1);
        state.discountGivenPaise = Math.max(0, state.discountGivenPaise - use.discountPaise);
        state.counted = state.counted.filter((c) => c.ref !== use.ref);
        return true;
      },
    });
  }

  /** The shopper's places for this coupon (null where free), in order. */
  private async readPlaces(coupon: LeanCoupon, userId: string): Promise<(CouponPlace | null)[]> {
    const count = Math.max(coupon.perShopperLimit, coupon.shopperPlaces ?? 1);
    return Promise.all(Array.from({ length: count }, (_, n) => this.places.findById(placeId(coupon, userId, n)).lean<CouponPlace>().exec()));
  }

  /**
   * One of the shopper's places for `ref`: the one it has already (a retry), the checkout's it comes from,
   * else the first free or lapsed one below the per-shopper limit; 409 when there is none.
   */
  private async takePlace(coupon: LeanCoupon, use: CouponUse, options: { until?: Date; fromHold?: string }): Promise<{ id: string; changed: boolean }> {
    const lockKey = `coupon-places:${use.couponId}:${use.userId}`;
    return this.locks.run(lockKey, { busyMessage: BUSY }, async () => {
      for (let attempt = 0; attempt < 5; attempt++) {
        const now = Date.now();
        const places = await this.readPlaces(coupon, use.userId);
        const mine = places.find((p) => p?.ref === use.ref);
        if (mine) return { id: mine._id, changed: false };
        const set = { ref: use.ref, at: new Date(now), ...(options.until ? { until: options.until } : {}) };
        const unset = options.until ? {} : { $unset: { until: 1 } };
        const held = options.fromHold ? places.find((p) => p?.ref === options.fromHold) : undefined;
        if (held) {
          const moved = await this.places.updateOne(this.locks.guarded({ _id: held._id, ref: held.ref }), { $set: set, ...unset }).exec();
          if (moved.matchedCount) return { id: held._id, changed: true };
          continue;
        }
        // Places at or above a lowered limit still count, but no new use goes there.
        for (let n = 0; n < coupon.perShopperLimit; n++) {
          const place = places[n];
          const _id = placeId(coupon, use.userId, n);
          if (!place) {
            try {
              await this.places.create({ _id, ...set });
              return { id: _id, changed: true };
            } catch (error) {
              if (!isDuplicateKeyError(error)) throw error;
              break; // another request of this shopper took it: read again
            }
          }
          if (!isLive(place, now)) {
            const filter = this.locks.guarded({ _id, ref: place.ref, until: place.until });
            const taken = await this.places.updateOne(filter, { $set: set, ...unset }).exec();
            if (taken.matchedCount) return { id: _id, changed: true };
            break;
          }
        }
        const live = places.filter((p) => p && isLive(p, now)).length;
        if (live >= coupon.perShopperLimit) throw new CouponRefused(coupon.code, this.shopperRefusal(coupon));
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

  /** Frees the place if `ref` still has it; whether this call freed it. */
  private async freePlace(coupon: LeanCoupon, use: CouponUse, id: string): Promise<boolean> {
    return this.locks.run(`coupon-places:${use.couponId}:${use.userId}`, { busyMessage: BUSY }, async () => {
      // Under a lock document the lock guards the read and the delete names `_id` alone (FerretDB's index).
      if (this.locks.usesLockDocuments && (await this.places.findById(id).lean<CouponPlace>().exec())?.ref !== use.ref) return false;
      const removed = await this.places.deleteOne(this.locks.guarded({ _id: id, ref: use.ref })).exec();
      return removed.deletedCount > 0;
    });
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
        const saved = await this.coupons
          .updateOne(this.locks.guarded({ _id, usesVersion: version }), { $set: { ...state, usesVersion: version + 1 } })
          .exec();
        if (saved.matchedCount) return outcomes;
        await sleep(1 + Math.random() * 8 * Math.min(attempt + 1, 5));
      }
      throw new ConflictException(BUSY);
    });
  }
}

export function placeId(coupon: { _id: Types.ObjectId }, userId: string, n: number): string {
  return `${String(coupon._id)}:${userId}:${n}`;
}

function isLive(place: CouponPlace, now: number): boolean {
  return !place.until || new Date(place.until).getTime() > now;
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
