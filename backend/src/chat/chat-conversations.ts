import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { ClusterBus } from '../common/cluster/cluster-bus';
import { startupWork } from '../common/startup/background-work';
import { markKey, messageKey, RememberedMessages, type Side, type StoredMessage } from './chat-format';
import { moveOldMessages } from './chat-migration';
import { ChatMessageRecord, ChatReadMark, Conversation } from './schemas/chat-message.schema';

/** What is known of one conversation: its row, its newest message's counts and both read marks. */
export interface ConversationState {
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

/** To the other instances: conversations this one changed (absolute values, applied by taking the newer). */
interface ChangedMessage {
  states: (Omit<ConversationState, 'lastAt'> & { lastAt: string })[];
}

const TOPIC = 'chat';
/** The one-time move of messages of the old format, marked done in `chat_reads`. */
const MOVED_MARK = 'job:chat-messages-v2';

export const unreadBySeller = (state: ConversationState): number => Math.max(0, state.users - state.sellerRead);

/**
 * Every conversation as this instance knows it, in inbox order, with its counts and both read marks:
 * read once at start-up (rows and marks) and kept current by this instance's writes and the other
 * instances' announcements (ClusterBus). The messages, the history and the inbox all work from it.
 *
 * Rows are written behind their messages (ChatWriteBehind), so a row's `next` may be behind after a
 * crash: each conversation is checked against its messages (a read of the place after it) once after
 * start-up, and the inbox and the seller's total wait until every one is.
 */
@Injectable()
export class ChatConversations implements OnApplicationBootstrap {
  private readonly logger = new Logger('ChatConversations');
  /** Conversations in inbox order: the most recently written last. */
  private readonly states = new Map<string, ConversationState>();
  private readonly local = new Map<string, Local>();
  /** Every row checked against its messages since the conversations were read. */
  private allChecked: Promise<void> = Promise.resolve();
  private newestFirst?: ConversationState[];
  /** Whether `states` is in order of `lastAt` (a message older than the newest one, from another instance or a check, breaks it). */
  private inOrder = true;
  private newestAt = 0;
  private unreadBySellerTotal = 0;
  private ready?: Promise<void>;
  /** Conversations whose row or pages are behind what this instance stored. */
  private readonly behind = new Set<string>();

  constructor(
    @InjectModel(ChatMessageRecord.name) private readonly messages: Model<ChatMessageRecord>,
    @InjectModel(Conversation.name) private readonly rows: Model<Conversation>,
    @InjectModel(ChatReadMark.name) private readonly marks: Model<ChatReadMark>,
    private readonly remembered: RememberedMessages,
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
  }

  /** The first call moves old messages (once) and reads the conversations; a failure is tried again by the next call. */
  whenReady(): Promise<void> {
    if (!this.ready) {
      const ready = startupWork('chat conversations', this.prepare());
      this.ready = ready;
      ready.catch(() => {
        if (this.ready === ready) this.ready = undefined;
      });
    }
    return this.ready;
  }

  /** Ready, and the conversation (if there is one) checked against its messages. */
  async readyFor(userId: string): Promise<void> {
    await this.whenReady();
    if (this.states.has(userId)) await this.checked(userId);
  }

  /** Ready, and every conversation checked against its messages (for what spans them all). */
  async allReady(): Promise<void> {
    await this.whenReady();
    await this.allChecked;
  }

  get(userId: string): ConversationState | undefined {
    return this.states.get(userId);
  }

  has(userId: string): boolean {
    return this.states.has(userId);
  }

  /** The seller's unread messages across conversations. */
  get sellerUnread(): number {
    return this.unreadBySellerTotal;
  }

  /** Places already in pages of history. */
  pagedOf(userId: string): number {
    return this.localOf(userId).paged;
  }

  setPaged(userId: string, paged: number): void {
    const local = this.localOf(userId);
    local.paged = Math.max(local.paged, paged);
  }

  /** The conversation's row and pages are behind: the next write behind writes them. */
  markBehind(userId: string): void {
    this.behind.add(userId);
  }

  /** The conversations behind, forgotten as such (a failed write marks them again). */
  takeBehind(): string[] {
    const userIds = [...this.behind];
    this.behind.clear();
    return userIds;
  }

  private async prepare(): Promise<void> {
    if (!(await this.marks.exists({ _id: MOVED_MARK }))) {
      // The old format's indexes: every insert would keep them up to date for nothing.
      for (const index of ['user_1_createdAt_-1', 'user_1_from_1_read_1']) await this.messages.collection.dropIndex(index).catch(() => undefined);
      const moved = await moveOldMessages(this.messages.collection, this.rows.collection, this.marks.collection);
      if (moved.conversations) this.logger.log(`Moved ${moved.messages} chat messages of ${moved.conversations} conversations to the format by place`);
      await this.marks.updateOne({ _id: MOVED_MARK }, { $set: { upTo: 1 } }, { upsert: true });
    }
    const [rows, marks] = await Promise.all([this.rows.find().lean(), this.marks.find().lean()]);
    const read = new Map(marks.map((mark) => [mark._id, mark.upTo]));
    this.states.clear();
    this.local.clear();
    this.newestFirst = undefined;
    this.inOrder = true;
    this.newestAt = 0;
    this.unreadBySellerTotal = 0;
    for (const row of rows) {
      if (!row.lastAt) continue;
      const userId = String(row._id);
      this.local.set(userId, { paged: Math.min(row.paged ?? 0, row.next ?? 0) });
      // Pages behind the row (moved from the old format, or a crash): written by the next write behind.
      if ((row.paged ?? 0) < (row.next ?? 0)) this.behind.add(userId);
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
    const ids = [...this.states.keys()];
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

  /**
   * Another instance took the place `key` this one meant for `about`'s message: what it stored there
   * is taken in and the conversation read on from it, so the message can go to the next free place.
   */
  async placeTaken(about: { userId: string; name: string; email: string }, key: string): Promise<void> {
    this.localOf(about.userId).checked = undefined;
    if (!this.states.has(about.userId)) {
      const taken = await this.messages.findById(key).lean<StoredMessage>();
      if (taken) this.learn(taken, about);
    }
    await this.checked(about.userId);
  }

  private localOf(userId: string): Local {
    let local = this.local.get(userId);
    if (!local) {
      local = { paged: 0 };
      this.local.set(userId, local);
    }
    return local;
  }

  /** With other instances, one may have just stored a message in the conversation this one has not heard of yet. */
  async catchUp(userId: string): Promise<void> {
    if (this.cluster.shared) await this.readOn(userId);
  }

  /** Reads past the known `next` (doubling, then halving) and takes in the newest message found. */
  private async readOn(userId: string): Promise<void> {
    const state = this.states.get(userId);
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
      this.remembered.remember(newest);
      this.learn(newest, { userId, name: state?.name ?? '', email: state?.email ?? '' });
      this.behind.add(userId);
    }
  }

  /** Takes a stored message into its conversation's state (created if new); the state. */
  learn(doc: StoredMessage, about: { userId: string; name: string; email: string }): ConversationState {
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
  merge(incoming: ConversationState): ConversationState {
    const known = this.states.get(incoming.userId);
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
        this.states.delete(known.userId);
        this.toNewestEnd(known);
      }
      known.sellerRead = Math.max(known.sellerRead, incoming.sellerRead);
      known.shopperRead = Math.max(known.shopperRead, incoming.shopperRead);
    }
    this.unreadBySellerTotal += unreadBySeller(state) - before;
    return state;
  }

  private toNewestEnd(state: ConversationState): void {
    this.states.set(state.userId, state);
    const at = state.lastAt.getTime();
    if (at < this.newestAt) this.inOrder = false;
    else this.newestAt = at;
    this.newestFirst = undefined;
  }

  /** The conversations, the most recent message first. */
  byRecency(): ConversationState[] {
    if (!this.inOrder) {
      const sorted = [...this.states.values()].sort((a, b) => a.lastAt.getTime() - b.lastAt.getTime() || a.userId.localeCompare(b.userId));
      this.states.clear();
      for (const state of sorted) this.states.set(state.userId, state);
      this.inOrder = true;
      this.newestFirst = undefined;
    }
    this.newestFirst ??= [...this.states.values()].reverse();
    return this.newestFirst;
  }

  /** Tells the other instances of conversations this one changed. */
  async announce(states: ConversationState[]): Promise<void> {
    if (!this.cluster.shared || !states.length) return;
    await this.cluster.publish(TOPIC, { states: states.map((state) => ({ ...state, lastAt: state.lastAt.toISOString() })) } satisfies ChangedMessage);
  }
}

/** A conversation's inbox row as stored. */
export function rowOf(state: ConversationState) {
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
