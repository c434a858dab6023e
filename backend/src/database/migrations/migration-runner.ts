import { randomBytes } from 'node:crypto';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { isDuplicateKeyError } from '../../common/mongo-errors';
import { startupWork } from '../../common/startup/background-work';
import { pause } from '../../common/time/pause';

/** A change to stored data made once per database, at start-up. */
export interface Migration {
  /** Names it for good: recorded in the `migrations` collection once it has run. */
  id: string;
  /** Must be safe to run again (a run stopped half-way is run again from the start). */
  run(): Promise<void>;
}

/** The record of a migration: running (a claim, kept fresh by its runner) or done. */
interface MigrationRecord {
  _id: string;
  state: 'running' | 'done';
  holder: string;
  startedAt: Date;
  /** Last sign of life of a running migration's runner. */
  aliveAt: Date;
  doneAt?: Date;
}

export const MIGRATIONS_COLLECTION = 'migrations';

/** A running migration's runner writes `aliveAt` this often; a claim this much older was left by a stopped process. */
const ALIVE_EVERY_MS = 5_000;
const CLAIM_STALE_MS = 30_000;
const WAIT_STEP_MS = 200;

/**
 * Runs the start-up data migrations, each once per database, in the order they were registered
 * (features register theirs in onModuleInit; all run before any feature's onApplicationBootstrap that
 * depends on this module). Two instances starting at once meet at the record's unique `_id`: one runs
 * the migration, the other waits until it is recorded done (or its claim goes stale and is taken over).
 * Only single-document inserts, reads and deletes: no transactions, the same on every database the shop runs on (docs/database.md).
 */
@Injectable()
export class MigrationRunner implements OnApplicationBootstrap {
  private readonly logger = new Logger(MigrationRunner.name);
  private readonly registered: Migration[] = [];

  constructor(@InjectConnection() private readonly connection: Connection) {}

  register(migration: Migration): void {
    if (this.registered.some((known) => known.id === migration.id)) throw new Error(`Migration ${migration.id} registered twice`);
    this.registered.push(migration);
  }

  async onApplicationBootstrap(): Promise<void> {
    for (const migration of this.registered) await this.run(migration);
  }

  /** Runs `migration` unless it is recorded done; resolves once it is (here or by another instance). */
  async run(migration: Migration): Promise<void> {
    await startupWork(`migration ${migration.id}`, this.runOnce(migration));
  }

  private async runOnce(migration: Migration): Promise<void> {
    const records = this.connection.collection<MigrationRecord>(MIGRATIONS_COLLECTION);
    const holder = randomBytes(12).toString('hex');
    for (;;) {
      const now = new Date();
      try {
        await records.insertOne({ _id: migration.id, state: 'running', holder, startedAt: now, aliveAt: now });
        break;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      const record = await records.findOne({ _id: migration.id });
      if (record?.state === 'done') return;
      // A claim whose runner stopped: removed (only if still that stale claim), then claimed again by insert.
      if (record && record.aliveAt.getTime() < Date.now() - CLAIM_STALE_MS) {
        await records.deleteOne({ _id: migration.id, state: 'running', holder: record.holder, aliveAt: record.aliveAt });
        continue;
      }
      await pause(WAIT_STEP_MS);
    }
    const alive = setInterval(
      () => void records.updateOne({ _id: migration.id, holder }, { $set: { aliveAt: new Date() } }).catch(() => undefined),
      ALIVE_EVERY_MS,
    );
    alive.unref();
    const started = Date.now();
    try {
      await migration.run();
    } catch (error) {
      clearInterval(alive);
      // Not recorded: the next start-up (or the instance waiting now) runs it again.
      await records.deleteOne({ _id: migration.id, holder }).catch(() => undefined);
      throw error;
    }
    clearInterval(alive);
    await records.updateOne({ _id: migration.id, holder }, { $set: { state: 'done', doneAt: new Date() } });
    this.logger.log(`Migration ${migration.id} done in ${Date.now() - started} ms`);
  }
}
