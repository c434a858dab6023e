import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { createTransport, type Transporter } from 'nodemailer';
import { mailProblem, type Environment } from '../../config/environment';

/** What one mail says, rendered (see templates.ts). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The same for every attempt at one message, so a mail client shows one mail should two ever arrive. */
  messageId: string;
  /** Our message `_id`, as a header (`X-GreenCart-Message`) for support and for tests. */
  outboxId: string;
}

/**
 * Why a send failed, in the terms the outbox acts on: `transport` (the mail server cannot be reached
 * or refuses us: everything waits and it is tried again), `temporary` (this message was refused for
 * now, 4xx: tried again later), `permanent` (this message was refused, 5xx, e.g. no such mailbox:
 * given up at once, the seller sees why).
 */
export class SendFailure extends Error {
  /** Where it was to go and what it said, when known (for the seller's list of failed messages). */
  address?: string;
  subject?: string;

  constructor(
    readonly kind: 'transport' | 'temporary' | 'permanent',
    message: string,
  ) {
    super(message);
  }
}

/** Parallel SMTP connections of one instance (a pool, kept open between mails). */
export const SMTP_CONNECTIONS = 5;

/**
 * The SMTP connection (nodemailer, pooled) to SMTP_URL. Without SMTP_URL mail is off: `problem` says
 * why, start-up logs it once and /api/health shows it.
 */
@Injectable()
export class Mailer implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  readonly problem: string | null;
  readonly from: string;
  private readonly transport?: Transporter;
  private readonly server?: string;

  constructor(config: ConfigService<Environment, true>) {
    const url = config.get('SMTP_URL', { infer: true });
    this.problem = mailProblem({ SMTP_URL: url });
    this.from = config.get('MAIL_FROM', { infer: true }) ?? `${config.get('SHOP_NAME', { infer: true })} <${config.get('SHOP_EMAIL', { infer: true })}>`;
    if (!url) return;
    const parsed = new URL(url);
    this.server = `${parsed.protocol}//${parsed.hostname}:${parsed.port || (parsed.protocol === 'smtps:' ? 465 : 587)}`;
    this.transport = createTransport({
      url,
      pool: true,
      maxConnections: SMTP_CONNECTIONS,
      maxMessages: Infinity,
      // A server that does not answer is noticed within seconds; the outbox waits and tries again.
      connectionTimeout: 5_000,
      greetingTimeout: 5_000,
      socketTimeout: 20_000,
    });
  }

  get enabled(): boolean {
    return this.transport !== undefined;
  }

  onModuleInit() {
    if (this.problem) this.logger.warn(this.problem);
    else this.logger.log(`Mail goes through ${this.server} from ${this.from}`);
  }

  onApplicationShutdown() {
    this.transport?.close();
  }

  async send(mail: Mail): Promise<void> {
    if (!this.transport) throw new SendFailure('permanent', this.problem ?? 'Mail is off');
    try {
      await this.transport.sendMail({
        from: this.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        headers: { 'X-GreenCart-Message': mail.outboxId },
      });
    } catch (error) {
      throw classify(error);
    }
  }
}

function classify(error: unknown): SendFailure {
  const { code, responseCode, response, message } = error as { code?: string; responseCode?: number; response?: string; message?: string };
  const text = (response ?? message ?? String(error)).slice(0, 300);
  // The server's answer to this message's recipient or content; anything else is about the connection.
  if (code === 'EENVELOPE' && typeof responseCode !== 'number') return new SendFailure('permanent', `Not a mail address the shop can send to: ${text}`);
  if ((code === 'EENVELOPE' || code === 'EMESSAGE') && typeof responseCode === 'number') {
    if (responseCode >= 500) return new SendFailure('permanent', `The mail server refused it: ${text}`);
    if (responseCode >= 400 && responseCode !== 421) return new SendFailure('temporary', `The mail server refused it for now: ${text}`);
  }
  return new SendFailure('transport', `The mail server could not be reached: ${text}`);
}
