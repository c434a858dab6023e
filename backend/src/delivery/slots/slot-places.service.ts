import { ConflictException, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { ItemFailed, WriteBatchers } from '../../common/batching/write-batcher';
import { LocksService } from '../../common/locks/locks.service';
import { isDuplicateKeyError } from '../../common/mongo-errors';
import { SlotPlaces, type SlotPlace } from '../schemas/slot-places.schema';
import { ShopClock } from '../shop-clock';

const MAX_ATTEMPTS = 60;
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
 * checkout), changed one batch at a time under the slot's lock with a compare-and-set on its version (the
 * same way as coupons' uses and stock). A place names its order or checkout, so a retried take or a
 * second give-back changes nothing: once each. Held places count until they lapse. An order's place is
 * marked with when it was taken until its order is known to be stored, so a placing that stopped
 * half-way gives it back (the orders' sweep, as it does the units taken for the order).
 */
@Injectable()
export class SlotPlacesService {
  /** One batch for every slot: the changes asked meanwhile on this instance share one lock and one write per slot. */
  /** Goes up with every change this instance writes (answers built from older counts are stale). */
  version = 0;
  /** Per slot, orders known to be stored: their places lose the mark with the slot's next write (no write of its own). */
  private readonly confirmed = new Map<string, Set<string>>();
  private readonly changes = new WriteBatchers<Change, boolean>({ maxBatch: Infinity, write: (_, batch) => this.write(batch) });

  constructor(
    @InjectModel(SlotPlaces.name) private readonly slots: Model<SlotPlaces>,
    private readonly locks: LocksService,
    private readonly clock: ShopClock,
  ) {}

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
    return this.changes.add(ALL_SLOTS, {
      slotId,
      apply: (places, shopNow) => {
        if (places.some((p) => p.ref === ref)) return false;
        const held = options.fromHold ? places.findIndex((p) => p.ref === options.fromHold) : -1;
        if (held >= 0) {
          places.splice(held, 1, { ref, at: new Date() });
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
    this.confirmed.set(slotId, (this.confirmed.get(slotId) ?? new Set<string>()).add(ref));
  }

  private forget(slotId: string, written: readonly string[]): void {
    const refs = this.confirmed.get(slotId);
    for (const ref of written) refs?.delete(ref);
    if (refs && !refs.size) this.confirmed.delete(slotId);
  }

  /** Orders' places marked before `before` in the slots from `fromId` on: placings that stopped half-way, or stored orders not yet confirmed. */
  async staleTakes(fromId: string, before: Date): Promise<UnconfirmedPlace[]> {
    const docs = await this.slots
      .find({ _id: { $gte: fromId } })
      .lean<SlotPlaces[]>()
      .exec();
    return docs.flatMap((doc) =>
      (doc.places ?? []).filter((p) => p.at && new Date(p.at).getTime() < before.getTime()).map((p) => ({ slotId: doc._id, ref: p.ref })),
    );
  }

  /** The order of `ref` is known to be stored: its place is kept for good (the mark goes). */
  settle(slotId: string, ref: string): Promise<boolean> {
    return this.changes.add(ALL_SLOTS, {
      slotId,
      apply: (places) => {
        const at = places.findIndex((p) => p.ref === ref && p.at);
        if (at < 0) return false;
        places.splice(at, 1, { ref });
        return true;
      },
    });
  }

  /**
   * Gives back the place of `ref` (a cancelled order, a failed or lapsed checkout, an order not stored): once.
   * With `unstored`, only a place still marked as its order's not known to be stored (the sweep's give-back).
   */
  giveBack(slotId: string, ref: string, { unstored = false } = {}): Promise<boolean> {
    return this.changes.add(ALL_SLOTS, {
      slotId,
      apply: (places) => {
        const at = places.findIndex((p) => p.ref === ref && (!unstored || p.at));
        if (at < 0) return false;
        places.splice(at, 1);
        return true;
      },
    });
  }

  /**
   * A batch of changes of any slots, under one lock (FerretDB; on MongoDB the compare-and-set is the guard):
   * each slot's changes are applied to one read of its document and written once, the slots side by side.
   */
  private async write(batch: readonly Change[]): Promise<(boolean | ItemFailed)[]> {
    const bySlot = new Map<string, number[]>();
    batch.forEach((change, i) => bySlot.set(change.slotId, [...(bySlot.get(change.slotId) ?? []), i]));
    return this.locks.run('delivery-slot-places', { busyMessage: BUSY, waitMs: 8_000 }, async () => {
      const outcomes: (boolean | ItemFailed)[] = new Array<boolean | ItemFailed>(batch.length);
      await Promise.all(
        [...bySlot].map(async ([slotId, at]) => {
          const written = await this.writeSlot(
            slotId,
            at.map((i) => batch[i]),
          );
          at.forEach((i, k) => (outcomes[i] = written[k]));
        }),
      );
      return outcomes;
    });
  }

  /** One slot's changes: one read, the changes in order, one compare-and-set write (lapsed holds and confirmed orders' marks drop out with it). */
  private async writeSlot(slotId: string, batch: readonly Change[]): Promise<(boolean | ItemFailed)[]> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const doc = await this.slots.findById(slotId).lean<SlotPlaces>().exec();
      const kept = live(doc?.places ?? [], Date.now());
      const confirmed = [...(this.confirmed.get(slotId) ?? [])];
      const places = kept.map((p) => (p.at && confirmed.includes(p.ref) ? { ref: p.ref } : p));
      // Lapsed holds dropped or confirmed orders' marks gone: worth a write even when no change changed anything.
      const pruned = kept.length !== (doc?.places ?? []).length || places.some((p, i) => p !== kept[i]);
      const shopNow = this.clock.now().getTime();
      const outcomes = batch.map((change): boolean | ItemFailed => {
        try {
          return change.apply(places, shopNow);
        } catch (error) {
          return new ItemFailed(error);
        }
      });
      if (!outcomes.some((o) => o === true) && !pruned) return outcomes;
      const v = doc?.v ?? 0;
      try {
        const saved = await this.slots.updateOne(this.locks.guarded({ _id: slotId, v }), { $set: { places, v: v + 1 } }, { upsert: !doc }).exec();
        if (saved.matchedCount + saved.upsertedCount > 0) {
          this.version += 1;
          this.forget(slotId, confirmed);
          return outcomes;
        }
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      await sleep(1 + Math.random() * 8 * Math.min(attempt + 1, 5));
    }
    return batch.map(() => new ItemFailed(new ConflictException(BUSY)));
  }
}

function live(places: readonly SlotPlace[], now: number): SlotPlace[] {
  return places
    .filter((p) => !p.until || new Date(p.until).getTime() > now)
    .map((p) => (p.until ? { ref: p.ref, until: p.until } : p.at ? { ref: p.ref, at: p.at } : { ref: p.ref }));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
