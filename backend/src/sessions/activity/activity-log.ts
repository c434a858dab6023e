import { ACTIVITY_KEEP_DAYS, ACTIVITY_PAGE_SIZE, type ActivityEntry, type ActivityKind } from '@greencart/domain';
import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import type { SellerSession } from '../session.service';
import { ActivityRecord } from './activity-entry.schema';

const DAY_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;

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
 * than 365 days are swept (FerretDB v1 has no TTL indexes).
 */
@Injectable()
export class ActivityLog implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ActivityLog.name);
  private sweeper?: NodeJS.Timeout;

  constructor(@InjectModel(ActivityRecord.name) private readonly log: Model<ActivityRecord>) {}

  onApplicationBootstrap() {
    void this.sweep().catch((error: Error) => this.logger.warn(`Activity sweep: ${error.message}`));
    this.sweeper = setInterval(() => void this.sweep().catch((error: Error) => this.logger.warn(`Activity sweep: ${error.message}`)), SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  onModuleDestroy() {
    clearInterval(this.sweeper);
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
    const at = new Date();
    try {
      await this.log.create({
        _id: new Types.ObjectId(),
        at,
        actorId: actor.id,
        actorName: actor.name,
        actorRole: actor.account,
        kind,
        subject: subject.name,
        ...(subject.id ? { subjectId: subject.id } : {}),
        ...(was ? { before: plain(was) } : {}),
        ...(is ? { after: plain(is) } : {}),
      });
    } catch (error) {
      this.logger.error(`Could not record ${kind} by ${actor.name}: ${(error as Error).message}`);
    }
  }

  /** One page, newest first: a range of `_id` (time-ordered), walked backwards. */
  async page(query: ActivityQuery): Promise<{ entries: ActivityEntry[]; page: number; hasMore: boolean }> {
    const page = query.page ?? 1;
    const id: Record<string, Types.ObjectId> = {};
    if (query.from) id.$gte = Types.ObjectId.createFromTime(Math.floor(query.from.getTime() / 1000));
    if (query.to) id.$lt = Types.ObjectId.createFromTime(Math.ceil(query.to.getTime() / 1000));
    const filter: Record<string, unknown> = {};
    if (Object.keys(id).length) filter._id = id;
    if (query.actor) filter.actorId = query.actor;
    if (query.kind) filter.kind = query.kind;
    const rows = await this.log
      .find(filter)
      .sort({ _id: -1 })
      .skip((page - 1) * ACTIVITY_PAGE_SIZE)
      .limit(ACTIVITY_PAGE_SIZE + 1)
      .lean()
      .exec();
    return { entries: rows.slice(0, ACTIVITY_PAGE_SIZE).map(toEntry), page, hasMore: rows.length > ACTIVITY_PAGE_SIZE };
  }

  /** Entries older than the year kept go (a range of `_id`). */
  async sweep(now = Date.now()): Promise<number> {
    const cutoff = Types.ObjectId.createFromTime(Math.floor((now - ACTIVITY_KEEP_DAYS * DAY_MS) / 1000));
    const { deletedCount } = await this.log.deleteMany({ _id: { $lt: cutoff } });
    return deletedCount ?? 0;
  }
}

function toEntry(row: ActivityRecord): ActivityEntry {
  return {
    _id: String(row._id),
    at: row.at.toISOString(),
    actor: { id: row.actorId, name: row.actorName, role: row.actorRole },
    kind: row.kind,
    subject: row.subject,
    ...(row.subjectId ? { subjectId: row.subjectId } : {}),
    ...(row.before ? { before: row.before } : {}),
    ...(row.after ? { after: row.after } : {}),
  };
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
