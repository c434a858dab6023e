import type { ChatMessage } from '@greencart/domain';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { AGAIN, ItemFailed, type ItemOutcome, WriteBatcher } from '../common/batching/write-batcher';
import { isDuplicateKeyError } from '../common/mongo-errors';
import { ChatConversations, type ConversationState, rowOf } from './chat-conversations';
import { messageKey, type NewMessage, onlyDuplicates, RememberedMessages, type StoredMessage, writeErrorsOf } from './chat-format';
import { ChatMessageRecord, Conversation } from './schemas/chat-message.schema';

/** Messages written in one insert at most. */
const BATCH = 500;

/**
 * Storing messages. Every read and write names `_id` alone (the one filter every engine answers from an
 * index, docs/database.md; a command takes about 1 ms on this machine).
 *
 * A message is one unique insert at the next place of its conversation (`messageKey`), carrying the
 * counts of both sides up to it. The place is known in memory (ChatConversations); a place another
 * instance took meanwhile fails the insert and the message goes again, to the next one. Messages
 * arriving together (from different conversations) are one insert (a WriteBatcher); a conversation has
 * at most one message in each, so its messages are stored in the order they were sent. A message is
 * acknowledged once it is inserted (and, for a conversation's first message, once its inbox row is):
 * that is all the writing a message waits for; rows and pages of history follow (ChatWriteBehind).
 *
 * No count is kept by `$inc` and no document is updated by every message (concurrent updates of one
 * document may be lost, docs/database.md).
 */
@Injectable()
export class ChatMessages {
  private readonly writes = new WriteBatcher<NewMessage, ChatMessage>({
    maxBatch: BATCH,
    distinctBy: (message) => message.userId,
    write: (batch) => this.write(batch),
  });

  constructor(
    @InjectModel(ChatMessageRecord.name) private readonly messages: Model<ChatMessageRecord>,
    @InjectModel(Conversation.name) private readonly rows: Model<Conversation>,
    private readonly conversations: ChatConversations,
    private readonly remembered: RememberedMessages,
  ) {}

  /** Stores a message at the next place of its conversation; resolves once it is stored. */
  async append(message: NewMessage): Promise<ChatMessage> {
    await this.conversations.readyFor(message.userId);
    return this.writes.add(message);
  }

  /** Writes one message per conversation: each one's outcome, AGAIN for those whose place another instance took. */
  private async write(batch: NewMessage[]): Promise<ItemOutcome<ChatMessage>[]> {
    const now = new Date();
    const isNew = batch.map((message) => !this.conversations.has(message.userId));
    const docs = batch.map((message): StoredMessage => {
      const state = this.conversations.get(message.userId);
      const n = state?.next ?? 0;
      // Never before the conversation's newest message (another instance's clock may run ahead).
      const createdAt = state && state.lastAt > now ? new Date(state.lastAt.getTime()) : now;
      return {
        _id: messageKey(message.userId, n),
        user: new Types.ObjectId(message.userId),
        n,
        from: message.from,
        text: message.text,
        ...(message.orderId ? { orderId: new Types.ObjectId(message.orderId) } : {}),
        ...(message.orderNumber ? { orderNumber: message.orderNumber } : {}),
        ...(message.by ? { by: message.by } : {}),
        createdAt,
        users: (state?.users ?? 0) + (message.from === 'user' ? 1 : 0),
        sellers: (state?.sellers ?? 0) + (message.from === 'seller' ? 1 : 0),
      };
    });
    const failed = new Map<number, unknown>();
    try {
      await this.messages.collection.insertMany(docs as never[], { ordered: false });
    } catch (error) {
      const failures = writeErrorsOf(error) as { index?: number }[];
      // The whole insert failed: every message of the batch with it.
      if (!failures.length) throw error;
      for (const failure of failures) if (typeof failure.index === 'number') failed.set(failure.index, failure);
    }
    const outcomes: ItemOutcome<ChatMessage>[] = [];
    await Promise.all(
      batch.map(async (message, i) => {
        const failure = failed.get(i);
        if (failure === undefined) return;
        if (!isDuplicateKeyError(failure)) {
          outcomes[i] = new ItemFailed(failure);
          return;
        }
        // Another instance took the place: read on from it, and this message goes to the next free one.
        try {
          await this.conversations.placeTaken(message, docs[i]._id);
          outcomes[i] = AGAIN;
        } catch (error) {
          outcomes[i] = new ItemFailed(error);
        }
      }),
    );
    const stored = batch.map((_, i) => i).filter((i) => !failed.has(i));
    if (!stored.length) return outcomes;
    const states = stored.map((i) => this.conversations.learn(docs[i], batch[i]));
    const rowFailure = await this.insertFirstRows(stored.filter((i) => isNew[i]).map((i) => this.conversations.get(batch[i].userId)!));
    for (const i of stored) {
      this.conversations.markBehind(batch[i].userId);
      const message = this.remembered.remember(docs[i]);
      outcomes[i] = rowFailure !== undefined && isNew[i] ? new ItemFailed(rowFailure) : message;
    }
    await this.conversations.announce(states);
    return outcomes;
  }

  /**
   * A conversation's first message: its row before the acknowledgement (a start-up finds conversations
   * by their rows). The error if they could not be written.
   */
  private async insertFirstRows(states: ConversationState[]): Promise<unknown> {
    if (!states.length) return undefined;
    try {
      await this.rows.collection.insertMany(states.map(rowOf) as never[], { ordered: false });
    } catch (error) {
      // A row there already (another instance began the same conversation) is written behind.
      if (!onlyDuplicates(error)) return error;
    }
    return undefined;
  }
}
