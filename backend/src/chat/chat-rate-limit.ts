import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import Redis from 'ioredis';
import type { Environment } from '../config/environment';

/** Messages each side may send per window. */
export const CHAT_LIMITS = { user: { limit: 10, windowMs: 10_000 }, seller: { limit: 40, windowMs: 10_000 } } as const;

/**
 * Counts chat messages per sender and window: in Redis when REDIS_URL is set (every instance shares
 * the budget), else, or while Redis is away, in this process.
 */
@Injectable()
export class ChatRateLimit implements OnApplicationShutdown {
  private readonly redis?: Redis;
  private readonly prefix: string;
  private readonly local = new Map<string, { count: number; resetAt: number }>();

  constructor(config: ConfigService<Environment, true>) {
    const url = config.get('REDIS_URL', { infer: true });
    this.prefix = `${config.get('REDIS_KEY_PREFIX', { infer: true })}chat-rate:`;
    if (url)
      this.redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: 500, retryStrategy: () => 500 });
    this.redis?.on('error', () => undefined);
  }

  /** Whether `sender` may send one more message now (and counts it). */
  async allow(sender: string, side: keyof typeof CHAT_LIMITS): Promise<boolean> {
    const { limit, windowMs } = CHAT_LIMITS[side];
    const window = Math.floor(Date.now() / windowMs);
    if (this.redis) {
      if (this.redis.status === 'wait') await this.redis.connect().catch(() => undefined);
      if (this.redis.status === 'ready') {
        try {
          const key = `${this.prefix}${sender}:${window}`;
          const [[, count]] = (await this.redis
            .multi()
            .incr(key)
            .pexpire(key, windowMs * 2)
            .exec()) as [[unknown, number], unknown];
          return count <= limit;
        } catch {
          // Redis away: count in this process until it is back.
        }
      }
    }
    const entry = this.local.get(sender);
    if (!entry || entry.resetAt <= Date.now()) {
      this.local.set(sender, { count: 1, resetAt: (window + 1) * windowMs });
      if (this.local.size > 10_000) for (const [key, value] of this.local) if (value.resetAt <= Date.now()) this.local.delete(key);
      return true;
    }
    entry.count += 1;
    return entry.count <= limit;
  }

  onApplicationShutdown() {
    this.redis?.disconnect();
  }
}
