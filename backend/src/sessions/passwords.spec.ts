import 'reflect-metadata';
import type { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { validateEnvironment } from '../config/validate-environment';
import { Passwords } from './passwords';

const passwords = (fast: boolean) => new Passwords({ get: () => fast } as unknown as ConfigService<Environment, true>);

describe('Passwords', () => {
  it('hashes with argon2id at the real cost unless FAST_PASSWORD_HASHES, and checks hashes of either cost', async () => {
    const real = passwords(false);
    const fast = passwords(true);
    const strong = await real.hash('correct horse battery staple');
    const cheap = await fast.hash('correct horse battery staple');
    expect(strong).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    // A hash carries its parameters: a shop that changes the setting still signs everyone in.
    await expect(fast.matches(strong, 'correct horse battery staple')).resolves.toBe(true);
    await expect(real.matches(cheap, 'correct horse battery staple')).resolves.toBe(true);
    await expect(real.matches(strong, 'Correct horse battery staple')).resolves.toBe(false);
  });

  it('answers false for no hash (an unknown account) and for a hash that is not one', async () => {
    const fast = passwords(true);
    await expect(fast.matches(undefined, 'no account has this password')).resolves.toBe(false);
    await expect(fast.matches(null, 'anything')).resolves.toBe(false);
    await expect(fast.matches('not-a-hash', 'anything')).resolves.toBe(false);
  });

  it('is refused in production', () => {
    const production = {
      NODE_ENV: 'production',
      MONGODB_URI: 'mongodb://127.0.0.1:27017/shop',
      JWT_SECRET: 'a-production-secret-0123456789abcdef-0123456789',
      SELLER_EMAIL: 'owner@shop.test',
      SELLER_PASSWORD: 'a-long-owner-password',
    };
    expect(() => validateEnvironment({ ...production, FAST_PASSWORD_HASHES: 'true' })).toThrow(/FAST_PASSWORD_HASHES is for tests only/);
    expect(validateEnvironment({ ...production, NODE_ENV: 'test', FAST_PASSWORD_HASHES: 'true' }).FAST_PASSWORD_HASHES).toBe(true);
  });
});
