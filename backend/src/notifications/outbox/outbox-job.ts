import type { Channel, OutboxMessage } from './outbox.schema';

/** A message this instance is to send, and when. */
export interface Job {
  id: string;
  dueAt: number;
  /** The stored message when this instance already has it (it queued it, or tried it before). */
  message?: OutboxMessage;
  /** Found by the sweep rather than queued here: its attempt may be held by an instance that stopped. */
  adopted?: boolean;
}

/** What a channel did with a message. */
export type Delivery = { state: 'sent'; address: string; subject: string } | { state: 'skipped'; reason: string; address?: string };

/** Sends one message over one channel (email, web push); throws a SendFailure when it could not. */
export interface ChannelSender {
  readonly channel: Channel;
  readonly enabled: boolean;
  deliver(message: OutboxMessage): Promise<Delivery>;
}
