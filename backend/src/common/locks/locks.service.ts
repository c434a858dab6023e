import { randomBytes } from 'node:crypto';
import { ConflictException, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { isDuplicateKeyError } from '../mongo-errors';
import { pause } from '../time/pause';
import { Lock, LockInstance } from './lock.schema';
import { BEAT_MS, LOOK_MS, watchHolder, type Sighting } from './lock-watch';

export interface LockOptions {
  /** The 409 message when the lock stays taken longer than `waitMs`. */
  busyMessage: string;
  waitMs?: number;
  /**
   * Longer than the work ever takes; a lock this old was left by a request that died. (A lock whose
   * instance died is taken over sooner: once its heartbeat stops, see lock-watch.ts.)
   */
  staleMs?: number;
}

/** The lock stayed taken longer than the caller would wait: 409 with its message, worth trying again. */
export class LockBusy extends ConflictException {}

/**
 * One change at a time per key, across every instance: the work runs while holding a lock document,
 * whose unique `_id` is the key, so inserting it is taking the lock. FerretDB v1 lets several
 * conditional updates of one document win but does enforce a unique `_id`; MongoDB takes the same
 * path, so what CI runs is what production runs (docs/database.md). The lock is the guard, so the
 * writes made under it name `_id` alone, the one filter FerretDB v1 over SQLite answers from its index.
 *
 * A lock document names its instance, which rewrites its heartbeat every second while it holds any:
 * a caller waiting for a lock whose instance's heartbeat has stopped takes it over after LAPSE_MS
 * (lock-watch.ts), so an instance that died holds nobody up for long; a lock older than `staleMs` is
 * taken over whoever holds it, as before.
 */
@Injectable()
export class LocksService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(LocksService.name);
  /** This process, as its lock documents and its heartbeat name it. */
  readonly instance = randomBytes(12).toString('hex');
  /** Lock documents this instance holds now: its heartbeat runs while there is one. */
  private holding = 0;
  private beater?: NodeJS.Timeout;
  private beating = false;
  /** Whether this instance has written a heartbeat (removed on the way out). */
  private beaten = false;
  private stopped = false;

  constructor(
    @InjectModel(Lock.name) private readonly locks: Model<Lock>,
    @InjectModel(LockInstance.name) private readonly instances: Model<LockInstance>,
  ) {}

  onModuleInit(): void {
    // Heartbeats of instances gone for a day: a handful of documents, read in the background.
    void this.instances
      .deleteMany({ beat: { $lt: new Date(Date.now() - 24 * 3600_000) } })
      .exec()
      .catch((error: Error) => this.logger.warn(`Could not clear old lock heartbeats: ${error.message}`));
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.beater);
    this.beater = undefined;
    if (this.beaten) await this.instances.deleteOne({ _id: this.instance }).catch(() => undefined);
  }

  async run<T>(key: string, options: LockOptions, work: () => Promise<T>): Promise<T> {
    const { busyMessage, waitMs = 5_000, staleMs = 30_000 } = options;
    const holder = randomBytes(12).toString('hex');
    const deadline = Date.now() + waitMs;
    const watch: { sighting?: Sighting } = {};
    let nextLook = 0;
    for (;;) {
      try {
        await this.locks.create({ _id: key, holder, instance: this.instance, at: new Date() });
        break;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      if (Date.now() >= nextLook) {
        nextLook = Date.now() + LOOK_MS;
        if (await this.takeOverIfLeft(key, staleMs, watch)) continue;
      }
      if (Date.now() > deadline) throw new LockBusy(busyMessage);
      await pause(15 + Math.random() * 30);
    }
    this.hold();
    try {
      return await work();
    } finally {
      this.letGo();
      await this.release(key, holder, Date.now() + staleMs);
    }
  }

  /**
   * Looks at who holds `key`: removes the lock when it is older than `staleMs` or its instance died (its
   * heartbeat unchanged through `watch`, see lock-watch.ts). True when the lock is free now.
   */
  private async takeOverIfLeft(key: string, staleMs: number, watch: { sighting?: Sighting }): Promise<boolean> {
    const lock = await this.locks.findById(key).lean();
    if (!lock) return true;
    let left = lock.at.getTime() < Date.now() - staleMs;
    // This instance's own runs are alive; a lock naming no instance (written before heartbeats) waits for staleMs.
    if (!left && lock.instance && lock.instance !== this.instance) {
      const heartbeat = await this.instances.findById(lock.instance).lean();
      const look = watchHolder(watch.sighting, { holder: lock.holder, beat: heartbeat?.beat.getTime() ?? null }, Date.now());
      watch.sighting = look.sighting;
      left = look.dead;
      if (left) this.logger.warn(`Taking over lock ${key}: the heartbeat of its instance ${lock.instance} has stopped`);
    }
    if (!left) return false;
    await this.locks.deleteOne({ _id: key, holder: lock.holder });
    return true;
  }

  private hold(): void {
    if (this.holding++ > 0 || this.stopped) return;
    this.beater = setInterval(() => void this.beat(), BEAT_MS);
    this.beater.unref();
  }

  private letGo(): void {
    if (--this.holding > 0) return;
    clearInterval(this.beater);
    this.beater = undefined;
  }

  /** One write for all the locks this instance holds; skipped while the previous one is still on its way. */
  private async beat(): Promise<void> {
    if (this.beating || this.stopped) return;
    this.beating = true;
    this.beaten = true;
    try {
      await this.instances.updateOne({ _id: this.instance }, { $set: { beat: new Date() } }, { upsert: true });
    } catch {
      // The database is away: so is every caller who would look at it; the next beat tries again.
    } finally {
      this.beating = false;
    }
  }

  /**
   * Gives the lock back. While the database is away the release is tried again in the background
   * (every half second, until the lock would count as stale anyway), so the next caller waits for
   * the database and not for the lock's time-out.
   */
  private async release(key: string, holder: string, until: number): Promise<void> {
    try {
      await this.locks.deleteOne({ _id: key, holder });
    } catch {
      if (Date.now() >= until) return;
      const retry = setTimeout(() => void this.release(key, holder, until), RELEASE_RETRY_MS);
      retry.unref();
    }
  }
}

const RELEASE_RETRY_MS = 500;
