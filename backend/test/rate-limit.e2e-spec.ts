import Redis from 'ioredis';
import type { TestApp } from './support/test-app';
import { twoInstances } from './support/two-instances';

const redisUrl = process.env.TEST_REDIS_URL;

// Runs wherever Redis answers (always in CI, where global setup insists on it).
(redisUrl ? describe : describe.skip)('rate limits shared through Redis by every instance', () => {
  const apps = twoInstances('shared', redisUrl, { LOGIN_THROTTLE_LIMIT: '5' }, { listening: [] });
  const { prefix } = apps;
  let first: TestApp;
  let second: TestApp;
  beforeAll(() => {
    ({ one: first, two: second } = apps);
  });

  it('counts sign-in attempts on two instances against one budget', async () => {
    const attempt = (t: TestApp) => t.http().post('/api/login').send({ email: 'target@example.com', password: 'guessing-1234' });
    for (const t of [first, second, first, second, first]) expect((await attempt(t)).status).toBe(401);
    const blocked = await attempt(second);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ success: false, message: 'Too many attempts, please try again later' });

    const redis = new Redis(redisUrl!);
    expect((await redis.keys(`${prefix}*`)).length).toBeGreaterThan(0);
    redis.disconnect();
  });
});

(redisUrl ? describe : describe.skip)('catalogue reads count in the same shared limit', () => {
  const apps = twoInstances('fast', redisUrl, { THROTTLE_LIMIT: '20', THROTTLE_TTL_MS: '60000' }, { listening: [] });
  let first: TestApp;
  let second: TestApp;
  beforeAll(() => {
    ({ one: first, two: second } = apps);
  });

  it('60 catalogue reads from one address over two instances: about the limit of 20 answered (never the 60 of two separate budgets), then 429 in the error shape', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await (i % 2 ? second : first).http().get('/api/productList');
      statuses.push(res.status);
      if (res.status === 429) expect(res.body).toMatchObject({ success: false, message: expect.any(String) });
    }
    const answered = statuses.filter((s) => s === 200).length;
    // The count is made without waiting for Redis: a request or two may pass while it is on its way.
    expect(answered).toBeGreaterThanOrEqual(20);
    expect(answered).toBeLessThanOrEqual(30);
    expect(statuses.slice(-10).every((s) => s === 429)).toBe(true);
  });
});

describe('the in-process rate-limit counters (no Redis, or while it is away)', () => {
  it('count a fixed window like the Redis storage: the limit passes, the next is blocked until the window ends', async () => {
    const { FixedWindowStorage } = await import('../src/common/rate-limit/fixed-window-storage');
    const storage = new FixedWindowStorage();
    // The window ending is time: a clock moved on here rather than waited for (the storage reads Date.now()).
    let clock = Date.now();
    const now = jest.spyOn(Date, 'now').mockImplementation(() => clock);
    try {
      const hit = () => storage.increment('global:10.0.0.1', 300, 3, 300, 'global');
      for (let i = 1; i <= 3; i++) expect(await hit()).toMatchObject({ totalHits: i, isBlocked: false });
      expect(await hit()).toMatchObject({ totalHits: 4, isBlocked: true, timeToBlockExpire: 1 });
      expect(await hit()).toMatchObject({ isBlocked: true });
      expect(await storage.increment('global:10.0.0.2', 300, 3, 300, 'global')).toMatchObject({ totalHits: 1, isBlocked: false });
      clock += 299;
      expect(await hit()).toMatchObject({ isBlocked: true });
      clock += 1;
      expect(await hit()).toMatchObject({ totalHits: 1, isBlocked: false });
    } finally {
      now.mockRestore();
      storage.close();
    }
  });
});
