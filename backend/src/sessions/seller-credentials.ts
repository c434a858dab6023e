import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable, UnauthorizedException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { JwtService } from '@nestjs/jwt';
import { SELLER_AUDIENCE, SESSION_EXPIRES_IN, TOKEN_ISSUER, type SellerTokenPayload } from './session';
import type { Environment } from '../config/environment';

/** Equal-length digests, so comparing never reveals where two strings differ or how long they are. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The one seller account, whose credentials come from the environment (SELLER_EMAIL / SELLER_PASSWORD). */
@Injectable()
export class SellerCredentials {
  constructor(
    private readonly config: ConfigService<Environment, true>,
    private readonly jwt: JwtService,
  ) {}

  private get email(): string {
    return this.config.get('SELLER_EMAIL', { infer: true }).trim().toLowerCase();
  }

  /** Changes whenever the seller password does, so old seller cookies stop working. */
  private get passwordFingerprint(): string {
    return createHmac('sha256', this.config.get('JWT_SECRET', { infer: true }))
      .update(`seller:${this.config.get('SELLER_PASSWORD', { infer: true })}`)
      .digest('base64url')
      .slice(0, 22);
  }

  /** Whether `email` (lower-cased) is the owner's: the owner signs in with these credentials, anyone else as staff. */
  isOwnerEmail(email: string): boolean {
    return sameSecret(email, this.email);
  }

  /** A signed seller token for these credentials; 401 otherwise. `email` arrives lower-cased. */
  async login(email: string, password: string): Promise<string> {
    const emailOk = sameSecret(email, this.email);
    const passwordOk = sameSecret(password, this.config.get('SELLER_PASSWORD', { infer: true }));
    if (!(emailOk && passwordOk)) throw new UnauthorizedException('Invalid email or password');
    const payload: SellerTokenPayload = {
      sub: this.email,
      role: 'seller',
      pwd: this.passwordFingerprint,
      sid: randomBytes(16).toString('base64url'),
      at: Date.now(),
    };
    return this.jwt.signAsync(payload, { audience: SELLER_AUDIENCE, issuer: TOKEN_ISSUER, expiresIn: SESSION_EXPIRES_IN });
  }

  /** Whether a verified seller token still matches the current seller credentials. */
  isCurrent(payload: SellerTokenPayload): boolean {
    return (
      payload?.role === 'seller' &&
      typeof payload.sub === 'string' &&
      typeof payload.pwd === 'string' &&
      sameSecret(payload.sub, this.email) &&
      sameSecret(payload.pwd, this.passwordFingerprint)
    );
  }
}
