import { randomBytes } from 'node:crypto';
import { Injectable, NotFoundException, ConflictException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { WriteBatcher } from '../../common/batching/write-batcher';
import { LocksService } from '../../common/locks/locks.service';
import { duplicateIndexes } from './outbox-claims';
import { OutboxWorker } from './outbox-worker';
import { OutboxDue, OutboxFailed, OutboxMessage, type Channel } from './outbox.schema';

/** A message as a listener queues it: its derived `_id` names the event it comes from. */
export interface NewMessage {
  _id: string;
  channel: Channel;
  kind: string;
  recipient: string;
  data: Record<string, unknown>;
}

/** A message that gave up, as the seller's page shows it. */
export interface FailedMessage {
  id: string;
  channel: Channel;
  kind: string;
  to: string | null;
  subject: string | null;
  orderNumber: string | null;
  reason: string;
  attempts: number;
  queuedAt: Date;
  failedAt: Date;
}

/**
 * The durable outbox. Listeners of domain events queue messages here (and only they do); the worker
 * sends them. Queuing is two inserts for everything that arrives while the previous write is under way
 * (orders placed at the same moment share them): one due marker listing the messages, then the
 * messages. A message whose `_id` exists already was queued before (the same event handled twice) and
 * is not queued again.
 */
@Injectable()
export class OutboxService {
  /** Every listener's messages that arrive while a write is under way go in the next one, however many. */
  private readonly queued = new WriteBatcher<NewMessage[]>({ maxBatch: Infinity, write: (batch) => this.write(batch.flat()) });

  constructor(
    @InjectModel(OutboxMessage.name) private readonly messages: Model<OutboxMessage>,
    @InjectModel(OutboxDue.name) private readonly due: Model<OutboxDue>,
    @InjectModel(OutboxFailed.name) private readonly failed: Model<OutboxFailed>,
    private readonly worker: OutboxWorker,
    private readonly locks: LocksService,
  ) {}

  /** Stores the messages (durably, before resolving) and hands them to this instance's worker. */
  enqueue(messages: NewMessage[]): Promise<void> {
    return messages.length ? this.queued.add(messages) : Promise.resolve();
  }

  private async write(queued: NewMessage[]): Promise<void> {
    const now = new Date();
    // One message per _id, even when one batch holds the same event twice.
    const unique = [...new Map(queued.map((m) => [m._id, m])).values()];
    // The marker first: a marker whose message is missing (a crash in between) is dropped by the worker;
    // a message without a marker would never be found. One marker for the whole write.
    const marker = `w:${randomBytes(12).toString('hex')}`;
    await this.due.collection.insertOne({ _id: marker, dueAt: now, ids: unique.map((m) => m._id) } as never);
    const docs: OutboxMessage[] = unique.map((m) => ({ ...m, state: 'pending', attempts: 0, queuedAt: now }));
    const stored = new Set(docs.map((d) => d._id));
    try {
      await this.messages.collection.insertMany(docs as never[], { ordered: false });
    } catch (error) {
      for (const i of duplicateIndexes(error)) stored.delete(docs[i]._id);
    }
    // Messages queued before (the same event handled twice) keep their own marker and outcome.
    const mine = docs.filter((d) => stored.has(d._id));
    if (!mine.length) {
      await this.due.collection.deleteOne({ _id: marker } as never);
      return;
    }
    this.worker.track(
      marker,
      mine.map((d) => d._id),
    );
    for (const doc of mine) this.worker.scheduleNew(doc._id, doc);
  }

  /** Messages that gave up, newest first (a full read of `outbox_failed`, which holds only those). */
  async failedMessages(): Promise<FailedMessage[]> {
    const failed = await this.failed.find().lean<OutboxFailed[]>().exec();
    const messages = await Promise.all(failed.map((f) => this.messages.findById(f._id).lean<OutboxMessage>().exec()));
    return failed
      .map((f, i) => {
        const m = messages[i];
        const order = (m?.data as { order?: { orderNumber?: string } } | undefined)?.order;
        return {
          id: f._id,
          channel: m?.channel ?? 'email',
          kind: m?.kind ?? f._id.split(':')[1] ?? 'unknown',
          to: m?.address ?? null,
          subject: m?.subject ?? null,
          orderNumber: order?.orderNumber ?? null,
          reason: f.reason,
          attempts: m?.attempts ?? 0,
          queuedAt: m?.queuedAt ?? f.failedAt,
          failedAt: f.failedAt,
        } satisfies FailedMessage;
      })
      .sort((a, b) => b.failedAt.getTime() - a.failedAt.getTime());
  }

  /**
   * The seller sends a message that gave up again: pending once more, with a new day of attempts (its
   * attempt count goes on, so its claims never meet an earlier attempt's). One at a time per message.
   */
  async resend(id: string): Promise<void> {
    await this.locks.run(`outbox:${id}`, { busyMessage: 'This message is being sent again already' }, async () => {
      const message = await this.messages.findById(id).lean<OutboxMessage>().exec();
      if (!message) throw new NotFoundException('No such message');
      if (message.state !== 'failed') throw new ConflictException(message.state === 'sent' ? 'This message was sent already' : 'This message has not given up');
      const now = new Date();
      // A marker of its own (`_id` the message's: written again if a send-again before did not finish).
      await this.due.updateOne({ _id: id }, { $set: { dueAt: now } }, { upsert: true }).exec();
      await this.messages.updateOne({ _id: id }, { $set: { state: 'pending', queuedAt: now }, $unset: { nextAttemptAt: 1 } }).exec();
      await this.failed.deleteOne({ _id: id }).exec();
      this.worker.track(id, [id]);
      this.worker.schedule(id, { ...message, state: 'pending', queuedAt: now });
    });
  }

  /** Sends every message that gave up again; how many. */
  async resendAll(): Promise<number> {
    const failed = await this.failed.find().lean<OutboxFailed[]>().exec();
    let count = 0;
    for (const { _id } of failed) {
      try {
        await this.resend(_id);
        count++;
      } catch (error) {
        if (!(error instanceof NotFoundException || error instanceof ConflictException)) throw error;
      }
    }
    return count;
  }
}
