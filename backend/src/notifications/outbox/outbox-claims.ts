import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { Job } from './outbox-job';
import { OutboxClaim, OutboxMessage } from './outbox.schema';

/** An attempt claimed this long ago and never finished was left by an instance that stopped (sends time out within 30 s). */
const CLAIM_STALE_MS = 5 * 60_000;

/**
 * Exactly once: attempt `n` of a message is made only by the instance whose insert of the claim
 * `<id>#<n>` succeeds (a unique insert, reliable on every engine). A claim older than
 * CLAIM_STALE_MS whose attempt never finished (its instance stopped mid-send) lets the message go on
 * with attempt n + 1.
 */
@Injectable()
export class OutboxClaims {
  private readonly instance = randomBytes(8).toString('hex');

  constructor(
    @InjectModel(OutboxMessage.name) private readonly messages: Model<OutboxMessage>,
    @InjectModel(OutboxClaim.name) private readonly claims: Model<OutboxClaim>,
  ) {}

  /** Claims the next attempt of each job (one insert for them all): the jobs this instance got, and those another had. */
  async claim(jobs: Job[]): Promise<{ mine: Job[]; taken: Job[] }> {
    if (!jobs.length) return { mine: [], taken: [] };
    const at = new Date();
    const docs = jobs.map((job) => ({ _id: claimId(job.id, job.message!.attempts), at, instance: this.instance }));
    const taken = new Set<number>();
    try {
      await this.claims.collection.insertMany(docs as never[], { ordered: false });
    } catch (error) {
      for (const index of duplicateIndexes(error)) taken.add(index);
    }
    return { mine: jobs.filter((_, i) => !taken.has(i)), taken: jobs.filter((_, i) => taken.has(i)) };
  }

  /**
   * The attempt of `job` was claimed by an instance that never finished it: the message, moved on to its
   * next attempt (whether that instance sent it or not); undefined while the claim is not stale.
   */
  async takeOverIfStale(job: Job): Promise<OutboxMessage | undefined> {
    const message = job.message!;
    const claim = await this.claims.findById(claimId(job.id, message.attempts)).lean<OutboxClaim>().exec();
    if (!claim || Date.now() - claim.at.getTime() < CLAIM_STALE_MS) return undefined;
    const current = await this.messages.findById(job.id).lean<OutboxMessage>().exec();
    if (current?.state !== 'pending' || current.attempts !== message.attempts) return undefined;
    const attempts = message.attempts + 1;
    const lastError = 'The instance sending it stopped before it finished';
    await this.messages.updateOne({ _id: job.id }, { $set: { attempts, lastError } }).exec();
    return { ...current, attempts, lastError };
  }
}

export const claimId = (id: string, attempt: number) => `${id}#${attempt}`;

/** The indexes of an unordered insert that met an existing `_id`; any other failure is thrown. */
export function duplicateIndexes(error: unknown): number[] {
  const failures = (error as { writeErrors?: unknown }).writeErrors;
  const list = (Array.isArray(failures) ? failures : failures ? [failures] : []) as {
    index?: unknown;
    code?: unknown;
    err?: { index?: unknown; code?: unknown };
  }[];
  if (!list.length) throw error;
  return list.map((failure) => {
    const index = failure.index ?? failure.err?.index;
    const code = failure.code ?? failure.err?.code;
    if (typeof index !== 'number' || code !== 11000) throw error;
    return index;
  });
}
