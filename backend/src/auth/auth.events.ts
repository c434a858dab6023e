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

declare module '../common/events/domain-events' {
  interface DomainEventMap {
    [PASSWORD_RESET_REQUESTED]: PasswordResetRequestedEvent;
  }
}
