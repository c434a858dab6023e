import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import * as argon2 from 'argon2';
import type { Environment } from '../config/environment';

/**
 * What FAST_PASSWORD_HASHES (tests only, refused in production) hashes with: argon2id at its smallest
 * cost. The suites sign up and sign in thousands of times, and at the real cost that was a third of their time.
 */
const TEST_COST = { memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

/**
 * Passwords of shoppers and staff: argon2id with node-argon2's defaults (64 MiB, 3 passes, 4 lanes), as
 * OWASP recommends at least. A hash carries its own parameters, so a check works whatever cost made it.
 */
@Injectable()
export class Passwords {
  private readonly cost: Partial<typeof TEST_COST>;
  /** Checked against when there is no account, so both failures take the same time. */
  private dummy?: Promise<string>;

  constructor(config: ConfigService<Environment, true>) {
    this.cost = config.get('FAST_PASSWORD_HASHES', { infer: true }) ? TEST_COST : {};
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id, ...this.cost });
  }

  /** Whether `password` is the one `hash` was made of; false without a hash (an unknown account), after as long a check. */
  async matches(hash: string | null | undefined, password: string): Promise<boolean> {
    const against = hash || (await (this.dummy ??= this.hash('no account has this password')));
    const matches = await argon2.verify(against, password).catch(() => false);
    return !!hash && matches;
  }
}
