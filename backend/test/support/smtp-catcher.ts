import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** Our outbox message id (X-GreenCart-Message). */
  outboxId: string;
}

/**
 * A real SMTP server in this process (smtp-server), with mailparser reading what arrives: the app
 * talks SMTP to it exactly as to a real one. `down()` closes the port (connections refused), `up()`
 * opens it again on the same port; `refuse` makes it answer 550 for matching recipients.
 */
export class SmtpCatcher {
  readonly mails: CaughtMail[] = [];
  /** Recipients refused for good (550), as a real server refuses an unknown mailbox. */
  refuse: (address: string) => boolean = () => false;
  /** How long the server holds its answer to each mail it received (a slow server; the mail is in `mails` meanwhile). */
  answerDelayMs = 0;
  private server?: SMTPServer;
  private port = 0;

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async up(): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      closeTimeout: 50,
      onRcptTo: (address, _session, callback) => {
        if (this.refuse(address.address)) {
          const error = new Error('No such mailbox here') as Error & { responseCode: number };
          error.responseCode = 550;
          return callback(error);
        }
        callback();
      },
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            // Gone away while reading it: like a mail server that stores a message only as it answers "250",
            // this one did not take it (the sender saw the connection drop, not an answer, and sends it again).
            if (this.server !== server) {
              const error = new Error('Closing: not taken') as Error & { responseCode: number };
              error.responseCode = 421;
              return callback(error);
            }
            const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : (parsed.to?.text ?? '');
            this.mails.push({
              to,
              from: parsed.from?.text ?? '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              messageId: parsed.messageId ?? '',
              outboxId: String(parsed.headers.get('x-greencart-message') ?? ''),
            });
            if (this.answerDelayMs) setTimeout(() => callback(), this.answerDelayMs);
            else callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  /** The mail server goes away: the port is closed and open connections are dropped (a message still being read is not taken). */
  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Mails to `address` (case-insensitive), optionally of one outbox id prefix. */
  to(address: string, prefix = ''): CaughtMail[] {
    return this.mails.filter((m) => m.to.toLowerCase().includes(address.toLowerCase()) && m.outboxId.startsWith(prefix));
  }

  /** Waits until `check` holds (polling), or fails after `ms` naming every mail caught so far (outbox id and recipient). */
  async until(check: () => boolean, ms = 30_000, what = 'the mails'): Promise<void> {
    const started = Date.now();
    while (!check()) {
      if (Date.now() - started > ms) {
        const caught = this.mails.map((m) => `${m.outboxId} to ${m.to}`);
        throw new Error(`Timed out after ${ms} ms waiting for ${what}: ${this.mails.length} mails so far: ${caught.join(', ')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** How many times each outbox id arrived, for exactly-once checks. */
  counts(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const mail of this.mails) counts.set(mail.outboxId, (counts.get(mail.outboxId) ?? 0) + 1);
    return counts;
  }
}
