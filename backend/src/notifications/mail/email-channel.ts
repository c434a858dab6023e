import { createHash } from 'node:crypto';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment';
import { UsersService } from '../../users/users.service';
import type { ChannelSender, Delivery } from '../outbox/outbox-job';
import { OutboxWorker } from '../outbox/outbox-worker';
import type { OutboxMessage } from '../outbox/outbox.schema';
import { Mailer, SendFailure } from './mailer';
import { renderMail, STATUS_MAIL_KINDS, type MailContext, type MailKind, type MailKinds } from './templates';

/** The seller's recipient in `OutboxMessage.recipient`; a shopper is `shopper:<user id>`. */
export const SELLER_RECIPIENT = 'seller';
export const shopperRecipient = (userId: string) => `shopper:${userId}`;
/** A staff member's (or invited person's) address, named in the message itself. */
export const staffRecipient = (email: string) => `staff:${email}`;
/** The only mails an address not confirmed yet gets: its confirmation link and password resets. */
const UNVERIFIED_MAIL_KINDS: readonly MailKind[] = ['email-verification', 'password-reset'];

/**
 * Email for the outbox: finds who gets the message now (the shopper's current address and
 * preferences, the seller's notify address), renders its template and hands it to the mail server.
 */
@Injectable()
export class EmailChannel implements ChannelSender, OnModuleInit {
  readonly channel = 'email' as const;
  private readonly context: MailContext;
  private readonly sellerAddress: string;
  private readonly domain: string;

  constructor(
    private readonly mailer: Mailer,
    private readonly users: UsersService,
    private readonly worker: OutboxWorker,
    config: ConfigService<Environment, true>,
  ) {
    const publicUrl = (config.get('PUBLIC_URL', { infer: true }) ?? `http://localhost:${config.get('PORT', { infer: true })}`).replace(/\/+$/, '');
    this.context = {
      shopName: config.get('SHOP_NAME', { infer: true }),
      publicUrl,
      shopEmail: config.get('SHOP_EMAIL', { infer: true }),
      shopPhone: config.get('SHOP_PHONE', { infer: true }),
    };
    this.sellerAddress = config.get('SELLER_NOTIFY_EMAIL', { infer: true }) ?? config.get('SELLER_EMAIL', { infer: true });
    this.domain = new URL(publicUrl).hostname || 'greencart.local';
  }

  get enabled(): boolean {
    return this.mailer.enabled;
  }

  /** The shop's words and links for templates (also for previews in tests). */
  get mailContext(): MailContext {
    return this.context;
  }

  onModuleInit() {
    this.worker.register(this);
  }

  async deliver(message: OutboxMessage): Promise<Delivery> {
    const kind = message.kind as MailKind;
    let to: string;
    let context = this.context;
    if (message.recipient === SELLER_RECIPIENT) {
      to = this.sellerAddress;
    } else if (message.recipient.startsWith('staff:')) {
      to = message.recipient.slice('staff:'.length);
      const name = (message.data as { name?: unknown }).name;
      context = { ...this.context, ...(typeof name === 'string' ? { firstName: name.trim().split(/\s+/)[0] } : {}) };
    } else {
      const userId = message.recipient.replace(/^shopper:/, '');
      const shopper = await this.users.contactOf(userId);
      if (!shopper) return { state: 'skipped', reason: 'The shopper’s account no longer exists' };
      if (!shopper.emailVerified && !UNVERIFIED_MAIL_KINDS.includes(kind))
        return { state: 'skipped', reason: 'The shopper has not confirmed this address yet', address: shopper.email };
      if (STATUS_MAIL_KINDS.includes(kind) && !shopper.orderProgressEmails)
        return { state: 'skipped', reason: 'The shopper turned order progress mails off', address: shopper.email };
      to = shopper.email;
      context = { ...this.context, firstName: shopper.firstName };
    }
    let rendered;
    try {
      rendered = renderMail(kind, message.data as unknown as MailKinds[MailKind], context);
    } catch (error) {
      throw new SendFailure('permanent', `The mail could not be written: ${(error as Error).message}`);
    }
    try {
      await this.mailer.send({
        to,
        ...rendered,
        messageId: `<${createHash('sha256').update(message._id).digest('hex').slice(0, 32)}@${this.domain}>`,
        outboxId: message._id,
      });
    } catch (error) {
      if (error instanceof SendFailure) Object.assign(error, { address: to, subject: rendered.subject });
      throw error;
    }
    return { state: 'sent', address: to, subject: rendered.subject };
  }
}
