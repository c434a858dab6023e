import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectModel } from '@nestjs/mongoose';
import type { AnyBulkWriteOperation, Model } from 'mongoose';
import type { Environment } from '../../config/environment';
import { inCommands } from '../../database/bulk-writes';
import { SendFailure } from '../mail/mailer';
import type { Delivery, Job } from './outbox-job';
import { OutboxMarkers } from './outbox-markers';
import { OutboxFailed, OutboxMessage } from './outbox.schema';

/** Longest wait between two attempts of one message. */
const MAX_RETRY_MS = 60 * 60_000;

/** What the sends of one batch came to, once written. */
export interface Recorded {
  /** Messages to try again at `at` (their marker stays). */
  retry: { job: Job; at: number; message: OutboxMessage }[];
  tally: { sent: number; failed: number; skipped: number; retried: number };
  /** Some send reached its server; else, when one could not reach it, why. */
  reached: boolean;
  unreachable?: SendFailure;
}

/**
 * Writes what the sends of a batch did: sent or skipped; given up (refused for good, or still failing
 * OUTBOX_GIVE_UP_MS after it was queued: `failed`, listed for the seller); or to try again, after
 * OUTBOX_RETRY_MS doubling up to an hour (a server that could not be reached: after `probeMs`).
 */
@Injectable()
export class OutboxOutcomes {
  private readonly logger = new Logger('Outbox');
  private readonly retryMs: number;
  private readonly giveUpMs: number;

  constructor(
    @InjectModel(OutboxMessage.name) private readonly messages: Model<OutboxMessage>,
    @InjectModel(OutboxFailed.name) private readonly failed: Model<OutboxFailed>,
    private readonly markers: OutboxMarkers,
    config: ConfigService<Environment, true>,
  ) {
    this.retryMs = config.get('OUTBOX_RETRY_MS', { infer: true });
    this.giveUpMs = config.get('OUTBOX_GIVE_UP_MS', { infer: true });
  }

  async record(outcomes: { job: Job; outcome: Delivery | SendFailure }[], probeMs: number): Promise<Recorded> {
    const now = new Date();
    const messageOps: AnyBulkWriteOperation<OutboxMessage>[] = [];
    const finished: string[] = [];
    const failedOps: AnyBulkWriteOperation<OutboxFailed>[] = [];
    const recorded: Recorded = { retry: [], tally: { sent: 0, failed: 0, skipped: 0, retried: 0 }, reached: false };
    if (!outcomes.length) return recorded;

    for (const { job, outcome } of outcomes) {
      const message = job.message!;
      const attempts = message.attempts + 1;
      const filter = { _id: job.id };
      if (!(outcome instanceof SendFailure)) {
        recorded.reached = true;
        const set =
          outcome.state === 'sent'
            ? { state: 'sent' as const, sentAt: now, address: outcome.address, subject: outcome.subject }
            : { state: 'skipped' as const, lastError: outcome.reason, address: outcome.address };
        // A message that is done no longer needs what made it: a password-reset link is not kept.
        const unset = { nextAttemptAt: 1, ...(outcome.state === 'sent' && message.kind === 'password-reset' ? { 'data.link': 1 } : {}) };
        messageOps.push({ updateOne: { filter, update: { $set: { ...set, attempts }, $unset: unset } } });
        finished.push(job.id);
        recorded.tally[outcome.state]++;
        continue;
      }
      if (outcome.kind === 'transport') recorded.unreachable = outcome;
      else recorded.reached = true;
      const expired = Date.now() - new Date(message.queuedAt).getTime() >= this.giveUpMs;
      if (outcome.kind === 'permanent' || expired) {
        const reason = outcome.kind === 'permanent' ? outcome.message : `${outcome.message} (gave up after ${attempts} attempts)`;
        const shown = { ...(outcome.address ? { address: outcome.address } : {}), ...(outcome.subject ? { subject: outcome.subject } : {}) };
        messageOps.push({ updateOne: { filter, update: { $set: { state: 'failed', attempts, lastError: reason, ...shown }, $unset: { nextAttemptAt: 1 } } } });
        failedOps.push({ updateOne: { filter, update: { $set: { failedAt: now, reason } }, upsert: true } });
        finished.push(job.id);
        recorded.tally.failed++;
        this.logger.warn(`Gave up ${job.id}: ${reason}`);
        continue;
      }
      const wait = outcome.kind === 'transport' ? probeMs : Math.min(this.retryMs * 2 ** (attempts - 1), MAX_RETRY_MS) * (0.9 + Math.random() * 0.2);
      const at = Date.now() + wait;
      // Its marker stays; the message's nextAttemptAt tells an instance that adopts it when to try.
      messageOps.push({ updateOne: { filter, update: { $set: { attempts, lastError: outcome.message, nextAttemptAt: new Date(at) } } } });
      recorded.retry.push({ job, at, message: { ...message, attempts, lastError: outcome.message } });
      recorded.tally.retried++;
    }

    // The order matters for a crash in between: the outcome first, then the markers all of whose messages
    // are finished (a marker left over is dropped by whoever reads its finished messages). Written as built
    // (the driver's bulkWrite, no casting by the schema: every value is already of its type; in commands
    // of UPDATES_PER_COMMAND, see bulk-writes.ts).
    await inCommands(messageOps, (run) => this.messages.collection.bulkWrite(run as never[], { ordered: false }));
    await inCommands(failedOps, (run) => this.failed.collection.bulkWrite(run as never[], { ordered: false }));
    await this.markers.finish(finished);
    return recorded;
  }
}
