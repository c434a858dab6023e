import { ConflictException } from '@nestjs/common';
import { ItemFailed, WriteBatchers, type ItemOutcome } from '../batching/write-batcher';
import type { LockOptions, LocksService } from '../locks/locks.service';
import { pause } from '../time/pause';

/*
 * How anything counted is taken and given back: the units of a pack size, a coupon's uses, a delivery
 * slot's places (and whatever this shop counts next). Read this file first.
 *
 * The model. A counted thing is one document (a product, a coupon, a slot) that holds a count and the
 * marks of who took from it. A mark names its ref (`order:<id>` or `checkout:<id>`) and, depending on
 * what it is (marks.ts):
 *   - a hold: `until` a deadline, after which it lapses by itself (an online checkout's);
 *   - an order's take not yet known to be stored: `at`, when it was taken;
 *   - an order's take known to be stored: neither (or no mark at all, where the count says it).
 * Because every mark names its ref, taking or giving back twice for the same ref changes nothing:
 * retries are safe, and a give-back happens exactly once.
 *
 * The write loop (Counted, below), the same for every counted thing:
 *   1. Changes asked for one key while another batch of it is being written wait in memory and go
 *      together next (WriteBatchers): fifty shoppers buying one product are one queue, one lock, one
 *      read and one write, not fifty.
 *   2. Under the key's lock (LocksService.run) the document is read and each change is applied in turn
 *      to the state it left (applyBatch): a refused change (sold out, used up, full) fails alone and
 *      leaves the state as it was; the others stand.
 *   3. The outcome is written once, raising the document's version field. The write names the
 *      document's `_id` only: the lock is the guard, and `_id` is the filter the database answers from
 *      its index (docs/database.md).
 *   4. A write that found nothing to change (the document went meanwhile) is a lost compare-and-set:
 *      read again and retry after a short random pause (retryPauseMs), at most MAX_ATTEMPTS times, then
 *      every change of the batch fails with the thing's 409 busy message.
 *
 * What each service writes: its document and version field, its lock key and busy message, and its
 * change rules (pure functions of the state). It never writes a retry, a pause or a sweep of its own.
 * Who counts what today:
 *   - units per pack size: products/stock.service.ts (rules in stock-plan.ts), lock `product:<id>`,
 *     version `stockVersion`, marks in `holds` (`taken` for an order's units) and `returns`;
 *   - a coupon's uses, in total and per shopper: coupons/coupon-uses.service.ts, lock `coupon:<id>`,
 *     version `usesVersion`, holds in `holds`, each shopper's uses in the coupon's `journal`;
 *   - places per delivery slot: delivery/slots/slot-places.service.ts, one lock for every slot
 *     (`delivery-slot-places`), version `v`, marks in `places`.
 *
 * Taking for an order is a step with an undo (common/steps), declared once in orders/order-takes.ts for
 * placing, checkout holds, failed payments, cancels and packing give-backs: placing takes units, the coupon
 * use and the slot place, stores the order, and then confirms the takes (their `at` marks go with the next write).
 * A process that stops in between leaves marks with `at`: the sweep (counted-sweep.ts) finds those older
 * than STALE_TAKE_MS and settles them (the order is stored) or gives them back (it never was).
 */

/** How many times a batch is read and written again after losing its compare-and-set. */
export const MAX_ATTEMPTS = 60;

/** The pause before attempt `attempt + 1`: a few random milliseconds, growing for the first five attempts. */
export function retryPauseMs(attempt: number, random: number = Math.random()): number {
  return 1 + random * 8 * Math.min(attempt + 1, 5);
}

/** An attempt's answer when its compare-and-set write found nothing to change: read again and retry. */
export const LOST: unique symbol = Symbol('compare-and-set lost');

/** A batch of one document written: each change's outcome, in the batch's order, and what to do once the lock is let go. */
export interface Written<R> {
  outcomes: readonly ItemOutcome<R>[];
  /** Runs after the lock is let go and before the changes are answered (stock says "sold out" here). */
  after?(): Promise<unknown>;
}

/** Runs `attempt` until it answers something other than LOST, pausing between; after MAX_ATTEMPTS, `gaveUp()`. */
export async function untilWritten<T>(
  attempt: (n: number) => Promise<T | typeof LOST>,
  gaveUp: () => T,
  wait: (ms: number) => Promise<void> = pause,
): Promise<T> {
  for (let n = 0; n < MAX_ATTEMPTS; n++) {
    const result = await attempt(n);
    if (result !== LOST) return result;
    await wait(retryPauseMs(n));
  }
  return gaveUp();
}

/**
 * Applies `batch` in turn to `state`, each change to a copy of what the ones before it left: a change that
 * throws fails alone (ItemFailed) and the state stays as it was before it. Returns the state after the
 * last change and each change's outcome.
 */
export function applyBatch<S, C, R>(
  state: S,
  batch: readonly C[],
  apply: (change: C, draft: S) => R,
  copy: (state: S) => S,
): { state: S; outcomes: (R | ItemFailed)[] } {
  let current = state;
  const outcomes = batch.map((change) => {
    const draft = copy(current);
    try {
      const outcome = apply(change, draft);
      current = draft;
      return outcome;
    } catch (error) {
      return new ItemFailed(error);
    }
  });
  return { state: current, outcomes };
}

/**
 * One write of one document under its lock, without batching (an import's edit of a product): `attempt`
 * reads, writes and answers LOST as a CountedThing's does; after MAX_ATTEMPTS lost ones, 409 busy.
 */
export function writeUnderLock<T>(
  locks: LocksService,
  { name, ...options }: { name: string } & LockOptions,
  attempt: (n: number) => Promise<T | typeof LOST>,
): Promise<T> {
  return locks.run(name, options, () =>
    untilWritten(attempt, () => {
      throw new ConflictException(options.busyMessage);
    }),
  );
}

/** What a counted thing tells the write loop. */
export interface CountedThing<C, R> {
  /** The lock a batch of `key` is written under, with its 409 busy message. */
  lock(key: string): { name: string } & LockOptions;
  /** The document a change is of, when one batching key covers several documents (default: the key itself). */
  documentOf?(change: C): string;
  /** Before the lock: the answer of a batch that needs no write (a product that counts nothing), else undefined. */
  withoutLock?(key: string, batch: readonly C[]): Promise<Written<R> | undefined>;
  /**
   * One attempt at one document, under its lock: read it, apply the changes (applyBatch), write once raising
   * the version field. LOST when the write found nothing to change.
   */
  attempt(document: string, changes: readonly C[], attempt: number): Promise<Written<R> | typeof LOST>;
}

/** The write loop of one counted thing: `change(key, c)` settles with c's outcome once its batch is written. */
export class Counted<C, R> {
  private readonly batches = new WriteBatchers<C, R>({ maxBatch: Infinity, write: (key, batch) => this.write(key, batch) });

  constructor(
    private readonly locks: LocksService,
    private readonly thing: CountedThing<C, R>,
  ) {}

  change(key: string, change: C): Promise<R> {
    return this.batches.add(key, change);
  }

  private async write(key: string, batch: C[]): Promise<readonly ItemOutcome<R>[]> {
    const { name, ...options } = this.thing.lock(key);
    const written =
      (await this.thing.withoutLock?.(key, batch)) ?? (await this.locks.run(name, options, () => this.writeDocuments(key, batch, options.busyMessage)));
    await written.after?.();
    return written.outcomes;
  }

  /** Each document's changes of the batch, side by side: one read, one write, retried on its own. */
  private async writeDocuments(key: string, batch: readonly C[], busyMessage: string): Promise<Written<R>> {
    const byDocument = new Map<string, number[]>();
    batch.forEach((change, i) => {
      const document = this.thing.documentOf?.(change) ?? key;
      byDocument.set(document, [...(byDocument.get(document) ?? []), i]);
    });
    const outcomes = new Array<ItemOutcome<R>>(batch.length);
    const afters: (() => Promise<unknown>)[] = [];
    await Promise.all(
      [...byDocument].map(async ([document, at]) => {
        const changes = at.map((i) => batch[i]);
        const written = await untilWritten<Written<R>>(
          (n) => this.thing.attempt(document, changes, n),
          () => ({ outcomes: changes.map(() => new ItemFailed(new ConflictException(busyMessage))) }),
        );
        at.forEach((i, k) => (outcomes[i] = written.outcomes[k]));
        if (written.after) afters.push(() => written.after!());
      }),
    );
    return { outcomes, after: async () => void (await Promise.all(afters.map((after) => after()))) };
  }
}
