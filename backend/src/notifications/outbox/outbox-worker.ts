import { AsyncResource } from 'node:async_hooks';
import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { Environment } from '../../config/environment';
import { SendFailure } from '../mail/mailer';
import { OutboxClaims } from './outbox-claims';
import type { ChannelSender, Delivery, Job } from './outbox-job';
import { OutboxMarkers } from './outbox-markers';
import { OutboxOutcomes, type Recorded } from './outbox-outcomes';
import { idsOfMarker, OutboxDue, OutboxMessage, type Channel } from './outbox.schema';

/** Messages claimed and sent together, and how many such batches one instance has under way. */
const BATCH = 50;
const PARALLEL_BATCHES = 2;
/** Longest wait between two probes of a mail server that is down. */
const MAX_PROBE_MS = 60_000;
/** Messages held in memory with their content; beyond it, by id only. */
const MESSAGES_KEPT = 5_000;
/** Tries at writing the outcome of sends already made (a second apart) before leaving it to the stale-claim path. */
const RECORD_ATTEMPTS = 60;

/**
 * Sends what the outbox holds, on every instance. Each instance works on the messages it queued itself
 * (kept in memory with their due time: nothing is looked up to find them) and, once a sweep interval
 * later than due, on any message left in `outbox_due` (an instance that stopped, a restart), by a full
 * read of that small collection every OUTBOX_SWEEP_MS.
 *
 * Exactly once: each attempt is claimed first (OutboxClaims), and only the instance that claimed it
 * sends it and writes its outcome (OutboxOutcomes). (One instance claims too: a send whose outcome could
 * not be written, the shop stopping or the database away, is not made again by the next start.)
 *
 * Failures: a mail server that cannot be reached pauses this instance's sending and is probed with one
 * message at a time, waiting twice as long each time (up to a minute); when a probe goes through,
 * everything waiting is sent. A message refused for now (4xx) waits OUTBOX_RETRY_MS, doubling up to an
 * hour; one refused for good (5xx), or still failing OUTBOX_GIVE_UP_MS after it was queued, gives up:
 * `failed`, listed for the seller, who may send it again.
 */
@Injectable()
export class OutboxWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Outbox');
  private readonly jobs = new Map<string, Job>();
  /** Messages of the batch being sent: a sweep meanwhile must not hand them out again. */
  private readonly inFlight = new Set<string>();
  private readonly senders = new Map<Channel, ChannelSender>();
  private readonly retryMs: number;
  private readonly sweepMs: number;
  private readonly gatherMs: number;
  private timer?: NodeJS.Timeout;
  /** When the timer wakes the worker (Infinity: no timer). */
  private plannedAt = Infinity;
  private sweeper?: NodeJS.Timeout;
  private running?: Promise<void>;
  /** Batches being sent or recorded (at most PARALLEL_BATCHES; one while the mail server is away). */
  private readonly underway = new Set<Promise<void>>();
  private stopped = false;
  private pausedUntil = 0;
  private probeMs: number;
  /** Figures for /api/health and the bench. */
  readonly counts = { sent: 0, failed: 0, skipped: 0, retried: 0, claimedElsewhere: 0 };
  private serverDown = false;
  /** Sending runs outside the request that queued the message (its logs are not that request's). */
  private readonly detached = new AsyncResource('Outbox');

  constructor(
    @InjectModel(OutboxMessage.name) private readonly messages: Model<OutboxMessage>,
    @InjectModel(OutboxDue.name) private readonly due: Model<OutboxDue>,
    private readonly markers: OutboxMarkers,
    private readonly claims: OutboxClaims,
    private readonly outcomes: OutboxOutcomes,
    config: ConfigService<Environment, true>,
  ) {
    this.retryMs = config.get('OUTBOX_RETRY_MS', { infer: true });
    this.sweepMs = config.get('OUTBOX_SWEEP_MS', { infer: true });
    this.gatherMs = config.get('OUTBOX_GATHER_MS', { infer: true });
    this.probeMs = Math.min(this.retryMs, MAX_PROBE_MS);
  }

  register(sender: ChannelSender): void {
    this.senders.set(sender.channel, sender);
  }

  /** Messages this instance holds and has not finished yet; whether the last attempt found the mail server away. */
  status() {
    return { waiting: this.jobs.size + this.inFlight.size, serverDown: this.serverDown, ...this.counts };
  }

  onApplicationBootstrap() {
    // What an earlier run (or a stopped instance) left: at once (markers a few seconds old: a younger one
    // may be another instance's message being written), then every sweep interval (with jitter, so
    // instances do not sweep in step).
    void this.sweep(Math.min(this.sweepMs, 5_000));
    const every = () => {
      this.sweeper = setTimeout(() => void this.sweep(this.sweepMs).finally(every), this.sweepMs * (0.8 + Math.random() * 0.4));
      this.sweeper.unref();
    };
    every();
  }

  /**
   * Before the database connection and the SMTP pool close (their hooks are `onApplicationShutdown`,
   * in no set order with this module's): a batch under way finishes, its outcome written (its sends time
   * out within seconds); the rest stays in outbox_due for the next run.
   */
  async beforeApplicationShutdown() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.sweeper);
    await this.running?.catch(() => undefined);
    await Promise.all(this.underway);
  }

  /** Marker `marker` stands for messages `ids` (queued here, or found by the sweep). */
  track(marker: string, ids: string[]): void {
    this.markers.track(marker, ids);
  }

  /** A message just queued: sent with whatever else is queued within OUTBOX_GATHER_MS (at once when a batch is full). */
  scheduleNew(id: string, message: OutboxMessage): void {
    const now = Date.now();
    this.schedule(id, message, now + this.gatherMs);
    if (this.gatherMs === 0) return;
    // A full batch gathered waits no longer (messages waiting for a retry keep their time).
    const gathered = [...this.jobs.values()].filter((job) => job.dueAt <= now + this.gatherMs);
    if (gathered.length < BATCH) return;
    for (const job of gathered) job.dueAt = Math.min(job.dueAt, now);
    this.wake();
  }

  /** A message to send at `dueAt` (now by default). */
  schedule(id: string, message?: OutboxMessage, dueAt = Date.now(), adopted = false): void {
    const known = this.jobs.get(id);
    // A long outage can pile up many messages: past this many, only their ids wait in memory (each is read again when sent).
    const keep = this.jobs.size < MESSAGES_KEPT ? message : undefined;
    let job = known;
    if (job) {
      job.dueAt = Math.min(job.dueAt, dueAt);
      job.message ??= keep;
    } else this.jobs.set(id, (job = { id, dueAt, message: keep, adopted }));
    // The timer set already wakes the worker in time for it (no look through every job per message).
    if (job.dueAt >= this.plannedAt) return;
    this.wake();
  }

  private wake(): void {
    if (this.running || this.stopped) return;
    clearTimeout(this.timer);
    this.plannedAt = Infinity;
    this.running = this.detached
      .runInAsyncScope(() => this.run())
      .finally(() => {
        this.running = undefined;
        this.plan();
      });
  }

  /** Wakes up when the next job is due (or when the paused mail server is to be probed). */
  private plan(): void {
    if (this.stopped || this.running) return;
    clearTimeout(this.timer);
    this.plannedAt = Infinity;
    let next = Infinity;
    for (const job of this.jobs.values()) if (this.sendable(job)) next = Math.min(next, job.dueAt);
    if (next === Infinity) return;
    const at = Math.max(next, this.pausedUntil);
    this.plannedAt = at;
    this.timer = setTimeout(() => this.wake(), Math.max(0, at - Date.now()));
    this.timer.unref();
  }

  /**
   * Starts batches of what is due, up to PARALLEL_BATCHES at once, then returns without waiting for the
   * last ones: each batch that finishes plans the next wake-up, so a message queued meanwhile waits for a
   * free place, not for every batch in flight (one held by a slow mail server up to its socket time-out).
   */
  private async run(): Promise<void> {
    const underway = this.underway;
    while (!this.stopped) {
      const now = Date.now();
      if (now < this.pausedUntil) break;
      // Two batches at once: one is written to the database while the other's mails are on the wire.
      if (underway.size >= (this.serverDown ? 1 : PARALLEL_BATCHES)) {
        await Promise.race(underway);
        continue;
      }
      // While the mail server is away, one message at a time probes it.
      const size = this.serverDown ? 1 : BATCH;
      const batch: Job[] = [];
      for (const job of this.jobs.values()) {
        if (job.dueAt > now || !this.sendable(job)) continue;
        batch.push(job);
        if (batch.length === size) break;
      }
      if (!batch.length) break;
      for (const job of batch) {
        this.jobs.delete(job.id);
        this.inFlight.add(job.id);
      }
      const work: Promise<void> = this.processSafely(batch).finally(() => {
        underway.delete(work);
        this.plan();
      });
      underway.add(work);
    }
  }

  /**
   * A message of a channel that is off (mail without SMTP_URL) waits in the database for a run that has
   * it. One the sweep adopted is read first (any channel on): its channel decides then (see process).
   */
  private sendable(job: Job): boolean {
    if (!job.message) return [...this.senders.values()].some((sender) => sender.enabled);
    return this.senders.get(job.message.channel)?.enabled === true;
  }

  private async processSafely(batch: Job[]): Promise<void> {
    try {
      await this.process(batch);
    } catch (error) {
      // The database is away: try these again in a moment.
      this.logger.warn(`Outbox: ${(error as Error).message}; trying again`);
      for (const job of batch) this.schedule(job.id, job.message, Date.now() + this.probeMs, job.adopted);
    } finally {
      for (const job of batch) this.inFlight.delete(job.id);
    }
  }

  private async process(batch: Job[]): Promise<void> {
    // 1. The messages themselves (by _id), for jobs this instance did not queue.
    await Promise.all(
      batch.map(async (job) => {
        job.message ??= (await this.messages.findById(job.id).lean<OutboxMessage>().exec()) ?? undefined;
      }),
    );
    const finishedElsewhere: string[] = [];
    const now = Date.now();
    const live = batch.filter((job) => {
      if (job.message?.state === 'pending') {
        // Adopted from a marker while its next attempt is still ahead (the instance that tried it waits too).
        const next = job.message.nextAttemptAt ? new Date(job.message.nextAttemptAt).getTime() : 0;
        if (job.adopted && next > now) {
          this.jobs.set(job.id, { ...job, dueAt: next });
          return false;
        }
        if (this.sendable(job)) return true;
        // Its channel is off in this run: held here (not planned, not swept again), it waits for a run that has it.
        this.jobs.set(job.id, job);
        return false;
      }
      // Sent, skipped or given up by someone, or a marker whose message never got written: nothing to send.
      finishedElsewhere.push(job.id);
      return false;
    });
    await this.markers.finish(finishedElsewhere);

    // 2. Claim this attempt of each (one insert for the batch; a duplicate means another instance has it).
    const claimed = await this.claim(live);

    // 3. Send, all at once (the SMTP pool keeps SMTP_CONNECTIONS connections busy).
    const outcomes = await Promise.all(claimed.map(async (job) => ({ job, outcome: await this.deliver(job.message!) })));

    // 4. Record what happened. The sends are done: a database away now must not make them happen again,
    // so the outcome is written until it is stored (the claims keep anyone else from sending meanwhile).
    for (let attempt = 1; ; attempt++) {
      try {
        return this.recorded(await this.outcomes.record(outcomes, this.probeMs));
      } catch (error) {
        if (attempt >= RECORD_ATTEMPTS || this.stopped) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
  }

  private async claim(jobs: Job[]): Promise<Job[]> {
    const { mine, taken } = await this.claims.claim(jobs);
    this.counts.claimedElsewhere += taken.length;
    for (const job of taken) {
      // Claimed elsewhere: left half-way by an instance that stopped (a stale claim), or being sent there (which records it).
      const next = job.adopted ? await this.claims.takeOverIfStale(job) : undefined;
      if (next) this.schedule(job.id, next, Date.now(), true);
      else this.markers.leave([job.id]);
    }
    return mine;
  }

  private async deliver(message: OutboxMessage): Promise<Delivery | SendFailure> {
    const sender = this.senders.get(message.channel);
    if (!sender?.enabled) return new SendFailure('transport', `The ${message.channel} channel is off`);
    try {
      return await sender.deliver(message);
    } catch (error) {
      return error instanceof SendFailure ? error : new SendFailure('temporary', (error as Error)?.message ?? String(error));
    }
  }

  /** What the batch's sends came to, written: the figures, the mail server's state, the retries. */
  private recorded({ retry, tally, reached, unreachable }: Recorded): void {
    for (const key of Object.keys(tally) as (keyof typeof tally)[]) this.counts[key] += tally[key];
    if (reached) this.serverBack();
    else if (unreachable) this.serverAway(unreachable);
    for (const { job, at, message } of retry) this.schedule(job.id, message, Math.max(at, this.pausedUntil), job.adopted);
  }

  private serverAway(failure: SendFailure): void {
    if (!this.serverDown) this.logger.warn(`${failure.message}; mail waits in the outbox and the server is tried again`);
    this.serverDown = true;
    this.pausedUntil = Date.now() + this.probeMs;
    this.probeMs = Math.min(this.probeMs * 2, MAX_PROBE_MS);
  }

  private serverBack(): void {
    if (this.serverDown) this.logger.log('The mail server answers again; sending what waited');
    this.serverDown = false;
    this.pausedUntil = 0;
    this.probeMs = Math.min(this.retryMs, MAX_PROBE_MS);
    // Everything that waited for the server is due now.
    const now = Date.now();
    for (const job of this.jobs.values()) if (job.message?.lastError?.startsWith('The mail server could not be reached')) job.dueAt = Math.min(job.dueAt, now);
  }

  /**
   * Adopts every message listed in `outbox_due` by a marker older than `graceMs` that this instance does
   * not hold (the instance that queued it stopped, or this one restarted; one waiting for a retry is held
   * until its next attempt is due).
   */
  async sweep(graceMs: number): Promise<number> {
    if (this.stopped || ![...this.senders.values()].some((sender) => sender.enabled)) return 0;
    try {
      const cutoff = new Date(Date.now() - graceMs);
      const overdue = await this.due
        .find({ dueAt: { $lte: cutoff } })
        .lean<OutboxDue[]>()
        .exec();
      let adopted = 0;
      for (const marker of overdue) {
        // A marker known here already: only its messages not finished here (the others were read or sent).
        const ids = this.markers.open(marker._id) ?? idsOfMarker(marker);
        this.markers.track(marker._id, ids);
        for (const id of ids) {
          if (this.jobs.has(id) || this.inFlight.has(id)) continue;
          this.schedule(id, undefined, Date.now(), true);
          adopted++;
        }
      }
      return adopted;
    } catch (error) {
      this.logger.warn(`Outbox sweep: ${(error as Error).message}`);
      return 0;
    }
  }
}
