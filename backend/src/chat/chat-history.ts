import type { ChatMessage } from '@greencart/domain';
import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { isValidObjectId, Model, Types } from 'mongoose';
import { inCommands } from '../database/bulk-writes';
import { ChatConversations } from './chat-conversations';
import { type LegacyMessage, messageKey, PAGE_SIZE, PAGE_SPAN, pageKey, placeOfMessage, RememberedMessages, type StoredMessage, toPaged } from './chat-format';
import { ChatMessageRecord, ChatPage, pagedMessages, pageFields } from './schemas/chat-message.schema';

/**
 * A conversation's history, page by page. A page of the API is read from memory, else from pages of
 * history (`chat_pages`: PAGE_SPAN messages a document, each overlapping the next by PAGE_SIZE, so one
 * read by `_id` answers a page of the API wherever it starts), else message by message. Pages of
 * history are written behind the messages (ChatWriteBehind), so a page may lack places stored since.
 */
@Injectable()
export class ChatHistory {
  constructor(
    @InjectModel(ChatMessageRecord.name) private readonly messages: Model<ChatMessageRecord>,
    @InjectModel(ChatPage.name) private readonly pages: Model<ChatPage>,
    private readonly conversations: ChatConversations,
    private readonly remembered: RememberedMessages,
  ) {}

  /** Messages before `before` (an id as the API gave it; the newest when absent), oldest first. */
  async page(userId: string, limit: number, before?: string): Promise<{ messages: ChatMessage[]; hasMore: boolean }> {
    await this.conversations.readyFor(userId);
    if (!before) await this.conversations.catchUp(userId);
    const next = this.conversations.get(userId)?.next ?? 0;
    if (!before) {
      const start = Math.max(0, next - limit);
      return { messages: await this.range(userId, start, next), hasMore: start > 0 };
    }
    // An id of this format names its place: the page and the message it names are read together.
    const n = /^[0-9a-f]{24}$/i.test(before) ? parseInt(before.slice(8, 16), 16) : NaN;
    if (Number.isInteger(n) && n < next) {
      const start = Math.max(0, n - limit);
      const found = await this.range(userId, start, n + 1);
      const named = found[found.length - 1];
      if (named && named._id === before.toLowerCase() && placeOfMessage(named) === n) return { messages: found.slice(0, -1), hasMore: start > 0 };
    }
    // An id of the old format: its document kept where the message moved to.
    const end = await this.movedPlace(userId, before);
    const start = Math.max(0, end - limit);
    return { messages: await this.range(userId, start, end), hasMore: start > 0 };
  }

  /** The place an id of the old format moved to, in this conversation (404 if it is not one of its). */
  private async movedPlace(userId: string, id: string): Promise<number> {
    if (isValidObjectId(id)) {
      const old = await this.messages.collection.findOne({ _id: new Types.ObjectId(id) as never });
      const moved = old as unknown as LegacyMessage | null;
      if (moved && String(moved.user) === userId && typeof moved.movedTo === 'number') return moved.movedTo;
    }
    throw new NotFoundException('No such message in this conversation');
  }

  /**
   * Places `start`…`end - 1` of a conversation: from memory, else from its pages of history (a page
   * holds PAGE_SPAN places, so one read by `_id` answers any range of up to PAGE_SIZE + 1 places), else
   * message by message (one read by `_id` each: a range of `_id`s is not answered from every engine's index, see docs/database.md).
   */
  private async range(userId: string, start: number, end: number): Promise<ChatMessage[]> {
    const keys: string[] = [];
    for (let n = start; n < end; n++) keys.push(messageKey(userId, n));
    const missingPlaces = () => {
      const places: number[] = [];
      for (let n = start; n < end; n++) if (!this.remembered.has(keys[n - start])) places.push(n);
      return places;
    };
    let missing = missingPlaces();
    if (missing.length) {
      const read = new Set<number>();
      const readPages = async (pages: number[]) => {
        const found = await Promise.all(pages.map((k) => this.pages.findById(pageKey(userId, k)).lean<ChatPage>()));
        for (const k of pages) read.add(k);
        for (const page of found) if (page) for (const entry of pagedMessages(page)) this.remembered.rememberPaged(userId, entry);
      };
      // Every other page covers the range (each holds the next one's places too)…
      const pages: number[] = [];
      for (let k = Math.floor(missing[0] / PAGE_SIZE); k * PAGE_SIZE <= missing[missing.length - 1]; k += 2) pages.push(k);
      await readPages(pages);
      missing = missingPlaces();
      // …unless a page was written before pages overlapped, or has not been written as far yet.
      const others = [...new Set(missing.map((n) => Math.floor(n / PAGE_SIZE)))].filter((k) => !read.has(k));
      if (others.length) {
        await readPages(others);
        missing = missingPlaces();
      }
    }
    if (missing.length) {
      const wanted = missing.map((n) => messageKey(userId, n));
      const found = await Promise.all(wanted.map((key) => this.messages.findById(key).lean<StoredMessage>()));
      for (const doc of found) if (doc) this.remembered.remember(doc);
    }
    return keys.map((key) => this.remembered.get(key)).filter((message): message is ChatMessage => message !== undefined);
  }

  /**
   * Writes the pages of history of `userIds` as far as their messages go (in commands of
   * UPDATES_PER_COMMAND, see bulk-writes.ts); how far each conversation's pages now go.
   */
  async writePages(userIds: string[]): Promise<Map<string, number>> {
    const writes: { updateOne: { filter: { _id: string }; update: object; upsert: true } }[] = [];
    const pagedTo = new Map<string, number>();
    for (const userId of userIds) {
      const state = this.conversations.get(userId);
      if (!state) continue;
      // New places belong to their own page and to the one before it (which holds the next page's places too).
      for (let k = Math.max(0, Math.floor(this.conversations.pagedOf(userId) / PAGE_SIZE) - 1); k * PAGE_SIZE < state.next; k++) {
        const start = k * PAGE_SIZE;
        const end = Math.min(state.next, start + PAGE_SPAN);
        const messages = await this.range(userId, start, end);
        // Only a complete run of places from the page's start (a page never has gaps).
        const run = messages.findIndex((message, i) => placeOfMessage(message) !== start + i);
        const entries = (run < 0 ? messages : messages.slice(0, run)).map((message, i) => toPaged(message, start + i));
        if (!entries.length) break;
        writes.push({ updateOne: { filter: { _id: pageKey(userId, k) }, update: { $set: pageFields(entries), $unset: { messages: 1 } }, upsert: true } });
        pagedTo.set(userId, Math.max(pagedTo.get(userId) ?? 0, start + entries.length));
        if (start + entries.length < end) break;
      }
    }
    await inCommands(writes, (run) => this.pages.collection.bulkWrite(run as never[], { ordered: false }));
    return pagedTo;
  }
}
