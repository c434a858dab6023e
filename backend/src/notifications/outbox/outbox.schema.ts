import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema } from 'mongoose';

/** How a message reaches people: email, or web push to one browser (its subscription is the recipient). */
export const CHANNELS = ['email', 'push'] as const;
export type Channel = (typeof CHANNELS)[number];

/** pending: to be sent (or being sent); sent; failed: given up (the seller may send it again); skipped: not to be sent (the shopper turned these off). */
export type MessageState = 'pending' | 'sent' | 'failed' | 'skipped';

/**
 * One message to one person, as queued by a listener of the domain event that caused it. Its `_id` is
 * derived from that event (`email:order-status:<order id>:Packing`), so an event handled twice queues
 * one message. What it says is rendered when it is sent, from `data` (a snapshot of the facts at the
 * time of the event); who gets it (`recipient`: `shopper:<user id>` or `seller`) is resolved then too.
 * Read and written by `_id` only (anything else may read the whole collection, docs/database.md).
 */
@Schema({ collection: 'outbox', versionKey: false })
export class OutboxMessage {
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ type: String, required: true, enum: CHANNELS })
  channel: Channel;

  /** Which template (see mail/templates.ts). */
  @Prop({ type: String, required: true })
  kind: string;

  @Prop({ type: String, required: true })
  recipient: string;

  @Prop({ type: MongooseSchema.Types.Mixed, required: true })
  data: Record<string, unknown>;

  @Prop({ type: String, required: true })
  state: MessageState;

  /** Attempts claimed so far (each attempt is claimed once, see OutboxClaim). */
  @Prop({ type: Number, required: true })
  attempts: number;

  /** When it was queued (or queued again by the seller): it gives up OUTBOX_GIVE_UP_MS after this. */
  @Prop({ type: Date, required: true })
  queuedAt: Date;

  @Prop({ type: Date })
  nextAttemptAt?: Date;

  @Prop({ type: String })
  lastError?: string;

  @Prop({ type: Date })
  sentAt?: Date;

  /** Where it went (or was to go), once resolved, and what it said: for the seller's list of failed messages. */
  @Prop({ type: String })
  address?: string;

  @Prop({ type: String })
  subject?: string;
}

/**
 * What waits to be sent: one small document per write of the outbox (the messages queued together, all
 * the orders of one moment), removed once every message it lists is sent, skipped or given up. It stays
 * as small as the backlog, so an instance may read all of it to find messages no instance is working on
 * (one that stopped): a full read of the outbox itself would grow with every order ever placed. A marker
 * written before markers listed their messages has none: its `_id` is its one message's.
 */
@Schema({ collection: 'outbox_due', versionKey: false })
export class OutboxDue {
  @Prop({ type: String, required: true })
  _id: string;

  /** When its messages were queued (or one was queued again); an instance that finds it long past adopts what it lists. */
  @Prop({ type: Date, required: true })
  dueAt: Date;

  /** The messages it stands for (absent: the message whose `_id` it has). */
  @Prop({ type: [String], default: undefined })
  ids?: string[];
}

/** The messages a marker stands for. */
export const idsOfMarker = (marker: Pick<OutboxDue, '_id' | 'ids'>): string[] => (marker.ids?.length ? marker.ids : [marker._id]);

/** A message that gave up, for the seller's page (small: only what is shown; the message holds the rest). */
@Schema({ collection: 'outbox_failed', versionKey: false })
export class OutboxFailed {
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ type: Date, required: true })
  failedAt: Date;

  @Prop({ type: String, required: true })
  reason: string;
}

/**
 * Attempt `n` of message `m` is made by whoever inserts `<m>#<n>` first: a unique insert, which every
 * engine enforces (unlike concurrent conditional updates of one document), so no two instances ever send
 * the same attempt.
 */
@Schema({ collection: 'outbox_claims', versionKey: false })
export class OutboxClaim {
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ type: Date, required: true })
  at: Date;

  @Prop({ type: String, required: true })
  instance: string;
}

export const OutboxMessageSchema = SchemaFactory.createForClass(OutboxMessage);
export const OutboxDueSchema = SchemaFactory.createForClass(OutboxDue);
export const OutboxFailedSchema = SchemaFactory.createForClass(OutboxFailed);
export const OutboxClaimSchema = SchemaFactory.createForClass(OutboxClaim);
