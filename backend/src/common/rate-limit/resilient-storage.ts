import { Logger } from '@nestjs/common';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import type { ThrottlerStorage } from '@nestjs/throttler';
import Redis from 'ioredis';
import { FixedWindowStorage } from './fixed-window-storage';

type Record = Awaited<ReturnType<ThrottlerStorage['increment']>>;

export type RedisState = 'up' | 'degraded';

/**
 * Rate-limit counters in Redis, shared by every instance; while Redis is away they fall back to
 * this process's own counters within a command time-out (logged once), and go back to Redis as
 * soon as it answers again. A Redis outage never turns requests into errors or long waits.
 */
export class ResilientThrottlerStorage implements ThrottlerStorage {
  private readonly logger = new Logger('RateLimits');
  private readonly local = new FixedWindowStorage();
  private readonly shared: ThrottlerStorageRedisService;
  private readonly client: Redis;
  private down = false;

  constructor(url: string, keyPrefix: string) {
    this.client = new Redis(url, {
      keyPrefix,
      // Fail at once while disconnected (no queue), and quickly while Redis hangs.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      // A second: a busy two-core machine answers late, and a late answer counted apart lets a guess through.
      commandTimeout: 1_000,
      connectTimeout: 1_000,
      retryStrategy: () => 500,
    });
    this.client.on('error', () => this.markDown());
    this.client.on('ready', () => {
      if (this.down) this.logger.log('Redis is back: rate limits are shared again');
      this.down = false;
    });
    this.shared = new ThrottlerStorageRedisService(this.client);
  }

  get state(): RedisState {
    return this.down || this.client.status !== 'ready' ? 'degraded' : 'up';
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<Record> {
    // Right after start-up Redis is still connecting: wait a moment rather than count apart.
    if (this.client.status !== 'ready' && !this.down) await this.readyWithin(500);
    if (this.client.status === 'ready') {
      try {
        return await this.shared.increment(key, ttl, limit, blockDuration, throttlerName);
      } catch {
        this.markDown();
      }
    }
    return this.local.increment(key, ttl, limit, blockDuration, throttlerName);
  }

  close(): void {
    this.local.close();
    this.client.disconnect();
  }

  private readyWithin(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => (clearTimeout(timer), this.client.off('ready', done), resolve());
      const timer = setTimeout(done, ms);
      this.client.once('ready', done);
    });
  }

  private markDown() {
    if (!this.down) this.logger.warn('Redis is not answering: rate limits use this instance’s own counters until it is back');
    this.down = true;
  }
}
