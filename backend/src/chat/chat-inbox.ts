import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { WriteBatchers } from '../common/batching/write-batcher';
import { inCommands } from '../database/bulk-writes';
import { ChatConversations, type ConversationState, rowOf, unreadBySeller } from './chat-conversations';
import { markKey, onlyDuplicates, type Side, writeReadMark } from './chat-format';
import { ChatReadMark, Conversation } from './schemas/chat-message.schema';

/**
 * The seller's inbox and both sides' unread counts. Unread is the other side's count of messages minus
 * the reader's read mark (`chat_reads`: how many of the other side's messages a side has read), the
 * seller's total a sum kept in memory (ChatConversations). Inbox rows (`chat_conversations`) are
 * written behind the messages (ChatWriteBehind).
 *
 * Rows and marks are written by `_id` alone with absolute values. Two instances writing one row at once
 * may leave the older values (docs/database.md): a row is only where the check after a start-up begins,
 * and a mark can at worst show a message as unread again after a restart.
 */
@Injectable()
export class ChatInbox {
  /** Writes of read marks, one at a time per mark (a lower mark never lands last), those waiting as one: the highest. */
  private readonly markWrites = new WriteBatchers<number>({
    write: (key, upTos) => writeReadMark(this.marks.collection, key, Math.max(...upTos)),
  });

  constructor(
    @InjectModel(Conversation.name) private readonly rows: Model<Conversation>,
    @InjectModel(ChatReadMark.name) private readonly marks: Model<ChatReadMark>,
    private readonly conversations: ChatConversations,
  ) {}

  /** The shopper's row as the inbox has it, if they have a conversation. */
  async conversation(userId: string): Promise<{ name: string; email: string } | undefined> {
    await this.conversations.whenReady();
    const state = this.conversations.get(userId);
    return state && { name: state.name, email: state.email };
  }

  async unread(userId: string, reader: Side): Promise<number> {
    await this.conversations.readyFor(userId);
    const state = this.conversations.get(userId);
    if (!state) return 0;
    return reader === 'seller' ? unreadBySeller(state) : Math.max(0, state.sellers - state.shopperRead);
  }

  async sellerUnreadTotal(): Promise<number> {
    await this.conversations.allReady();
    return this.conversations.sellerUnread;
  }

  /** Page `page` (from 1) of the inbox, the most recently written conversation first. */
  async inbox(page: number, limit: number): Promise<{ rows: (ConversationState & { unread: number })[]; total: number }> {
    await this.conversations.allReady();
    const newestFirst = this.conversations.byRecency();
    const rows = newestFirst.slice((page - 1) * limit, page * limit).map((state) => ({ ...state, unread: unreadBySeller(state) }));
    return { rows, total: newestFirst.length };
  }

  /** Everything the other side wrote so far counts as read by `reader`. */
  async markRead(userId: string, reader: Side): Promise<void> {
    await this.conversations.readyFor(userId);
    const state = this.conversations.get(userId);
    if (!state) return;
    const upTo = reader === 'seller' ? state.users : state.sellers;
    const key = markKey(userId, reader);
    // Read that far already: answered once that mark is stored.
    if (upTo <= (reader === 'seller' ? state.sellerRead : state.shopperRead)) return this.markWrites.flush(key);
    this.conversations.merge({ ...state, ...(reader === 'seller' ? { sellerRead: upTo } : { shopperRead: upTo }) });
    await this.markWrites.add(key, upTo);
    await this.conversations.announce([state]);
  }

  /**
   * Writes the inbox rows of `userIds` as this instance knows them, with how far their pages of history
   * go (in commands of UPDATES_PER_COMMAND, see bulk-writes.ts).
   */
  async writeRows(userIds: string[], pagedTo: Map<string, number>): Promise<void> {
    const writes: { updateOne: { filter: object; update: object; upsert: true } }[] = [];
    for (const userId of userIds) {
      const state = this.conversations.get(userId);
      if (!state) continue;
      const { _id, ...fields } = rowOf(state);
      const paged = pagedTo.get(userId) ?? this.conversations.pagedOf(userId);
      writes.push({ updateOne: { filter: { _id }, update: { $set: { ...fields, paged } }, upsert: true } });
    }
    await inCommands(writes, async (run) => {
      try {
        await this.rows.collection.bulkWrite(run as never[], { ordered: false });
      } catch (error) {
        // Another instance's upsert of the same row inserted it first: its row stands.
        if (!onlyDuplicates(error)) throw error;
      }
    });
  }
}
