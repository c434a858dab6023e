import type { ChatMessage } from '@greencart/domain';
import { BeforeApplicationShutdown, Injectable, Logger, NotFoundException, OnApplicationBootstrap } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { LRUCache } from 'lru-cache';
import { isValidObjectId, Model, Types } from 'mongoose';
import { ClusterBus } from '../common/cluster/cluster-bus';
import { isDuplicateKeyError } from '../common/mongo-errors';
import { startupWork } from '../common/startup/background-work';
import { DatabaseEngine, inCommands } from '../database/database-engine';
import { ChatMessageRecord, ChatPage, ChatReadMark, Conversation, pagedMessages, pageFields, type PagedMessage } from './schemas/chat-message.schema';

export type Side = 'user' | 'seller';

/** What is known of one conversation: its row, its newest message's counts and both read marks. */
interface ConversationState {
  userId: string;
  name: string;
  email: string;
  /** The first free place (messages stored). */
  next: number;
  users: number;
  sellers: number;
  lastText: string;
  lastFrom: Side;
  lastAt: Date;
  /** Shopper messages the seller has read (a count of `users`). */
  sellerRead: number;
  /** Seller messages the shopper has read (a count of `sellers`). */
  shopperRead: number;
}

/** This instance's bookkeeping of a conversation, beside what it shares with the others. */
interface Local {
  /** Whether `next` was checked against the messages since this instance read the row. */
  checked?: Promise<void>;
  /** Places already in pages of history (ChatPage). */
  paged: number;
}

export interface NewMessage {
  userId: string;
  name: string;
  email: string;
  from: Side;
  text: string;
  orderId?: string;
  orderNumber?: string;
}

interface Pending {
  message: NewMessage;
  resolve: (message: ChatMessage) => void;
  reject: (error: unknown) => void;
}

/** To the other instances: conversations this one changed (absolute values, applied by taking the newer). */
interface ChangedMessage {
  states: (Omit<ConversationState, 'lastAt'> & { lastAt: string })[];
}

type StoredMessage = ChatMessageRecord;
interface LegacyMessage {
  _id: Types.ObjectId;
  user: Types.ObjectId;
  from?: Side;
  text?: string;
  orderId?: Types.ObjectId;
  orderNumber?: string;
  read?: boolean;
  createdAt: Date;
  movedTo?: number;
}

const TOPIC = 'chat';
/** The one-time move of messages of the old format, marked done in `chat_reads`. */
const MOVED_MARK = 'job:chat-messages-v2';
/** Messages kept in memory as the API shows them (a message never changes): about 400 bytes each. */
const REMEMBERED_MESSAGES = 100_000;
/** Messages written in one insert at most. */
const BATCH = 500;
/** Messages per page of history (ChatPage); a page of the API (at most 100) spans at most three. */
export const PAGE_SIZE = 50;
/** How often rows and pages are written behind the messages, and how many conversations in one write. */
const FLUSH_EVERY_MS = 10_000;
const FLUSH_CHUNK = 5;

/** `_id` of the message at place `n` of a conversation: ten digits, so `_id` order is place order. */
export const messageKey = (userId: string, n: number) => `${userId}#${String(n).padStart(10, '0')}`;
/**
 * Places a page of history holds: its own PAGE_SIZE and the next page's, so that the newest page of the
 * API (and one before a cursor) is one read, wherever its places start.
 */
export const PAGE_SPAN = 2 * PAGE_SIZE;
/** `_id` of the page of history holding places k·PAGE_SIZE to k·PAGE_SIZE + PAGE_SPAN - 1. */
export const pageKey = (userId: string, k: number) => `${userId}@${k}`;
const markKey = (userId: string, reader: Side) => `${userId}:${reader === 'seller' ? 'seller' : 'shopper'}`;

/**
 * The id a message has in the API: 24 hex digits like any id (clients and the `before` cursor treat
 * it as one), made of its time (seconds), its place and a hash of the conversation, so a `before`
 * cursor names its place without a look-up of its own, and two conversations' ids do not meet.
 */
export function publicId(userId: string, n: number, createdAt: Date): string {
  const hex = (value: number) => (value >>> 0).toString(16).padStart(8, '0');
  return hex(Math.floor(createdAt.getTime() / 1000)) + hex(n) + hex(fnv1a(userId));
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/**
 * The storage of chat, where every read and write names `_id` alone (FerretDB v1 over SQLite answers
 * nothing else from an index, and does one command at a time: about 1 ms each on this machine):
 *
 * - a message is one unique insert at the next place of its conversation (`messageKey`), carrying the
 *   counts of both sides up to it. The place is known in memory; a place another instance took
 *   meanwhile fails the insert and the message goes to the next one. Messages arriving together (from
 *   different conversations) are one insert, a conversation has at most one message in each, so its
 *   messages are stored in the order they were sent. A message is acknowledged once it is inserted
 *   (and, for a conversation's first message, once its inbox row is): that is all the writing a
 *   message waits for;
 * - inbox rows (`chat_conversations`) and pages of history (`chat_pages`, PAGE_SPAN messages a
 *   document, each overlapping the next by PAGE_SIZE) are written behind, every FLUSH_EVERY_MS and
 *   when the app stops, a few conversations at a time. They are read models of the messages: a
 *   row's `next` may be behind after a crash, so each conversation's row is checked against the
 *   messages (a read of the place after it) once after start-up, and places a page lacks are read
 *   one by one;
 * - read marks (`chat_reads`) hold how many of the other side's messages a side has read; unread is the
 *   other side's count minus that mark, and the seller's total a sum kept in memory;
 * - the inbox order, every conversation's counts and marks are kept in memory: read once at start-up
 *   and kept current by this instance's writes and the other instances' messages (ClusterBus).
 *   Messages never change, so they are kept too.
 *
 * No count is kept by `$inc` and no document is updated by every message (FerretDB v1 loses concurrent
 * updates of one document, README "The database"): rows and marks are written by `_id` with absolute
 * values, on MongoDB guarded so that they only move forward. On FerretDB two instances writing one row
 * at once may leave the older values: a row is only where the check after a start-up begins, and a
 * mark can at worst show a message as unread again after a restart.
 */
@Injectable()
export class ChatStore implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ChatStore');
  /** Conversations in inbox order: the most recently written last. */
  private readonly conversations = new Map<string, ConversationState>();
  private readonly local = new Map<string, Local>();
  /** Every row checked against its messages since the conversations were read (the inbox and the seller's total wait for it). */
  private allChecked: Promise<void> = Promise.resolve();
  private newestFirst?: ConversationState[];
  /** Whether `conversations` is in order of `lastAt` (a message older than the newest one, from another instance or a check, breaks it). */
  private inOrder = true;
  private newestAt = 0;
  /** The seller's unread messages across conversations. */
  private sellerUnread = 0;
  private readonly remembered = new LRUCache<string, ChatMessage>({ max: REMEMBERED_MESSAGES });
  private readonly queue: Pending[] = [];
  private writing = false;
  private ready?: Promise<void>;
  /** Writes of read marks under way, per mark (one at a time, so a lower mark never lands last). */
  private readonly markWrites = new Map<string, Promise<void>>();
  /** Conversations whose row or pages are behind what this instance stored. */
  private readonly dirty = new Set<string>();
  private flushing?: Promise<void>;
  private flushTimer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    @InjectModel(ChatMessageRecord.name) private readonly messages: Model<ChatMessageRecord>,
    @InjectModel(Conversation.name) private readonly rows: Model<Conversation>,
    @InjectModel(ChatReadMark.name) private readonly marks: Model<ChatReadMark>,
    @InjectModel(ChatPage.name) private readonly pages: Model<ChatPage>,
    private readonly engine: DatabaseEngine,
    private readonly cluster: ClusterBus,
  ) {
    cluster.subscribe<ChangedMessage>(TOPIC, {
      message: ({ states }) => {
        if (!Array.isArray(states)) return;
        for (const state of states) this.merge({ ...state, lastAt: new Date(state.lastAt) });
      },
      // Changes announced while Redis was away are unknown: read everything again.
      resync: () => {
        this.ready = undefined;
        void this.whenReady().catch(() => undefined);
      },
    });
  }

  onApplicationBootstrap() {
    void this.whenReady().catch((error: Error) => this.logger.error(`Chat could not be prepared: ${error.message}`));
    this.flushTimer = setInterval(
      () => void this.flush().catch((error: Error) => this.logger.warn(`Chat rows not written behind (tried again): ${error.message}`)),
      FLUSH_EVERY_MS,
    );
    this.flushTimer.unref();
  }

  /** Rows and pages written before the database connection closes. */
  async beforeApplicationShutdown() {
    this.stopped = true;
    clearInterval(this.flushTimer);
    await this.flush({ all: true }).catch((error: Error) => this.logger.warn(`Chat rows not written at shutdown: ${error.message}`));
  }

  /** The first call moves old messages (once) and reads the conversations; a failure is tried again by the next call. */
  private whenReady(): Promise<void> {
    if (!this.ready) {
      const ready = startupWork('chat conversations', this.prepare());
      this.ready = ready;
      ready.catch(() => {
        if (this.ready === ready) this.ready = undefined;
      });
    }
    return this.ready;
  }

  private async prepare(): Promise<void> {
    if (!(await this.marks.exists({ _id: MOVED_MARK }))) {
      // The old format's indexes: every insert would keep them up to date for nothing.
      for (const index of ['user_1_createdAt_-1', 'user_1_from_1_read_1']) await this.messages.collection.dropIndex(index).catch(() => undefined);
      await this.moveOldMessages();
      await this.marks.updateOne({ _id: MOVED_MARK }, { $set: { upTo: 1 } }, { upsert: true });
    }
    const [rows, marks] = await Promise.all([this.rows.find().lean(), this.marks.find().lean()]);
    const read = new Map(marks.map((mark) => [mark._id, mark.upTo]));
    this.conversations.clear();
    this.local.clear();
    this.newestFirst = undefined;
    this.inOrder = true;
    this.newestAt = 0;
    this.sellerUnread = 0;
    for (const row of rows) {
      if (!row.lastAt) continue;
      const userId = String(row._id);
      this.local.set(userId, { paged: Math.min(row.paged ?? 0, row.next ?? 0) });
      // Pages behind the row (moved from the old format, or a crash): written by the next flush.
      if ((row.paged ?? 0) < (row.next ?? 0)) this.dirty.add(userId);
      this.merge({
        userId,
        name: row.name,
        email: row.email,
        next: row.next ?? 0,
        users: row.users ?? 0,
        sellers: row.sellers ?? 0,
        lastText: row.lastText,
        lastFrom: row.lastFrom,
        lastAt: new Date(row.lastAt),
        sellerRead: read.get(markKey(userId, 'seller')) ?? 0,
        shopperRead: read.get(markKey(userId, 'user')) ?? 0,
      });
    }
    // Rows may be behind their messages (written behind; a crash): each is checked, in the background.
    const checking = startupWork('chat rows checked against their messages', this.checkAll());
    this.allChecked = checking.catch((error: Error) => {
      this.logger.warn(`Chat rows not all checked: ${error.message}`);
      if (this.allChecked === checking) this.allChecked = this.checkAll();
    });
  }

  private async checkAll(): Promise<void> {
    const ids = [...this.conversations.keys()];
    for (let i = 0; i < ids.length; i += 20) await Promise.all(ids.slice(i, i + 20).map((id) => this.checked(id)));
  }

  /** Once per conversation and start-up: messages stored past the row's `next` are taken in. */
  private checked(userId: string): Promise<void> {
    const local = this.localOf(userId);
    local.checked ??= this.readOn(userId).catch((error: unknown) => {
      local.checked = undefined;
      throw error;
    });
    return local.checked;
  }

  private localOf(userId: string): Local {
    let local = this.local.get(userId);
    if (!local) {
      local = { paged: 0 };
      this.local.set(userId, local);
    }
    return local;
  }

  /** Reads past the known `next` (doubling, then halving) and takes in the newest message found. */
  private async readOn(userId: string): Promise<void> {
    const state = this.conversations.get(userId);
    const from = state?.next ?? 0;
    const taken = async (n: number) => (await this.messages.exists({ _id: messageKey(userId, n) })) !== null;
    if (!(await taken(from))) return;
    let last = from;
    let step = 1;
    while (await taken(from + step)) {
      last = from + step;
      step *= 2;
    }
    let free = from + step;
    while (free - last > 1) {
      const middle = Math.floor((last + free) / 2);
      if (await taken(middle)) last = middle;
      else free = middle;
    }
    const newest = await this.messages.findById(messageKey(userId, last)).lean<StoredMessage>();
    if (newest) {
      this.remember(newest);
      this.learn(newest, { userId, name: state?.name ?? '', email: state?.email ?? '' });
      this.dirty.add(userId);
    }
  }

  // ---- writing ----

  /** Stores a message at the next place of its conversation; resolves once it is stored. */
  async append(message: NewMessage): Promise<ChatMessage> {
    await this.whenReady();
    if (this.conversations.has(message.userId)) await this.checked(message.userId);
    return new Promise<ChatMessage>((resolve, reject) => {
      this.queue.push({ message, resolve, reject });
      if (!this.writing) void this.writeQueued();
    });
  }

  private async writeQueued(): Promise<void> {
    this.writing = true;
    try {
      while (this.queue.length) {
        // One message per conversation in a write, the first waiting of each: the rest keep their turn.
        const batch: Pending[] = [];
        const taken = new Set<string>();
        for (let i = 0; i < this.queue.length && batch.length < BATCH;) {
          const pending = this.queue[i];
          if (taken.has(pending.message.userId)) {
            i++;
            continue;
          }
          taken.add(pending.message.userId);
          batch.push(pending);
          this.queue.splice(i, 1);
        }
        const retry = await this.write(batch);
        this.queue.unshift(...retry);
      }
    } finally {
      this.writing = false;
    }
  }

  /** Writes one message per conversation; returns those whose place another instance took (to go again). */
  private async write(batch: Pending[]): Promise<Pending[]> {
    const now = new Date();
    const isNew = batch.map(({ message }) => !this.conversations.has(message.userId));
    const docs = batch.map(({ message }): StoredMessage => {
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
        createdAt,
        users: (state?.users ?? 0) + (message.from === 'user' ? 1 : 0),
        sellers: (state?.sellers ?? 0) + (message.from === 'seller' ? 1 : 0),
      };
    });
    const failed = new Map<number, unknown>();
    try {
      await this.messages.collection.insertMany(docs as never[], { ordered: false });
    } catch (error) {
      const list = writeErrorsOf(error) as { index?: number }[];
      if (!list.length) {
        for (const pending of batch) pending.reject(error);
        return [];
      }
      for (const failure of list) if (typeof failure.index === 'number') failed.set(failure.index, failure);
    }
    const retry: Pending[] = [];
    const stored: { pending: Pending; doc: StoredMessage; isNew: boolean }[] = [];
    await Promise.all(
      batch.map(async (pending, i) => {
        const failure = failed.get(i);
        if (failure === undefined) return stored.push({ pending, doc: docs[i], isNew: isNew[i] });
        if (!isDuplicateKeyError(failure)) return pending.reject(failure);
        // Another instance took the place: read on from it, and this message goes to the next free one.
        try {
          const local = this.localOf(pending.message.userId);
          local.checked = undefined;
          if (!this.conversations.has(pending.message.userId)) {
            const taken = await this.messages.findById(docs[i]._id).lean<StoredMessage>();
            if (taken) this.learn(taken, pending.message);
          }
          await this.checked(pending.message.userId);
          retry.push(pending);
        } catch (error) {
          pending.reject(error);
        }
      }),
    );
    if (!stored.length) return retry;
    const states = stored.map(({ pending, doc }) => this.learn(doc, pending.message));
    // A conversation's first message: its row before the acknowledgement (a start-up finds conversations by their rows).
    const firsts = stored.filter((entry) => entry.isNew).map(({ pending }) => this.rowOf(this.conversations.get(pending.message.userId)!));
    if (firsts.length) {
      try {
        await this.rows.collection.insertMany(firsts as never[], { ordered: false });
      } catch (error) {
        const list = writeErrorsOf(error);
        // A row there already (another instance began the same conversation) is written by the flush.
        if (!list.length || list.some((failure) => !isDuplicateKeyError(failure))) {
          for (const { pending, isNew } of stored) if (isNew) pending.reject(error);
          for (const { pending } of stored) this.dirty.add(pending.message.userId);
          return retry;
        }
      }
    }
    for (const { pending, doc } of stored) {
      this.dirty.add(pending.message.userId);
      pending.resolve(this.remember(doc));
    }
    await this.announce(states);
    return retry;
  }

  private rowOf(state: ConversationState) {
    return {
      _id: new Types.ObjectId(state.userId),
      name: state.name,
      email: state.email,
      lastText: state.lastText,
      lastFrom: state.lastFrom,
      lastAt: state.lastAt,
      next: state.next,
      users: state.users,
      sellers: state.sellers,
    };
  }

  /**
   * Writes the rows and pages of history of conversations this instance stored messages in, a few
   * conversations at a time (the database does one command at a time: a long write would hold up the
   * messages waiting behind it). `all` writes every one, waiting for a write under way first.
   */
  flush({ all = false } = {}): Promise<void> {
    if (this.flushing) return all ? this.flushing.then(() => this.flush({ all })) : this.flushing;
    const run = (async () => {
      while (this.dirty.size) {
        const chunk = [...this.dirty].slice(0, FLUSH_CHUNK);
        for (const userId of chunk) this.dirty.delete(userId);
        try {
          await this.writeBehind(chunk);
        } catch (error) {
          for (const userId of chunk) this.dirty.add(userId);
          throw error;
        }
        if (!all && !this.stopped) await sleep(10);
      }
    })();
    this.flushing = run.finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  private async writeBehind(userIds: string[]): Promise<void> {
    const pageWrites: { updateOne: { filter: { _id: string }; update: object; upsert: true } }[] = [];
    const rowWrites: { updateOne: { filter: object; update: object; upsert: true } }[] = [];
    const pagedTo = new Map<string, number>();
    for (const userId of userIds) {
      const state = this.conversations.get(userId);
      if (!state) continue;
      const local = this.localOf(userId);
      // New places belong to their own page and to the one before it (which holds the next page's places too).
      for (let k = Math.max(0, Math.floor(local.paged / PAGE_SIZE) - 1); k * PAGE_SIZE < state.next; k++) {
        const start = k * PAGE_SIZE;
        const end = Math.min(state.next, start + PAGE_SPAN);
        const messages = await this.range(userId, start, end);
        // Only a complete run of places from the page's start (a page never has gaps).
        const run = messages.findIndex((message, i) => this.placeOfMessage(message) !== start + i);
        const entries = (run < 0 ? messages : messages.slice(0, run)).map((message, i) => toPaged(message, start + i));
        if (!entries.length) break;
        pageWrites.push({ updateOne: { filter: { _id: pageKey(userId, k) }, update: { $set: pageFields(entries), $unset: { messages: 1 } }, upsert: true } });
        pagedTo.set(userId, Math.max(pagedTo.get(userId) ?? 0, start + entries.length));
        if (start + entries.length < end) break;
      }
      const { _id, ...fields } = this.rowOf(state);
      const guard = this.engine.needsLockDocuments ? {} : { next: { $not: { $gt: state.next } } };
      rowWrites.push({ updateOne: { filter: { _id, ...guard }, update: { $set: { ...fields, paged: pagedTo.get(userId) ?? local.paged } }, upsert: true } });
    }
    // On FerretDB in commands of DatabaseEngine.updatesPerCommand.
    const per = this.engine.updatesPerCommand;
    await inCommands(pageWrites, per, (run) => this.pages.collection.bulkWrite(run as never[], { ordered: false }));
    await inCommands(rowWrites, per, async (run) => {
      try {
        await this.rows.collection.bulkWrite(run as never[], { ordered: false });
      } catch (error) {
        // MongoDB: a row already past this one (another instance's; the guarded upsert met the _id) is as it should be.
        const list = writeErrorsOf(error);
        if (!list.length || list.some((failure) => !isDuplicateKeyError(failure))) throw error;
      }
    });
    for (const [userId, paged] of pagedTo) this.localOf(userId).paged = Math.max(this.localOf(userId).paged, paged);
  }

  /** The place of a remembered message (kept beside it). */
  private placeOfMessage(message: ChatMessage): number {
    return placeOf.get(message) ?? -1;
  }

  /** Takes a stored message into its conversation's state (created if new); the state. */
  private learn(doc: StoredMessage, about: { userId: string; name: string; email: string }): ConversationState {
    return this.merge({
      userId: about.userId,
      name: about.name,
      email: about.email,
      next: doc.n + 1,
      users: doc.users,
      sellers: doc.sellers,
      lastText: doc.text,
      lastFrom: doc.from,
      lastAt: doc.createdAt,
      sellerRead: 0,
      shopperRead: 0,
    });
  }

  /** Applies what is known of a conversation: the newer message wins, read marks only move up. */
  private merge(incoming: ConversationState): ConversationState {
    const known = this.conversations.get(incoming.userId);
    const before = known ? unreadBySeller(known) : 0;
    let state: ConversationState;
    if (!known) {
      state = { ...incoming };
      this.toNewestEnd(state);
    } else {
      state = known;
      if (incoming.next > known.next) {
        Object.assign(known, {
          name: incoming.name || known.name,
          email: incoming.email || known.email,
          next: incoming.next,
          users: incoming.users,
          sellers: incoming.sellers,
          lastText: incoming.lastText,
          lastFrom: incoming.lastFrom,
          lastAt: incoming.lastAt,
        });
        this.conversations.delete(known.userId);
        this.toNewestEnd(known);
      }
      known.sellerRead = Math.max(known.sellerRead, incoming.sellerRead);
      known.shopperRead = Math.max(known.shopperRead, incoming.shopperRead);
    }
    this.sellerUnread += unreadBySeller(state) - before;
    return state;
  }

  private toNewestEnd(state: ConversationState): void {
    this.conversations.set(state.userId, state);
    const at = state.lastAt.getTime();
    if (at < this.newestAt) this.inOrder = false;
    else this.newestAt = at;
    this.newestFirst = undefined;
  }

  /** The conversations, the most recent message first. */
  private byRecency(): ConversationState[] {
    if (!this.inOrder) {
      const sorted = [...this.conversations.values()].sort((a, b) => a.lastAt.getTime() - b.lastAt.getTime() || a.userId.localeCompare(b.userId));
      this.conversations.clear();
      for (const state of sorted) this.conversations.set(state.userId, state);
      this.inOrder = true;
      this.newestFirst = undefined;
    }
    this.newestFirst ??= [...this.conversations.values()].reverse();
    return this.newestFirst;
  }

  private async announce(states: ConversationState[]): Promise<void> {
    if (!this.cluster.shared || !states.length) return;
    await this.cluster.publish(TOPIC, { states: states.map((state) => ({ ...state, lastAt: state.lastAt.toISOString() })) } satisfies ChangedMessage);
  }

  // ---- reading ----

  /** Messages before `before` (an id as the API gave it; the newest when absent), oldest first. */
  async page(userId: string, limit: number, before?: string): Promise<{ messages: ChatMessage[]; hasMore: boolean }> {
    await this.whenReady();
    if (this.conversations.has(userId)) await this.checked(userId);
    // With other instances, one may have just stored a message this one has not heard of yet.
    if (this.cluster.shared && !before) await this.readOn(userId);
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
      if (named && named._id === before.toLowerCase() && placeOf.get(named) === n) return { messages: found.slice(0, -1), hasMore: start > 0 };
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
   * message by message (a range of `_id`s on MongoDB).
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
        for (const page of found) if (page) for (const entry of pagedMessages(page)) this.rememberPaged(userId, entry);
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
      const found = this.engine.readsIdRangesFromIndex
        ? await this.messages.find({ _id: { $gte: wanted[0], $lte: wanted[wanted.length - 1] } }).lean<StoredMessage[]>()
        : await Promise.all(wanted.map((key) => this.messages.findById(key).lean<StoredMessage>()));
      for (const doc of found) if (doc) this.remember(doc);
    }
    return keys.map((key) => this.remembered.get(key)).filter((message): message is ChatMessage => message !== undefined);
  }

  private remember(doc: StoredMessage): ChatMessage {
    const userId = String(doc.user);
    const message: ChatMessage = {
      _id: doc.legacyId ?? publicId(userId, doc.n, doc.createdAt),
      userId,
      from: doc.from,
      text: doc.text,
      createdAt: doc.createdAt.toISOString(),
    };
    if (doc.orderId) message.orderId = String(doc.orderId);
    if (doc.orderNumber) message.orderNumber = doc.orderNumber;
    placeOf.set(message, doc.n);
    this.remembered.set(doc._id, message);
    return message;
  }

  private rememberPaged(userId: string, entry: PagedMessage): void {
    const message: ChatMessage = { _id: entry.id, userId, from: entry.from, text: entry.text, createdAt: entry.createdAt };
    if (entry.orderId) message.orderId = entry.orderId;
    if (entry.orderNumber) message.orderNumber = entry.orderNumber;
    placeOf.set(message, entry.n);
    this.remembered.set(messageKey(userId, entry.n), message);
  }

  /** The shopper's row as the inbox has it, if they have a conversation. */
  async conversation(userId: string): Promise<{ name: string; email: string } | undefined> {
    await this.whenReady();
    const state = this.conversations.get(userId);
    return state && { name: state.name, email: state.email };
  }

  async unread(userId: string, reader: Side): Promise<number> {
    await this.whenReady();
    if (this.conversations.has(userId)) await this.checked(userId);
    const state = this.conversations.get(userId);
    if (!state) return 0;
    return reader === 'seller' ? unreadBySeller(state) : Math.max(0, state.sellers - state.shopperRead);
  }

  async sellerUnreadTotal(): Promise<number> {
    await this.whenReady();
    await this.allChecked;
    return this.sellerUnread;
  }

  /** Page `page` (from 1) of the inbox, the most recently written conversation first. */
  async inbox(page: number, limit: number): Promise<{ rows: (ConversationState & { unread: number })[]; total: number }> {
    await this.whenReady();
    await this.allChecked;
    const newestFirst = this.byRecency();
    const rows = newestFirst.slice((page - 1) * limit, page * limit).map((state) => ({ ...state, unread: unreadBySeller(state) }));
    return { rows, total: newestFirst.length };
  }

  /** Everything the other side wrote so far counts as read by `reader`. */
  async markRead(userId: string, reader: Side): Promise<void> {
    await this.whenReady();
    if (this.conversations.has(userId)) await this.checked(userId);
    const state = this.conversations.get(userId);
    if (!state) return;
    const upTo = reader === 'seller' ? state.users : state.sellers;
    const key = markKey(userId, reader);
    // Read that far already: answered once that mark is stored.
    if (upTo <= (reader === 'seller' ? state.sellerRead : state.shopperRead)) return this.markWrites.get(key);
    this.merge({ ...state, ...(reader === 'seller' ? { sellerRead: upTo } : { shopperRead: upTo }) });
    const write = (this.markWrites.get(key) ?? Promise.resolve()).then(() => this.writeMark(key, upTo));
    const settled = write.then(
      () => undefined,
      () => undefined,
    );
    this.markWrites.set(key, settled);
    void settled.then(() => {
      if (this.markWrites.get(key) === settled) this.markWrites.delete(key);
    });
    await write;
    await this.announce([state]);
  }

  private async writeMark(key: string, upTo: number): Promise<void> {
    const filter = this.engine.needsLockDocuments ? { _id: key } : { _id: key, upTo: { $not: { $gte: upTo } } };
    try {
      await this.marks.collection.updateOne(filter as never, { $set: { upTo } }, { upsert: true });
    } catch (error) {
      // MongoDB: the mark is already further (the guarded upsert met the _id).
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  // ---- the one-time move of the old format ----

  /**
   * Messages of the old format (ObjectId `_id`, `read` flags) become messages at places, conversation by
   * conversation, in the order they were written; their read flags become read marks, their rows get
   * the counts. Safe to run again after a stop half-way: places follow from the old documents' order
   * (moved ones keep `createdAt`), inserts meet the ones already made, and marks already written stay.
   */
  private async moveOldMessages(): Promise<void> {
    const old = (await this.messages.collection.find({ n: { $exists: false } }).toArray()) as unknown as LegacyMessage[];
    if (!old.length) return;
    const byUser = new Map<string, LegacyMessage[]>();
    for (const message of old) {
      const list = byUser.get(String(message.user)) ?? [];
      list.push(message);
      byUser.set(String(message.user), list);
    }
    let moved = 0;
    for (const [userId, list] of byUser) {
      list.sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime() || String(a._id).localeCompare(String(b._id)));
      let users = 0;
      let sellers = 0;
      let sellerRead = 0;
      let shopperRead = 0;
      const docs: StoredMessage[] = [];
      list.forEach((message, n) => {
        if (message.from === 'seller') sellers++;
        else users++;
        if (message.read && message.from === 'seller') shopperRead++;
        else if (message.read) sellerRead++;
        if (message.movedTo !== undefined) return;
        docs.push({
          _id: messageKey(userId, n),
          user: message.user,
          n,
          from: message.from === 'seller' ? 'seller' : 'user',
          text: message.text ?? '',
          ...(message.orderId ? { orderId: message.orderId } : {}),
          ...(message.orderNumber ? { orderNumber: message.orderNumber } : {}),
          createdAt: new Date(message.createdAt),
          users,
          sellers,
          legacyId: String(message._id),
        });
      });
      if (docs.length) {
        await this.messages.collection.insertMany(docs as never[], { ordered: false }).catch((error: { writeErrors?: unknown }) => {
          const failures = ([] as unknown[]).concat(error.writeErrors ?? []);
          if (!failures.length || failures.some((failure) => !isDuplicateKeyError(failure))) throw error;
        });
      }
      const last = list[list.length - 1];
      await this.rows.collection.updateOne({ _id: new Types.ObjectId(userId) } as never, {
        $set: { next: list.length, users, sellers, lastFrom: last.from === 'seller' ? 'seller' : 'user', lastAt: new Date(last.createdAt) },
      });
      if (sellerRead) await this.writeMark(markKey(userId, 'seller'), sellerRead);
      if (shopperRead) await this.writeMark(markKey(userId, 'user'), shopperRead);
      // Last: the old document keeps what numbering and counting need on a second run, and where it went.
      for (const doc of docs) {
        const from = doc.from;
        const read = list[doc.n].read === true;
        await this.messages.collection.replaceOne({ _id: new Types.ObjectId(doc.legacyId) } as never, {
          user: doc.user,
          createdAt: doc.createdAt,
          from,
          read,
          movedTo: doc.n,
        });
      }
      moved += docs.length;
    }
    this.logger.log(`Moved ${moved} chat messages of ${byUser.size} conversations to the format by place`);
  }
}

function unreadBySeller(state: ConversationState): number {
  return Math.max(0, state.users - state.sellerRead);
}

/** The place of each remembered message (the API's message has none of its own). */
const placeOf = new WeakMap<ChatMessage, number>();

function toPaged(message: ChatMessage, n: number): PagedMessage {
  return {
    n,
    id: message._id,
    from: message.from,
    text: message.text,
    ...(message.orderId ? { orderId: message.orderId } : {}),
    ...(message.orderNumber ? { orderNumber: message.orderNumber } : {}),
    createdAt: message.createdAt,
  };
}

function writeErrorsOf(error: unknown): unknown[] {
  const writeErrors = (error as { writeErrors?: unknown }).writeErrors;
  return Array.isArray(writeErrors) ? writeErrors : writeErrors ? [writeErrors] : [];
}
