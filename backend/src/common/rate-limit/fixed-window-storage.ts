import type { ThrottlerStorage } from '@nestjs/throttler';

type Record = Awaited<ReturnType<ThrottlerStorage['increment']>>;

interface Window {
  hits: number;
  expiresAt: number;
  blockExpiresAt: number;
}

/** How often windows that ended are dropped. */
const SWEEP_MS = 60_000;

/**
 * Rate-limit counters in this process, counted per fixed window as the Redis storage counts them
 * (@nest-lab/throttler-storage-redis: INCR, then PEXPIRE), in constant time per request. The
 * library's own in-memory storage keeps every hit of the window and filters them on each request,
 * which at thousands of catalogue reads a minute from one address costs more than the answer.
 */
export class FixedWindowStorage implements ThrottlerStorage {
  private readonly windows = new Map<string, Window>();
  private readonly sweeper: NodeJS.Timeout;

  constructor() {
    this.sweeper = setInterval(() => this.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<Record> {
    const now = Date.now();
    const id = `${throttlerName}\0${key}`;
    let window = this.windows.get(id);
    if (!window || (window.expiresAt <= now && window.blockExpiresAt <= now)) {
      window = { hits: 0, expiresAt: now + ttl, blockExpiresAt: 0 };
      this.windows.set(id, window);
    }
    if (window.blockExpiresAt <= now) {
      window.hits++;
      if (window.hits > limit) window.blockExpiresAt = now + blockDuration;
    }
    const blocked = window.blockExpiresAt > now;
    return Promise.resolve({
      totalHits: window.hits,
      timeToExpire: Math.max(0, Math.ceil((window.expiresAt - now) / 1000)),
      isBlocked: blocked,
      timeToBlockExpire: blocked ? Math.ceil((window.blockExpiresAt - now) / 1000) : 0,
    });
  }

  close(): void {
    clearInterval(this.sweeper);
    this.windows.clear();
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, window] of this.windows) if (window.expiresAt <= now && window.blockExpiresAt <= now) this.windows.delete(id);
  }
}
