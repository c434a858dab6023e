import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { DRIVER_TIMEOUTS } from './driver-options';

/** Past its own time-outs, a check still open this much longer is stuck, not slow. */
const GRACE_MS = 5_000;
const TICK_MS = 1_000;

interface OpenCheck {
  at: number;
  awaited: boolean;
}

/**
 * The driver's server checks still open, by server address, and whether one has outlived every
 * time-out it has: a check is the driver's hello on its monitoring connection, answered or failed
 * within connectTimeoutMS (plus heartbeatFrequencyMS for an awaited one, which the server holds).
 */
export class OpenChecks {
  private readonly open = new Map<string, OpenCheck>();

  constructor(private readonly limits: { connectTimeoutMS: number; heartbeatFrequencyMS: number; graceMS: number }) {}

  started(address: string, awaited: boolean, now: number): void {
    this.open.set(address, { at: now, awaited });
  }

  ended(address: string): void {
    this.open.delete(address);
  }

  /** The address of a check open past its time-outs, if any. */
  stuck(now: number): string | undefined {
    const { connectTimeoutMS, heartbeatFrequencyMS, graceMS } = this.limits;
    for (const [address, check] of this.open) {
      const limit = connectTimeoutMS + (check.awaited ? heartbeatFrequencyMS : 0) + graceMS;
      if (now - check.at > limit) return address;
    }
    return undefined;
  }

  clear(): void {
    this.open.clear();
  }
}

/**
 * Watches the driver's monitoring of the database server. The MongoDB driver (7.8) can leave a server
 * check open for ever when the database closes the monitoring connection as the check starts (a database
 * restarting or failing mid-answer, under load; seen: the check open, its connection closed and its socket
 * destroyed, no heartbeat event for 30 s; most likely its write waits for a 'drain' a closed socket never
 * emits), and while that check is open the server stays "unknown" and every query fails server selection
 * (503 "database not answering" long after the database is back). Seen in the hardening suite's
 * database-fault test on a busy machine. When a check outlives its time-outs, the client is closed and
 * connected again (its documented reconnect): the queries of that moment fail as they were failing
 * already, the next ones find the server.
 */
@Injectable()
export class MonitorWatchdog implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Database');
  private readonly checks = new OpenChecks({ ...DRIVER_TIMEOUTS, graceMS: GRACE_MS });
  private timer?: NodeJS.Timeout;
  private reconnecting?: Promise<void>;
  private stopped = false;
  /** Reconnections made (for /api/health and the tests). */
  reconnects = 0;

  constructor(@InjectConnection() private readonly connection: Connection) {}

  onModuleInit(): void {
    const client = this.connection.getClient();
    client.on('serverHeartbeatStarted', (event) => this.checks.started(event.connectionId, event.awaited, Date.now()));
    client.on('serverHeartbeatSucceeded', (event) => this.checks.ended(event.connectionId));
    client.on('serverHeartbeatFailed', (event) => this.checks.ended(event.connectionId));
    this.timer = setInterval(() => this.look(), TICK_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    clearInterval(this.timer);
  }

  private look(): void {
    if (this.reconnecting || this.stopped) return;
    const address = this.checks.stuck(Date.now());
    if (!address) return;
    this.logger.warn(`The database driver's check of ${address} is stuck past its time-outs; connecting again`);
    this.reconnecting = this.reconnect().finally(() => (this.reconnecting = undefined));
  }

  private async reconnect(): Promise<void> {
    const client = this.connection.getClient();
    this.checks.clear();
    try {
      await client.close(true);
      if (this.stopped) return;
      await client.connect();
      this.reconnects++;
      this.logger.log('Connected to the database again');
    } catch (error) {
      // The database is away after all: the next query connects the client again (the driver's own auto-connect).
      this.logger.warn(`Could not connect to the database again: ${(error as Error).message}`);
    }
  }
}
