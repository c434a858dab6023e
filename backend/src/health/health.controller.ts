import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Connection } from 'mongoose';
import { rateLimitStore, SKIP_EVERY_LIMIT } from '../auth/rate-limit.module';
import { DatabaseEngine } from '../database/database-engine';
import { Mailer } from '../notifications/mail/mailer';
import { OutboxWorker } from '../notifications/outbox/outbox-worker';
import { startupWorkRunning } from '../common/startup/background-work';

/** How long the health check waits for the database before saying it is down. */
const PING_TIMEOUT_MS = 1_000;

/** Probes for load balancers and orchestrators: never rate-limited (by any of the named limits, see RateLimitModule). */
@ApiTags('health')
@SkipThrottle(SKIP_EVERY_LIMIT)
@Controller('health')
export class HealthController {
  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly engine: DatabaseEngine,
    private readonly mailer: Mailer,
    private readonly outbox: OutboxWorker,
  ) {}

  /** Liveness: the process answers. Never touches the database, so a database outage does not get the app restarted. */
  @Get('live')
  live() {
    return { success: true, status: 'alive', uptimeSeconds: Math.round(process.uptime()) };
  }

  /** Readiness: this instance can serve (its database answers); 503 while it cannot. Same as /api/health. */
  @Get('ready')
  ready() {
    return this.check();
  }

  /**
   * The database's state within a second (503 while it is away), and Redis's: 'degraded' while the
   * shared counters are away and this instance counts on its own.
   */
  @Get()
  async check() {
    const started = Date.now();
    try {
      await Promise.race([
        this.connection.db!.admin().ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('ping timed out')), PING_TIMEOUT_MS).unref()),
      ]);
    } catch {
      throw new ServiceUnavailableException('Database unavailable');
    }
    const redis = rateLimitStore();
    return {
      success: true,
      status: redis === 'degraded' ? 'degraded' : 'ok',
      uptimeSeconds: Math.round(process.uptime()),
      database: {
        status: 'up',
        name: this.connection.name,
        engine: this.engine.info.name,
        engineVersion: this.engine.info.version,
        latencyMs: Date.now() - started,
      },
      redis: { status: redis },
      mail: this.mailState(),
      // One-time checks after the start (they read whole collections on FerretDB): the shop is usable meanwhile.
      startup: { running: startupWorkRunning() },
    };
  }

  /** Mail off with the reason, or on with what this instance's outbox worker holds (no database read). */
  private mailState() {
    if (this.mailer.problem) return { status: 'off', reason: this.mailer.problem };
    const { waiting, serverDown } = this.outbox.status();
    return { status: serverDown ? 'server-unreachable' : 'on', waiting };
  }
}
