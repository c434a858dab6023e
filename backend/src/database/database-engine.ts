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
 * Which server the app talks to, asked once at start-up (FerretDB says so in `buildInfo`), for the
 * log and /api/health (DatabaseHealth). The code takes the same path on every engine: what the engines
 * do differently is met in database/ and common/locks, listed in docs/database.md.
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
}
