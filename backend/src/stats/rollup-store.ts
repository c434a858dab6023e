import { BeforeApplicationShutdown, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { LRUCache } from 'lru-cache';
import type { Collection, Connection } from 'mongoose';
import { WorkUnderWay } from '../common/batching/work-under-way';
import { ItemFailed, WriteBatcher } from '../common/batching/write-batcher';
import { ClusterBus } from '../common/cluster/cluster-bus';
import { DomainEvents } from '../common/events/domain-events';
import { LocksService } from '../common/locks/locks.service';
import { isDuplicateKeyError } from '../common/mongo-errors';
import { isDayDocId, mergeChange, type Change, type DayRollup, type WaitingRollup } from './rollups';

export const ROLLUPS_COLLECTION = 'stats_rollups';
/** One document per event applied (`placed:<order>`, `status:<order>:<to>`, `refunded:<order>`): its unique `_id` is the "applied once". */
export const APPLIED_COLLECTION = 'stats_applied';
/** Published after roll-ups changed (this instance's writes): the shop days whose figures changed. */
export const STATS_CHANGED = 'stats.changed';

export interface StatsChangedEvent {
  days: string[];
}

declare module '../common/events/domain-events' {
  interface DomainEventMap {
    [STATS_CHANGED]: StatsChangedEvent;
  }
}
const TOPIC = 'stats';
/**
 * How long an event waits for others before its write starts: events of a busy minute go in one write
 * (one marker insert, one locked `$inc` per document) instead of one write each. The figures are counted
 * in the background, so no order waits for it; a read of the figures waits at most this much longer.
 */
export const ROLLUP_WAIT_MS = 200;

export type Rollup = DayRollup | WaitingRollup;
interface Applying {
  marker: string;
  change: Change;
}
interface Kept {
  doc: Rollup | null;
}

/**
 * Keeps the roll-up documents, exactly once per event, across instances:
 *
 * - an event is applied once: its marker is inserted into `stats_applied` (unique `_id`, reliable on
 *   every engine); a retried or replayed event meets the marker and changes nothing;
 * - the increments go to each document one writer at a time (`LocksService`'s lock document: concurrent
 *   `$inc`s of one document may lose counts, docs/database.md);
 * - events that arrive within ROLLUP_WAIT_MS of each other, or while a write is under way, are written
 *   together (one insert of markers, one `$inc` per document), so a busy day's document is not a queue of
 *   one lock per order; what is waiting is written before the database connection closes.
 *
 * The caller's promise settles when its event is written. What each instance read is kept in memory and
 * forgotten when another instance says it wrote (ClusterBus).
 */
@Injectable()
export class RollupStore implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('Stats');
  private readonly rollups: Collection<{ _id: string }>;
  private readonly applied: Collection<{ _id: string; at: Date }>;
  /** Every event that arrives while a write is under way goes in the next one, however many. */
  private readonly queued = new WriteBatcher<Applying>({ maxBatch: Infinity, maxWaitMs: ROLLUP_WAIT_MS, write: (batch) => this.write(batch) });
  private readonly underWay = new WorkUnderWay();
  private readonly kept = new LRUCache<string, Kept>({ max: 5_000 });
  private readonly reading = new Map<string, Promise<Rollup | null>>();
  /** Bumped by every write and every change heard of: a read started before it is not kept. */
  private generation = 0;

  constructor(
    @InjectConnection() connection: Connection,
    private readonly locks: LocksService,
    private readonly cluster: ClusterBus,
    private readonly events: DomainEvents,
  ) {
    this.rollups = connection.collection(ROLLUPS_COLLECTION);
    this.applied = connection.collection(APPLIED_COLLECTION);
  }

  onModuleInit(): void {
    this.cluster.subscribe<{ ids?: unknown }>(TOPIC, {
      message: ({ ids }) => {
        this.generation++;
        if (Array.isArray(ids)) for (const id of ids) this.kept.delete(String(id));
      },
      resync: () => this.forget(),
    });
  }

  /** On the way out: what waits is written now, and what is still being worked out once it is, before the connection closes. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.queued.flush();
    // Every event tracked settles once its write is done.
    await this.underWay.settled();
  }

  /** Applies `change` once for `marker` (a marker already applied: nothing happens). Settles when written. */
  apply(marker: string, change: Change): Promise<void> {
    return this.queued.add({ marker, change });
  }

  /** Work on the figures under way (the listeners' events); caughtUp() waits for it. */
  track(work: Promise<unknown>): void {
    this.underWay.track(work);
  }

  /** Settles once every event this instance took so far is written (or failed); what waits is written now. */
  caughtUp(): Promise<void> {
    void this.queued.flush().catch(() => undefined);
    return this.underWay.settled();
  }

  /** The roll-up documents with these ids (null where there is none), from memory where possible. */
  read<T extends Rollup>(ids: readonly string[]): Promise<(T | null)[]> {
    return Promise.all(ids.map((id) => this.readOne(id) as Promise<T | null>));
  }

  /** Forget everything kept (after a rebuild wrote around this store). */
  forget(): void {
    this.generation++;
    this.kept.clear();
  }

  /** Tell every instance (this one included) that these documents were written around the store (the rebuild). */
  async rewritten(ids: readonly string[]): Promise<void> {
    this.forget();
    await this.cluster.publish(TOPIC, { ids });
    await this.events.publish(STATS_CHANGED, { days: ids.filter(isDayDocId).map((id) => id.slice(4)) });
  }

  private async readOne(id: string): Promise<Rollup | null> {
    const hit = this.kept.get(id);
    if (hit) return hit.doc;
    const running = this.reading.get(id);
    if (running) return running;
    const started = this.generation;
    const read = this.rollups
      .findOne({ _id: id })
      .then((doc) => {
        if (started === this.generation) this.kept.set(id, { doc: doc as Rollup | null });
        return doc as Rollup | null;
      })
      .finally(() => this.reading.delete(id));
    this.reading.set(id, read);
    return read;
  }

  /**
   * One write of the events that arrived together: their markers in one insert (a claim failing fails
   * them all), then one `$inc` per document; an event fails alone when a document it changes failed.
   */
  private async write(batch: Applying[]): Promise<(undefined | ItemFailed)[]> {
    const fresh = await this.claim(batch);
    const change: Change = {};
    for (const applying of fresh) mergeChange(change, applying.change);
    const ids = Object.keys(change);
    const results = await Promise.allSettled(ids.map((id) => this.writeDocument(id, change[id])));
    const failed = new Map<string, unknown>();
    results.forEach((result, i) => result.status === 'rejected' && failed.set(ids[i], result.reason));
    const outcomes = batch.map((applying) => {
      const problem = fresh.has(applying) ? Object.keys(applying.change).find((id) => failed.has(id)) : undefined;
      if (problem === undefined) return undefined;
      // Its marker stays: the figures of this event are made right by `npm run stats:rebuild`.
      this.logger.error(`Roll-up ${problem} missed ${applying.marker}: ${(failed.get(problem) as Error)?.message}; run npm run stats:rebuild`);
      return new ItemFailed(failed.get(problem));
    });
    const written = ids.filter((id) => !failed.has(id));
    if (written.length) {
      await this.cluster.publish(TOPIC, { ids: written });
      await this.events.publish(STATS_CHANGED, { days: written.filter(isDayDocId).map((id) => id.slice(4)) });
    }
    return outcomes;
  }

  /** Inserts the batch's markers; answers the events not applied before (a marker twice in the batch: its first). */
  private async claim(batch: Applying[]): Promise<Set<Applying>> {
    const first = new Map<string, Applying>();
    for (const applying of batch) if (!first.has(applying.marker)) first.set(applying.marker, applying);
    const candidates = [...first.values()];
    const taken = new Set<number>();
    const at = new Date();
    try {
      await this.applied.insertMany(
        candidates.map((p) => ({ _id: p.marker, at })),
        { ordered: false },
      );
    } catch (error) {
      const writeErrors = (error as { writeErrors?: unknown }).writeErrors;
      const errors = (Array.isArray(writeErrors) ? writeErrors : writeErrors ? [writeErrors] : []) as { index: number; code?: number }[];
      if (!errors.length || errors.some((e) => !isDuplicateKeyError(e))) throw error;
      for (const e of errors) taken.add(e.index);
    }
    return new Set(candidates.filter((_, i) => !taken.has(i)));
  }

  private async writeDocument(id: string, delta: Change[string]): Promise<void> {
    const update: Record<string, unknown> = { $inc: delta.inc };
    if (Object.keys(delta.set).length) update.$set = delta.set;
    if (delta.min && Object.keys(delta.min).length) update.$min = delta.min;
    if (delta.max && Object.keys(delta.max).length) update.$max = delta.max;
    const doc = await this.locks.run(`stats:${id}`, { busyMessage: 'The figures are being updated', waitMs: 60_000 }, () =>
      this.rollups.findOneAndUpdate({ _id: id }, update, { upsert: true, returnDocument: 'after' }),
    );
    this.generation++;
    this.kept.set(id, { doc: doc as Rollup | null });
  }
}
