import { createHash } from 'node:crypto';
import { BadRequestException, HttpException, HttpStatus, Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { JwtService } from '@nestjs/jwt';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { DomainEvents } from '../common/events/domain-events';
import { isDuplicateKeyError } from '../common/mongo-errors';
import type { Environment } from '../config/environment';
import { TOKEN_ISSUER } from '../sessions/session';
import { UsersService, type UserData } from '../users/users.service';
import { EMAIL_VERIFICATION_REQUESTED, type EmailVerificationRequestedEvent } from './auth.events';
import { UsedResetLink } from './schemas/used-reset-link.schema';

/** A verification link works for this long. */
export const VERIFY_LINK_HOURS = 24;
/** At most one verification mail per account in this time: "Resend" sooner is a 429. */
export const VERIFY_MAIL_EVERY_MS = 2 * 60_000;
const AUDIENCE = 'greencart:email-verification';
const BAD_LINK = 'This confirmation link is not valid. Sign in and choose “Resend” to get a new one';
const USED_LINK = 'This confirmation link was used already';
const EXPIRED_LINK = `This confirmation link has expired (links work for ${VERIFY_LINK_HOURS} hours). Sign in and choose “Resend” to get a new one`;
const TOO_SOON = 'We sent you a confirmation link less than 2 minutes ago: please check your inbox (and spam folder) first';

interface VerifyClaims {
  sub: string;
  jti: string;
  /** Fingerprint of the address the link was mailed to. */
  eml: string;
}

/**
 * A shopper's address is verified by a link mailed through the outbox (JWT with its own audience, 24
 * hours, bound to that address, used once by a unique insert of its id, as the password reset's). Until
 * then the shop mails them nothing but this link and password resets (see EmailChannel). One mail per
 * account per VERIFY_MAIL_EVERY_MS, claimed in the account itself (so every instance agrees).
 */
@Injectable()
export class EmailVerificationService {
  private readonly logger = new Logger('EmailVerification');
  private readonly publicUrl: string;

  constructor(
    private readonly users: UsersService,
    private readonly jwt: JwtService,
    private readonly events: DomainEvents,
    @InjectModel(UsedResetLink.name) private readonly used: Model<UsedResetLink>,
    config: ConfigService<Environment, true>,
  ) {
    this.publicUrl = (config.get('PUBLIC_URL', { infer: true }) ?? `http://localhost:${config.get('PORT', { infer: true })}`).replace(/\/+$/, '');
  }

  /**
   * Mails a link to an account whose address is not verified yet: true when one is queued, false when the
   * address is verified already; 429 when a link was mailed less than VERIFY_MAIL_EVERY_MS ago.
   */
  async send(user: UserData): Promise<boolean> {
    if (user.emailVerified !== false) return false;
    const sentAt = await this.users.claimVerificationMail(user._id, VERIFY_MAIL_EVERY_MS);
    if (sentAt === 'verified') return false;
    if (!sentAt) throw new HttpException(TOO_SOON, HttpStatus.TOO_MANY_REQUESTS);
    const key = `${user._id}:${sentAt.getTime()}`;
    const token = await this.tokenFor(user, key);
    const expiresAt = new Date(sentAt.getTime() + VERIFY_LINK_HOURS * 3_600_000).toISOString();
    const link = `${this.publicUrl}/verify-email#token=${token}`;
    await this.events.publish(EMAIL_VERIFICATION_REQUESTED, { userId: user._id, link, expiresAt, key } satisfies EmailVerificationRequestedEvent);
    return true;
  }

  /** After sign-up: the answer does not wait for the mail to be queued. */
  sendInBackground(user: UserData): void {
    void this.send(user).catch((error: Error) => this.logger.warn(`Verification mail for ${user._id} could not be queued: ${error.message}`));
  }

  /** Verifies the address a valid link was mailed to, once (400 with the reason otherwise). */
  async verify(token: string): Promise<UserData> {
    let claims: VerifyClaims;
    try {
      claims = await this.jwt.verifyAsync<VerifyClaims>(token, { audience: AUDIENCE, issuer: TOKEN_ISSUER });
    } catch (error) {
      throw new BadRequestException((error as Error).name === 'TokenExpiredError' ? EXPIRED_LINK : BAD_LINK);
    }
    if (typeof claims.sub !== 'string' || typeof claims.jti !== 'string' || typeof claims.eml !== 'string') throw new BadRequestException(BAD_LINK);
    const user = await this.users.findById(claims.sub);
    if (!user || fingerprint(user.email) !== claims.eml) throw new BadRequestException(BAD_LINK);
    try {
      await this.used.create({ _id: `verify:${claims.jti}`, at: new Date() });
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new BadRequestException(USED_LINK);
      throw error;
    }
    if (!(await this.users.markEmailVerified(user._id, user.email))) throw new BadRequestException(BAD_LINK);
    const { emailVerified: _unverified, ...verified } = user;
    return verified;
  }

  /** The signed token of a link for `user`'s current address; `key` makes each mailed link distinct. */
  private tokenFor(user: UserData, key: string): Promise<string> {
    const jti = createHash('sha256').update(`verify:${key}:${user.email}`).digest('base64url').slice(0, 22);
    const claims: VerifyClaims = { sub: user._id, jti, eml: fingerprint(user.email) };
    return this.jwt.signAsync(claims, { audience: AUDIENCE, issuer: TOKEN_ISSUER, expiresIn: `${VERIFY_LINK_HOURS}h` });
  }
}

function fingerprint(email: string): string {
  return createHash('sha256').update(email).digest('base64url').slice(0, 16);
}
