import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import type { LockEngine } from '../common/locks/lock-engine';

export type EngineName = 'mongodb' | 'ferretdb';

export interface EngineInfo {
  name: EngineName;
  /** The server's own version (FerretDB's, not the MongoDB version it emulates). */
  version: string;
}

/**
 * Which server the app talks to, asked once at start-up (FerretDB says so in `buildInfo`).
 * The one place where engine differences are decided: other code asks what it needs
 * (e.g. `needsLockDocuments`), never "is this FerretDB".
 */
@Injectable()
export class DatabaseEngine implements OnModuleInit, LockEngine {
  private readonly logger = new Logger(DatabaseEngine.name);
  private detected: EngineInfo = { name: 'mongodb', version: 'unknown' };

  constructor(@InjectConnection() private readonly connection: Connection) {}

  async onModuleInit(): Promise<void> {
    await this.connection.asPromise();
    const info = (await this.connection.db!.admin().command({ buildInfo: 1 })) as { version?: string; ferretdbVersion?: string };
    const ferret = info.ferretdbVersion;
    this.detected = ferret ? { name: 'ferretdb', version: String(ferret) } : { name: 'mongodb', version: String(info.version ?? 'unknown') };
    this.logger.log(`Database engine: ${this.detected.name} ${this.detected.version}`);
  }

  get info(): EngineInfo {
    return this.detected;
  }

  /**
   * FerretDB v1 does not apply concurrent updates of one document atomically (several conditional
   * updates can all "win"), so a change of one key at a time needs a lock document there. MongoDB
   * applies each single-document update atomically: the conditional update of the write is the guard.
   */
  get needsLockDocuments(): boolean {
    return this.detected.name === 'ferretdb';
  }

  /**
   * Whether a range of `_id`s (`{ _id: { $gte, $lte } }`) is answered from the `_id` index. MongoDB
   * does; FerretDB v1 over SQLite pushes down `_id` equality alone and reads the whole collection for
   * anything else, so there a range is read one `_id` at a time.
   */
  get readsIdRangesFromIndex(): boolean {
    return this.detected.name === 'mongodb';
  }

  /**
   * Statements the shop puts in one bulk update command. FerretDB v1.24 as released keeps one of its
   * 100 SQLite connections per statement of an update command until the command ends, plus one to
   * write: a few bulk writes of 50 at once took them all and hung the database for every client, for
   * ever. The embedded build is patched (backend/ferretdb-patches/0002); on any FerretDB the shop
   * also keeps its commands this small. MongoDB takes a bulk write whole.
   */
  get updatesPerCommand(): number {
    return this.detected.name === 'ferretdb' ? FERRETDB_UPDATES_PER_COMMAND : Infinity;
  }
}

/** See DatabaseEngine.updatesPerCommand: an unpatched FerretDB holds at most 16 + 1 connections for such a command. */
export const FERRETDB_UPDATES_PER_COMMAND = 16;

/** `write` for each run of at most `size` of `ops`, one after another (see DatabaseEngine.updatesPerCommand). */
export async function inCommands<T>(ops: T[], size: number, write: (run: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < ops.length; start += size) await write(ops.slice(start, start + size));
}
