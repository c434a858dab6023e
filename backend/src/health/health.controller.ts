import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { rateLimitStore, SKIP_EVERY_LIMIT } from '../auth/rate-limit.module';
import { DatabaseHealth } from '../database/database-health';
import { Mailer } from '../notifications/mail/mailer';
import { OutboxWorker } from '../notifications/outbox/outbox-worker';
import { startupWorkRunning } from '../common/startup/background-work';

/** Probes for load balancers and orchestrators: never rate-limited (by any of the named limits, see RateLimitModule). */
@ApiTags('health')
@SkipThrottle(SKIP_EVERY_LIMIT)
@Controller('health')
export class HealthController {
  constructor(
    private readonly database: DatabaseHealth,
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
    const database = await this.database.check();
    if (!database) throw new ServiceUnavailableException('Database unavailable');
    const redis = rateLimitStore();
    return {
      success: true,
      status: redis === 'degraded' ? 'degraded' : 'ok',
      uptimeSeconds: Math.round(process.uptime()),
      database,
      redis: { status: redis },
      mail: this.mailState(),
      // One-time checks after the start (some read whole collections, see docs/database.md): the shop is usable meanwhile.
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
