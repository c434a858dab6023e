import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { DatabaseEngine } from './database-engine';

/** How long the health check waits for the database before saying it is down. */
const PING_TIMEOUT_MS = 1_000;

/** The database as /api/health reports it. */
export interface DatabaseState {
  status: 'up';
  name: string;
  engine: string;
  engineVersion: string;
  latencyMs: number;
}

/** Whether the database answers, and which server it is (for /api/health: the health module needs not know engines). */
@Injectable()
export class DatabaseHealth {
  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly engine: DatabaseEngine,
  ) {}

  /** The database's state, or undefined when it did not answer a ping within PING_TIMEOUT_MS. */
  async check(): Promise<DatabaseState | undefined> {
    const started = Date.now();
    try {
      await Promise.race([
        this.connection.db!.admin().ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('ping timed out')), PING_TIMEOUT_MS).unref()),
      ]);
    } catch {
      return undefined;
    }
    return {
      status: 'up',
      name: this.connection.name,
      engine: this.engine.info.name,
      engineVersion: this.engine.info.version,
      latencyMs: Date.now() - started,
    };
  }
}
