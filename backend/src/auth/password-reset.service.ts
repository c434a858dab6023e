import { createHash } from 'node:crypto';
import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { JwtService } from '@nestjs/jwt';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { DomainEvents } from '../common/events/domain-events';
import { isDuplicateKeyError } from '../common/mongo-errors';
import type { Environment } from '../config/environment';
import { TOKEN_ISSUER } from '../sessions/session';
import { Passwords } from '../sessions/passwords';
import { SessionService } from '../sessions/session.service';
import { UsersService, type UserData } from '../users/users.service';
import { PASSWORD_RESET_REQUESTED, type PasswordResetRequestedEvent } from './auth.events';
import { UsedResetLink } from './schemas/used-reset-link.schema';

/** A reset link works for this long. */
export const RESET_LINK_MINUTES = 30;
/** One reset mail per account per window: asking again within it does not send another mail. */
export const RESET_MAIL_WINDOW_MS = 2 * 60_000;
const AUDIENCE = 'greencart:password-reset';
const BAD_LINK = 'This reset link is not valid. Ask for a new one from the sign-in window (“Forgot password?”)';
const USED_LINK = 'This reset link was used already. Ask for a new one from the sign-in window (“Forgot password?”)';
const EXPIRED_LINK = 'This reset link has expired (links work for 30 minutes). Ask for a new one from the sign-in window (“Forgot password?”)';

interface ResetClaims {
  sub: string;
  jti: string;
  /** Fingerprint of the password hash the link was made for: any change of password retires the link. */
  pwd: string;
}

/**
 * "Forgot password": a signed link (JWT with its own audience, 30 minutes) mailed through the outbox,
 * bound to the account's current password and used once (a unique insert of its id). Setting the new
 * password ends every other session of the account.
 */
@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger('PasswordReset');
  private readonly publicUrl: string;

  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionService,
    private readonly passwords: Passwords,
    private readonly jwt: JwtService,
    private readonly events: DomainEvents,
    @InjectModel(UsedResetLink.name) private readonly used: Model<UsedResetLink>,
    config: ConfigService<Environment, true>,
  ) {
    this.publicUrl = (config.get('PUBLIC_URL', { infer: true }) ?? `http://localhost:${config.get('PORT', { infer: true })}`).replace(/\/+$/, '');
  }

  /** Mails a link when the account exists; says nothing either way (the caller answers the same). */
  async request(email: string): Promise<void> {
    const user = await this.users.findForPasswordReset(email);
    if (!user) return;
    const window = Math.floor(Date.now() / RESET_MAIL_WINDOW_MS);
    // Derived from the window, so a second request within it makes the same link the mail (sent once) carries.
    const jti = createHash('sha256')
      .update(`${user._id}:${window}:${fingerprint(user.passwordHash)}`)
      .digest('base64url')
      .slice(0, 22);
    const claims: ResetClaims = { sub: user._id, jti, pwd: fingerprint(user.passwordHash) };
    const token = await this.jwt.signAsync(claims, { audience: AUDIENCE, issuer: TOKEN_ISSUER, expiresIn: `${RESET_LINK_MINUTES}m` });
    const expiresAt = new Date(Date.now() + RESET_LINK_MINUTES * 60_000).toISOString();
    const link = `${this.publicUrl}/reset-password#token=${token}`;
    await this.events.publish(PASSWORD_RESET_REQUESTED, { userId: user._id, link, expiresAt, window } satisfies PasswordResetRequestedEvent);
  }

  /** Answers at once and does the work afterwards, so an account that exists takes no longer to answer than one that does not. */
  requestInBackground(email: string): void {
    void this.request(email).catch((error: Error) => this.logger.warn(`Password reset for a request could not be queued: ${error.message}`));
  }

  /** The account a link is for, while it is valid (400 with the reason otherwise). */
  async check(token: string): Promise<UserData> {
    const { user } = await this.verify(token);
    return user;
  }

  /** Sets the new password with a valid link (once), then ends every session of the account. */
  async reset(token: string, password: string): Promise<UserData> {
    const { user, claims, passwordHash } = await this.verify(token);
    try {
      await this.used.create({ _id: claims.jti, at: new Date() });
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new BadRequestException(USED_LINK);
      throw error;
    }
    const newHash = await this.passwords.hash(password);
    if (!(await this.users.replacePassword(user._id, passwordHash, newHash))) throw new BadRequestException(USED_LINK);
    await this.sessions.endAllShopperSessions(user._id);
    return user;
  }

  private async verify(token: string): Promise<{ user: UserData; claims: ResetClaims; passwordHash?: string }> {
    let claims: ResetClaims;
    try {
      claims = await this.jwt.verifyAsync<ResetClaims>(token, { audience: AUDIENCE, issuer: TOKEN_ISSUER });
    } catch (error) {
      throw new BadRequestException((error as Error).name === 'TokenExpiredError' ? EXPIRED_LINK : BAD_LINK);
    }
    if (typeof claims.sub !== 'string' || typeof claims.jti !== 'string' || typeof claims.pwd !== 'string') throw new BadRequestException(BAD_LINK);
    const account = await this.users.passwordHashOf(claims.sub);
    if (!account) throw new BadRequestException(BAD_LINK);
    if (fingerprint(account.passwordHash) !== claims.pwd || (await this.used.exists({ _id: claims.jti }))) throw new BadRequestException(USED_LINK);
    return { user: account.user, claims, passwordHash: account.passwordHash };
  }
}

function fingerprint(passwordHash: string | undefined): string {
  return createHash('sha256')
    .update(passwordHash ?? 'no password')
    .digest('base64url')
    .slice(0, 16);
}
