import { Injectable } from '@nestjs/common';
import { OnDomainEvent } from '../common/events/domain-events';
import { EMAIL_VERIFICATION_REQUESTED, type EmailVerificationRequestedEvent } from '../auth/auth.events';
import { STAFF_INVITED, type StaffInvitedEvent } from '../sessions/staff/staff.events';
import { shopperRecipient, staffRecipient } from './mail/email-channel';
import { Mailer } from './mail/mailer';
import { OutboxService } from './outbox/outbox.service';

/**
 * The link that verifies a shopper's address, queued in the outbox when asked for (after sign-up, or
 * "Resend"). Its `_id` derives from the account's claim of the mail, so it is queued once. One of the two
 * mails an unverified address gets (see EmailChannel). Nothing with mail off.
 */
@Injectable()
export class VerificationListener {
  constructor(
    private readonly outbox: OutboxService,
    private readonly mailer: Mailer,
  ) {}

  @OnDomainEvent(EMAIL_VERIFICATION_REQUESTED)
  async requested({ userId, link, expiresAt, key }: EmailVerificationRequestedEvent): Promise<void> {
    if (!this.mailer.enabled) return;
    await this.outbox.enqueue([
      { _id: `email:email-verification:${key}`, channel: 'email', kind: 'email-verification', recipient: shopperRecipient(userId), data: { link, expiresAt } },
    ]);
  }

  /** The invitation to the seller area (or a reset of someone's sign-in): queued once per link. */
  @OnDomainEvent(STAFF_INVITED)
  async staffInvited({ email, name, link, expiresAt, key }: StaffInvitedEvent): Promise<void> {
    if (!this.mailer.enabled) return;
    await this.outbox.enqueue([
      { _id: `email:staff-invitation:${key}`, channel: 'email', kind: 'staff-invitation', recipient: staffRecipient(email), data: { link, expiresAt, name } },
    ]);
  }
}
