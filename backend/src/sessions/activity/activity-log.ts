import { ACTIVITY_KEEP_DAYS, ACTIVITY_PAGE_SIZE, type ActivityEntry, type ActivityKind } from '@greencart/domain';
import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { WriteBatcher } from '../../common/batching/write-batcher';
import { LocksService } from '../../common/locks/locks.service';
import { inCommands } from '../../database/bulk-writes';
import type { SellerSession } from '../session.service';
import { ActivityRecord } from './activity-entry.schema';
import { ActivityPages, BUCKET } from './activity-pages';

const DAY_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;
const FIRST_SWEEP_MS = 60_000;
const LOCK = 'activity-log';
/** The series of every entry. */
const ALL = 'all';

/** Who did it: the signed-in seller account (owner or staff) of the request. */
export type Actor = Pick<SellerSession, 'id' | 'name' | 'account'>;

export interface ActivityQuery {
  from?: Date;
  to?: Date;
  actor?: string;
  kind?: ActivityKind;
  page?: number;
}

/**
 * The activity log: every change a seller account makes, with who, when, what and the changed fields
 * before and after. Written only here, never edited or deleted by the app, except that entries older
 * than 365 days are swept (the app expires old records itself: no TTL indexes, see docs/database.md). Read from pages by `_id` (ActivityPages).
 */
@Injectable()
export class ActivityLog implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ActivityLog.name);
  private sweeper?: NodeJS.Timeout;
  private firstSweep?: NodeJS.Timeout;
  private readonly pages: ActivityPages;
  /** Entries that arrive while a batch is being written go together in the next (see writeBatch). */
  private readonly writes = new WriteBatcher<Omit<ActivityEntry, '_id'>>({ write: (batch) => this.writeBatch(batch), maxBatch: 200 });

  constructor(
    @InjectModel(ActivityRecord.name) private readonly log: Model<ActivityRecord>,
    private readonly locks: LocksService,
  ) {
    this.pages = new ActivityPages(log.db.collection('activity_series'), log.db.collection('activity_pages'));
  }

  onApplicationBootstrap() {
    const sweep = () => void this.sweep().catch((error: Error) => this.logger.warn(`Activity sweep: ${error.message}`));
    // Not while the shop is starting (it reads its catalogue then): a minute later, then every 6 hours.
    this.firstSweep = setTimeout(sweep, FIRST_SWEEP_MS);
    this.firstSweep.unref();
    this.sweeper = setInterval(sweep, SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  async onModuleDestroy() {
    clearTimeout(this.firstSweep);
    clearInterval(this.sweeper);
    await this.writes.flush().catch(() => undefined);
  }

  /**
   * Records what `actor` did to `subject`. With both `before` and `after`, only the fields that differ are
   * kept. A failure is logged, never turned into an error answer: the change itself is already stored.
   */
  async record(
    actor: Actor,
    kind: ActivityKind,
    subject: { name: string; id?: string },
    before?: Record<string, unknown>,
    after?: Record<string, unknown>,
  ): Promise<void> {
    const [was, is] = before && after ? changedFields(before, after) : [before, after];
    const entry: Omit<ActivityEntry, '_id'> = {
      at: new Date().toISOString(),
      actor: { id: actor.id, name: actor.name, role: actor.account },
      kind,
      subject: subject.name,
      ...(subject.id ? { subjectId: subject.id } : {}),
      ...(was ? { before: plain(was) } : {}),
      ...(is ? { after: plain(is) } : {}),
    };
    try {
      await this.writes.add(entry);
    } catch (error) {
      this.logger.error(`Could not record ${kind} by ${actor.name}: ${(error as Error).message}`);
    }
  }

  /**
   * Writes the entries that came in together (one packer marking orders, fifty packing changes at once) in
   * one turn of the log's lock: numbered in the order they came, stored, and appended to their series.
   * One writer at a time (the log's lock document) keeps the numbering and the pages simple; a batch
   * pays the lock and each series' count once instead of once an entry.
   */
  private async writeBatch(batch: Omit<ActivityEntry, '_id'>[]): Promise<void> {
    await this.locks.run(LOCK, { busyMessage: 'The activity log is busy', waitMs: 10_000 }, async () => {
      const first = (await this.pages.count(ALL)) + 1;
      const entries: ActivityEntry[] = batch.map((entry, i) => ({ _id: String(first + i), ...entry }));
      // Replaced, not inserted: an entry a stopped process stored but never counted is written over.
      const writes = entries.map((entry) => ({ replaceOne: { filter: { _id: Number(entry._id) }, replacement: recordOf(entry), upsert: true } }));
      await inCommands(writes, (run) => this.log.collection.bulkWrite(run as never[], { ordered: true }));
      const series = new Map<string, ActivityEntry[]>([[ALL, entries]]);
      for (const entry of entries) for (const name of [`actor:${entry.actor.id}`, `kind:${entry.kind}`]) series.set(name, [...(series.get(name) ?? []), entry]);
      // The whole log first (its count numbers the next entries), then each person's and kind's series.
      for (const [name, added] of series) await this.pages.append(name, added);
    });
  }

  /** One page, newest first: read from the pages of the narrowest series the filters name (one or two reads by `_id`). */
  async page(query: ActivityQuery): Promise<{ entries: ActivityEntry[]; page: number; hasMore: boolean }> {
    const page = query.page ?? 1;
    // Until the sweep comes by, a page may still hold entries past the year: never shown.
    const kept = (entry: ActivityEntry) => Date.parse(entry.at) >= Date.now() - ACTIVITY_KEEP_DAYS * DAY_MS;
    const series = query.actor ? `actor:${query.actor}` : query.kind ? `kind:${query.kind}` : ALL;
    const also = query.actor && query.kind ? (entry: ActivityEntry) => entry.kind === query.kind : undefined;
    const count = await this.pages.count(series);
    const lo = query.from ? await this.pages.positionOf(series, query.from.getTime(), count) : 0;
    const hi = query.to ? await this.pages.positionOf(series, query.to.getTime(), count) : count;
    if (!also) {
      const end = hi - (page - 1) * ACTIVITY_PAGE_SIZE;
      const start = Math.max(lo, end - ACTIVITY_PAGE_SIZE);
      const entries = end > lo ? (await this.pages.slice(series, start, end)).reverse().filter(kept) : [];
      return { entries, page, hasMore: start > lo };
    }
    // A person's entries of one kind: their series, walked back until the page is full.
    const wanted = page * ACTIVITY_PAGE_SIZE + 1;
    const found: ActivityEntry[] = [];
    for (let end = hi; end > lo && found.length < wanted; end -= 4 * BUCKET) {
      const chunk = await this.pages.slice(series, Math.max(lo, end - 4 * BUCKET), end);
      found.push(...chunk.reverse().filter((entry) => also(entry) && kept(entry)));
    }
    const entries = found.slice((page - 1) * ACTIVITY_PAGE_SIZE, page * ACTIVITY_PAGE_SIZE);
    return { entries, page, hasMore: found.length > page * ACTIVITY_PAGE_SIZE };
  }

  /** Entries older than the year kept go, and the pages holding only such entries. */
  async sweep(now = Date.now()): Promise<number> {
    const cutoff = now - ACTIVITY_KEEP_DAYS * DAY_MS;
    for (const name of await this.pages.names()) {
      const position = await this.pages.positionOf(name, cutoff, await this.pages.count(name));
      await this.pages.dropBefore(name, position);
    }
    // The entries are numbered in time order: those before the cut go one `_id` at a time from where the last sweep stopped.
    const upTo = await this.pages.positionOf(ALL, cutoff, await this.pages.count(ALL));
    let deleted = 0;
    for (let n = (await this.pages.swept()) + 1; n <= upTo; n++) deleted += (await this.log.deleteOne({ _id: n })).deletedCount ?? 0;
    await this.pages.sweptTo(upTo);
    return deleted;
  }
}

/** The fields whose values differ, as [before, after]. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): [Record<string, unknown>, Record<string, unknown>] {
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key] ?? null;
    is[key] = after[key] ?? null;
  }
  return [was, is];
}

/** Stored as JSON would show it (dates as strings, ids as hex), with keys the database accepts. */
function plain(value: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify(value, (key, v: unknown) => (key.startsWith('$') ? undefined : v)),
    (key, v: unknown) => v,
  ) as Record<string, unknown>;
}

/** An entry as stored in `activity_log` (the record of truth; the screen reads the pages). */
function recordOf(entry: ActivityEntry): Record<string, unknown> {
  return {
    _id: Number(entry._id),
    at: new Date(entry.at),
    actorId: entry.actor.id,
    actorName: entry.actor.name,
    actorRole: entry.actor.role,
    kind: entry.kind,
    subject: entry.subject,
    ...(entry.subjectId ? { subjectId: entry.subjectId } : {}),
    ...(entry.before ? { before: entry.before } : {}),
    ...(entry.after ? { after: entry.after } : {}),
  };
}
