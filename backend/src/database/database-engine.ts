import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';

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
export class DatabaseEngine implements OnModuleInit {
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
}
