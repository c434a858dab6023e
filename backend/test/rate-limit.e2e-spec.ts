import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { AUTH_ENV } from './support/actors';
import { createTestApp, type TestApp } from './support/test-app';

const redisUrl = process.env.TEST_REDIS_URL;

// Runs wherever Redis answers (always in CI, where global setup insists on it).
(redisUrl ? describe : describe.skip)('rate limits shared through Redis by every instance', () => {
  const prefix = `test:shared-${randomBytes(4).toString('hex')}:`;
  const settings = { ...AUTH_ENV, REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: prefix, LOGIN_THROTTLE_LIMIT: '5' };
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp(settings);
    second = await createTestApp(settings);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
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
