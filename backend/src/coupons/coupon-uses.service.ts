import { couponRefusal } from '@greencart/domain';
import { ConflictException, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { ItemFailed } from '../common/batching/write-batcher';
import { applyBatch, Counted, LOST, type Written } from '../common/counted/counted';
import { heldBy, isLive, liveMarks } from '../common/counted/marks';
import { LocksService } from '../common/locks/locks.service';
import { isDuplicateKeyError } from '../common/mongo-errors';
import type { Environment } from '../config/environment';
import { Coupon, CouponShopper, type CouponHold, type CouponJournal, type CouponShopperUse } from './schemas/coupon.schema';

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

/** One batch's view of a coupon's uses and of the uses of the shoppers its changes name. */
interface UsesState {
  used: number;
  discountGivenPaise: number;
  holds: CouponHold[];
  /** Per shopper of the batch: their uses (live ones; lapsed holds drop out when written). */
  shoppers: Map<string, CouponShopperUse[]>;
}

interface Change {
  userId: string;
  apply(state: UsesState, coupon: LeanCoupon, now: number): boolean;
}

/**
 * Counting a coupon's uses so that no limit is ever exceeded, whatever the concurrency and the number of
 * instances: a counted thing (common/counted/counted.ts explains the model). Every change of one coupon's
 * uses — its total (`used`, open checkouts' `holds`) and the uses of each shopper (documents
 * `coupon_shoppers/<coupon>:<user>`) — is one at a time per coupon: under the coupon's lock, raising its
 * `usesVersion`, and changes asked meanwhile on this instance are written together (one lock, one read,
 * one write for the lot, as stock's are). That one write carries the new uses of the shoppers it changed
 * (`journal`), which is what the next change reads for them; their own documents are written after it, and
 * the next change writes them again should this one have stopped first. So the one write of the coupon,
 * under its lock, decides everything. A use counted for an order that was then not stored is given back by
 * the placing; a process stopped in between leaves it counted: the shop gives one fewer, never one too
 * many. A shopper's uses name their order or checkout, so a retried take or give-back of the same one
 * changes nothing: once each.
 */
@Injectable()
export class CouponUses {
  private readonly changes: Counted<Change, boolean>;
  /** Per coupon, the last journal version whose shoppers this instance wrote (no need to write them again). */
  private readonly shoppersWritten = new Map<string, number>();

  constructor(
    @InjectModel(Coupon.name) private readonly coupons: Model<Coupon>,
    @InjectModel(CouponShopper.name) private readonly shoppers: Model<CouponShopper>,
    locks: LocksService,
    private readonly config: ConfigService<Environment, true>,
  ) {
    this.changes = new Counted<Change, boolean>(locks, {
      lock: (couponId) => ({ name: `coupon:${couponId}`, busyMessage: BUSY, waitMs: 8_000 }),
      attempt: (couponId, batch) => this.attempt(couponId, batch),
    });
  }

  /** The uses a shopper and everyone have now (lapsed holds not counted). */
  async usesOf(coupon: LeanCoupon, userId: string | undefined, now: number = Date.now()): Promise<UsesNow> {
    const usedInTotal = (coupon.used ?? 0) + liveMarks(coupon.holds ?? [], now).length;
    if (!userId) return { usedInTotal, usedByShopper: 0 };
    const mine = await this.shoppers.findById(shopperId(coupon._id, userId)).lean<CouponShopper>().exec();
    return { usedInTotal, usedByShopper: (mine?.uses ?? []).filter((u) => isLive(u, now)).length };
  }

  /**
   * Takes a use for `ref` (an order, or with `until` an online checkout's hold). With `fromHold`, the use the
   * checkout held becomes the order's (or, lapsed and gone meanwhile, a new one is taken if one is left).
   * Refuses with 409 and the reason when none is left. Returns whether this call took anything (a retried
   * placing of the same order takes nothing more).
   */
  async take(use: CouponUse, options: { until?: Date; fromHold?: string } = {}): Promise<boolean> {
    return this.changes.change(use.couponId, {
      userId: use.userId,
      apply: (state, doc, now) => {
        const mine = state.shoppers.get(use.userId) ?? [];
        if (mine.some((u) => u.ref === use.ref)) return false;
        const held = heldBy(state.holds, options.fromHold, now);
        const holds = state.holds.filter((h) => h !== held);
        if (!held && doc.totalLimit !== null && doc.totalLimit !== undefined && state.used + holds.length >= doc.totalLimit)
          throw new CouponRefused(doc.code, `Coupon ${doc.code} has been used up`);
        const others = mine.filter((u) => u.ref !== options.fromHold && isLive(u, now));
        // A first-order coupon is one claim per shopper, whatever its per-shopper limit: their orders placed at
        // once were each judged before any was stored, so the claim is decided here, under the coupon's lock.
        if (doc.firstOrderOnly && others.length >= 1) throw new CouponRefused(doc.code, `Coupon ${doc.code} is for your first order only`);
        if (others.length >= doc.perShopperLimit) throw new CouponRefused(doc.code, this.shopperRefusal(doc));
        state.shoppers.set(use.userId, [...others, { ref: use.ref, at: new Date(now), ...(options.until ? { until: options.until } : {}) }]);
        if (options.until) {
          state.holds = [...holds, { ref: use.ref, user: use.userId, until: options.until, discountPaise: use.discountPaise }];
        } else {
          state.holds = holds;
          state.used += 1;
          state.discountGivenPaise += use.discountPaise;
        }
        return true;
      },
    });
  }

  /**
   * Gives back the use of `ref`: a cancelled order's, an order whose storing failed, or a checkout that
   * failed or lapsed. Once per `ref`, whatever is retried.
   */
  async giveBack(use: CouponUse): Promise<void> {
    await this.changes.change(use.couponId, {
      userId: use.userId,
      apply: (state) => {
        const mine = state.shoppers.get(use.userId) ?? [];
        const had = mine.find((u) => u.ref === use.ref);
        if (had)
          state.shoppers.set(
            use.userId,
            mine.filter((u) => u !== had),
          );
        const held = state.holds.find((h) => h.ref === use.ref);
        if (held) {
          state.holds = state.holds.filter((h) => h !== held);
          return true;
        }
        if (!had || had.until) return Boolean(had);
        state.used = Math.max(0, state.used - 1);
        state.discountGivenPaise = Math.max(0, state.discountGivenPaise - use.discountPaise);
        return true;
      },
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

  /**
   * Applies a batch of one coupon's changes to one read of it (and of the shoppers they name) and writes the
   * outcome once: the coupon (counts and the journal of the shoppers' uses), then the shoppers' documents.
   * A shopper named by the coupon's journal reads from it (their document may lag).
   */
  private async attempt(couponId: string, batch: readonly Change[]): Promise<Written<boolean> | typeof LOST> {
    const _id = new Types.ObjectId(couponId);
    const users = [...new Set(batch.map((change) => change.userId))];
    const [doc, ...mine] = await Promise.all([
      this.coupons.findById(_id).lean<LeanCoupon>().exec(),
      ...users.map((userId) => this.shoppers.findById(shopperId(_id, userId)).lean<CouponShopper>().exec()),
    ]);
    if (!doc) return { outcomes: batch.map(() => new ItemFailed(new CouponRefused('', 'This coupon is no longer offered'))) };
    const now = Date.now();
    const journal = new Map((doc.journal?.shoppers ?? []).map((entry) => [entry.user, entry.uses]));
    const initial: UsesState = {
      used: doc.used ?? 0,
      discountGivenPaise: doc.discountGivenPaise ?? 0,
      holds: liveMarks(doc.holds ?? [], now),
      shoppers: new Map(users.map((userId, i) => [userId, journal.get(userId) ?? (mine[i] as CouponShopper | null)?.uses ?? []])),
    };
    const changedShoppers = new Set<string>();
    // Each change sees what the ones before it left; a refused one leaves the state as it was.
    const { state, outcomes } = applyBatch(
      initial,
      batch,
      (change, draft) => {
        const changed = change.apply(draft, doc, now);
        if (changed) changedShoppers.add(change.userId);
        return changed;
      },
      (draft) => ({ ...draft, shoppers: new Map(draft.shoppers) }),
    );
    const pruned = state.holds.length !== (doc.holds ?? []).length;
    if (!outcomes.some((o) => o === true) && !pruned) return { outcomes };
    const version = (doc.usesVersion ?? 0) + 1;
    const written: CouponJournal = { version, shoppers: [...changedShoppers].map((user) => ({ user, uses: state.shoppers.get(user) ?? [] })) };
    const { used, discountGivenPaise, holds } = state;
    const saved = await this.coupons.updateOne({ _id }, { $set: { used, discountGivenPaise, holds, usesVersion: version, journal: written } }).exec();
    if (!saved.matchedCount) return LOST;
    // The shoppers of the journal before this one, should its writer have stopped before writing them,
    // then this one's (under the coupon's lock: no writer of an older version runs meanwhile).
    if (doc.journal && this.shoppersWritten.get(couponId) !== doc.journal.version) {
      const earlier = doc.journal.shoppers.filter((entry) => !changedShoppers.has(entry.user));
      await this.writeShoppers(_id, doc.journal.version, earlier);
    }
    await this.writeShoppers(_id, version, written.shoppers);
    this.shoppersWritten.set(couponId, version);
    return { outcomes };
  }

  /** Writes shoppers' uses as of coupon version `version` (under the coupon's lock: no older writer runs meanwhile). */
  private async writeShoppers(couponId: Types.ObjectId, version: number, entries: CouponJournal['shoppers']): Promise<void> {
    await Promise.all(
      entries.map(async ({ user, uses }) => {
        const _id = shopperId(couponId, user);
        await this.shoppers
          .updateOne({ _id }, { $set: { uses, v: version } }, { upsert: true })
          .exec()
          .catch((error: unknown) => {
            // Upserted by another write meanwhile: that one stands.
            if (!isDuplicateKeyError(error)) throw error;
          });
      }),
    );
  }
}

export function shopperId(couponId: Types.ObjectId | string, userId: string): string {
  return `${String(couponId)}:${userId}`;
}
