import { randomBytes } from 'node:crypto';
import { ConflictException, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { DatabaseEngine } from '../../database/database-engine';
import { isDuplicateKeyError } from '../mongo-errors';
import { Lock } from './lock.schema';

export interface LockOptions {
  /** The 409 message when the lock stays taken longer than `waitMs`. */
  busyMessage: string;
  waitMs?: number;
  /** Longer than the work ever takes; a lock this old was left by a request that died. */
  staleMs?: number;
  /**
   * Hold a lock document on every engine, for work that is several writes no single compare-and-set can
   * guard (the activity log's numbering and pages); only for work that comes a few times a second at most.
   */
  always?: boolean;
}

/** The lock stayed taken longer than the caller would wait: 409 with its message, worth trying again. */
export class LockBusy extends ConflictException {}

/**
 * One change at a time per key, across every instance. Every caller's write is also a conditional
 * single-document update (compare-and-set on what it read), which MongoDB applies atomically: there
 * that is the guard and no lock document is written. FerretDB v1 lets several conditional updates of
 * one document win, so there the work runs while holding a lock document.
 */
@Injectable()
export class LocksService {
  constructor(
    @InjectModel(Lock.name) private readonly locks: Model<Lock>,
    private readonly engine: DatabaseEngine,
  ) {}

  /** Whether this instance writes lock documents (decided by the engine at start-up). */
  get usesLockDocuments(): boolean {
    return this.engine.needsLockDocuments;
  }

  /**
   * The filter of a compare-and-set write made inside `run`: `condition` is the guard where no lock
   * document is written (MongoDB applies the conditional update atomically); under a lock document the
   * lock is the guard and the filter names `_id` alone, the only filter FerretDB v1 over SQLite answers
   * from its index (any other field makes it read the whole collection).
   */
  guarded<F extends { _id: unknown }>(filter: F): F | { _id: F['_id'] } {
    return this.usesLockDocuments ? { _id: filter._id } : filter;
  }

  async run<T>(key: string, options: LockOptions, work: () => Promise<T>): Promise<T> {
    if (!this.usesLockDocuments && !options.always) return work();
    const { busyMessage, waitMs = 5_000, staleMs = 30_000 } = options;
    const holder = randomBytes(12).toString('hex');
    const deadline = Date.now() + waitMs;
    for (;;) {
      try {
        await this.locks.create({ _id: key, holder, at: new Date() });
        break;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      await this.locks.deleteOne({ _id: key, at: { $lt: new Date(Date.now() - staleMs) } });
      if (Date.now() > deadline) throw new LockBusy(busyMessage);
      await sleep(15 + Math.random() * 30);
    }
    try {
      return await work();
    } finally {
      await this.release(key, holder, Date.now() + staleMs);
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
