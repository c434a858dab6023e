import { ConflictException, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { applyBatch, Counted, LOST, type Written } from '../../common/counted/counted';
import { Confirmations, giveBackMark, heldBy, isStale, liveMarks, settleMarks } from '../../common/counted/marks';
import { LocksService } from '../../common/locks/locks.service';
import { isDuplicateKeyError } from '../../common/mongo-errors';
import { SlotPlaces, type SlotPlace } from '../schemas/slot-places.schema';
import { ShopClock } from '../shop-clock';

/** The one batching key: all slots' changes go together. */
const ALL_SLOTS = 'slots';
const BUSY = 'Many shoppers are choosing this delivery slot right now; please try again';

/** A slot's place refused (full, closed for orders, no longer offered): 409 with the reason. */
export class SlotRefused extends ConflictException {}

/** What a take checks: the slot's capacity now and when it stops taking orders. */
export interface SlotTerms {
  capacity: number;
  closesAt: Date;
  /** The refusal to give when full or closed ("The Sun 29 Nov 07:00–09:00 slot is full; …"). */
  full: string;
  closed: string;
}

/** An order's place whose order was not known to be stored when taken (see staleTakes). */
export interface UnconfirmedPlace {
  slotId: string;
  ref: string;
}

interface Change {
  slotId: string;
  /** `shopNow`: the shop clock's time (cut-offs); holds lapse by the real time, as stock's do. */
  apply(places: SlotPlace[], shopNow: number): boolean;
}

/**
 * The places of each slot of each day, so that no slot ever takes more than its capacity, whatever the
 * concurrency and the number of instances: one document per slot (its places, each naming its order or
 * checkout), a counted thing (common/counted/counted.ts explains the model): changed one batch at a time
 * under the slots' lock, raising its version `v`. A place names its order or checkout, so a retried take
 * or a second give-back changes nothing: once each. Held places count until they lapse. An order's place
 * is marked with when it was taken until its order is known to be stored, so a placing that stopped
 * half-way gives it back (the counted things' sweep, as it does the units taken for the order).
 */
@Injectable()
export class SlotPlacesService {
  /** Goes up with every change this instance writes (answers built from older counts are stale). */
  version = 0;
  /** Per slot, orders known to be stored: their places lose the mark with the slot's next write (no write of its own). */
  private readonly confirmations = new Confirmations();
  /** One batching key for every slot: the changes asked meanwhile on this instance share one lock, and one write per slot. */
  private readonly changes: Counted<Change, boolean>;

  constructor(
    @InjectModel(SlotPlaces.name) private readonly slots: Model<SlotPlaces>,
    locks: LocksService,
    private readonly clock: ShopClock,
  ) {
    this.changes = new Counted<Change, boolean>(locks, {
      lock: () => ({ name: 'delivery-slot-places', busyMessage: BUSY, waitMs: 8_000 }),
      documentOf: (change) => change.slotId,
      attempt: (slotId, batch) => this.attempt(slotId, batch),
    });
  }

  /** Places taken (orders and live holds) per slot id. */
  async taken(ids: readonly string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    if (!ids.length) return counts;
    const now = Date.now();
    const docs = await this.slots
      .find({ _id: { $in: ids } })
      .lean<SlotPlaces[]>()
      .exec();
    for (const doc of docs) counts.set(doc._id, live(doc.places ?? [], now).length);
    return counts;
  }

  /** Orders (not holds) per slot id. */
  async orderCounts(ids: readonly string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    if (!ids.length) return counts;
    const docs = await this.slots
      .find({ _id: { $in: ids } })
      .lean<SlotPlaces[]>()
      .exec();
    for (const doc of docs) counts.set(doc._id, (doc.places ?? []).filter((p) => !p.until && p.ref.startsWith('order:')).length);
    return counts;
  }

  /** The orders holding a place in a slot (`order:<id>` refs; checkouts' holds left out). */
  async orderRefs(slotId: string): Promise<string[]> {
    const doc = await this.slots.findById(slotId).lean<SlotPlaces>().exec();
    return (doc?.places ?? []).filter((p) => !p.until && p.ref.startsWith('order:')).map((p) => p.ref);
  }

  /**
   * Takes a place for `ref` (an order; with `until` a checkout's hold). With `fromHold`, the checkout's
   * live hold becomes the order's place (whatever the capacity or the cut-off now); a lapsed hold is a
   * new take. 409 (SlotRefused) when full or past the cut-off. Returns whether this call took one.
   */
  take(slotId: string, ref: string, terms: SlotTerms, options: { until?: Date; fromHold?: string } = {}): Promise<boolean> {
    return this.changes.change(ALL_SLOTS, {
      slotId,
      apply: (places, shopNow) => {
        if (places.some((p) => p.ref === ref)) return false;
        const held = heldBy(places, options.fromHold, Date.now());
        if (held) {
          places.splice(places.indexOf(held), 1, { ref, at: new Date() });
          return true;
        }
        if (shopNow >= terms.closesAt.getTime()) throw new SlotRefused(terms.closed);
        if (places.length >= terms.capacity) throw new SlotRefused(terms.full);
        places.push(options.until ? { ref, until: options.until } : { ref, at: new Date() });
        return true;
      },
    });
  }

  /** The order `ref` is stored: its place loses the mark with the slot's next write (or the sweep's settle). */
  confirm(slotId: string, ref: string): void {
    this.confirmations.note(slotId, ref);
  }

  /** Orders' places in the slots from `fromId` on marked longer than STALE_TAKE_MS before `now`: placings that stopped half-way, or stored orders not yet confirmed. */
  async staleTakes(fromId: string, now: number): Promise<UnconfirmedPlace[]> {
    const docs = await this.slots
      .find({ _id: { $gte: fromId } })
      .lean<SlotPlaces[]>()
      .exec();
    return docs.flatMap((doc) => (doc.places ?? []).filter((p) => isStale(p, now)).map((p) => ({ slotId: doc._id, ref: p.ref })));
  }

  /** The order of `ref` is known to be stored: its place is kept for good (the mark goes). */
  settle(slotId: string, ref: string): Promise<boolean> {
    return this.changes.change(ALL_SLOTS, {
      slotId,
      apply: (places) => {
        if (!places.some((p) => p.ref === ref && p.at)) return false;
        places.splice(0, places.length, ...settleMarks(places, new Set([ref]), { keep: true }));
        return true;
      },
    });
  }

  /**
   * Gives back the place of `ref` (a cancelled order, a failed or lapsed checkout, an order not stored): once.
   * With `unstored`, only a place still marked as its order's not known to be stored (the sweep's give-back).
   */
  giveBack(slotId: string, ref: string, { unstored = false } = {}): Promise<boolean> {
    return this.changes.change(ALL_SLOTS, {
      slotId,
      apply: (places) => {
        const back = giveBackMark(places, ref, (p) => !unstored || !!p.at);
        if (!back) return false;
        places.splice(0, places.length, ...back.rest);
        return true;
      },
    });
  }

  /** One slot's changes: one read, the changes in order, one write (lapsed holds and confirmed orders' marks drop out with it). */
  private async attempt(slotId: string, batch: readonly Change[]): Promise<Written<boolean> | typeof LOST> {
    const doc = await this.slots.findById(slotId).lean<SlotPlaces>().exec();
    const kept = live(doc?.places ?? [], Date.now());
    const carried = [...(this.confirmations.of(slotId) ?? [])];
    const settled = settleMarks(kept, new Set(carried), { keep: true });
    // Lapsed holds dropped or confirmed orders' marks gone: worth a write even when no change changed anything.
    const pruned = kept.length !== (doc?.places ?? []).length || settled.some((p, i) => p !== kept[i]);
    const shopNow = this.clock.now().getTime();
    const { state: places, outcomes } = applyBatch(
      settled,
      batch,
      (change, draft) => change.apply(draft, shopNow),
      (draft) => [...draft],
    );
    if (!outcomes.some((o) => o === true) && !pruned) return { outcomes };
    const v = doc?.v ?? 0;
    try {
      const saved = await this.slots.updateOne({ _id: slotId }, { $set: { places, v: v + 1 } }, { upsert: !doc }).exec();
      if (saved.matchedCount + saved.upsertedCount === 0) return LOST;
    } catch (error) {
      // Created by another write meanwhile: read again.
      if (!isDuplicateKeyError(error)) throw error;
      return LOST;
    }
    this.version += 1;
    this.confirmations.written(slotId, carried);
    return { outcomes };
  }
}

function live(places: readonly SlotPlace[], now: number): SlotPlace[] {
  return liveMarks(places, now).map((p) => (p.until ? { ref: p.ref, until: p.until } : p.at ? { ref: p.ref, at: p.at } : { ref: p.ref }));
}
