/** Domain events of accounts, published through DomainEvents after the change they describe. */

/** A shopper asked for a password-reset link; the link is mailed by a listener (notifications). */
export const PASSWORD_RESET_REQUESTED = 'auth.password-reset-requested';

export interface PasswordResetRequestedEvent {
  userId: string;
  /** The signed, single-use link (see PasswordResetService). */
  link: string;
  /** When the link stops working (ISO time). */
  expiresAt: string;
  /** One reset mail per account per window: the message id derives from it (a second request within it reuses the first mail's link). */
  window: number;
}

/** A shopper's address is to be verified (after sign-up, or "Resend"); the link is mailed by a listener (notifications). */
export const EMAIL_VERIFICATION_REQUESTED = 'auth.email-verification-requested';

export interface EmailVerificationRequestedEvent {
  userId: string;
  /** The signed, single-use link (see EmailVerificationService). */
  link: string;
  expiresAt: string;
  /** The account's claim of this mail (`<user id>:<time>`): the message id derives from it, so it is queued once. */
  key: string;
}

declare module '../common/events/domain-events' {
  interface DomainEventMap {
    [PASSWORD_RESET_REQUESTED]: PasswordResetRequestedEvent;
    [EMAIL_VERIFICATION_REQUESTED]: EmailVerificationRequestedEvent;
  }
}
