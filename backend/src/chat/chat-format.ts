import type { ChatMessage } from '@greencart/domain';
import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { Collection, Types } from 'mongoose';
import { isDuplicateKeyError } from '../common/mongo-errors';
import type { ChatMessageRecord, PagedMessage } from './schemas/chat-message.schema';

/**
 * How chat is stored, shared by the messages, the history and the inbox: the `_id`s of messages,
 * pages of history and read marks, the id a message has in the API, and the messages kept in memory.
 */

export type Side = 'user' | 'seller';

export interface NewMessage {
  userId: string;
  name: string;
  email: string;
  from: Side;
  text: string;
  orderId?: string;
  orderNumber?: string;
  /** The replying staff member's first name. */
  by?: string;
}

export type StoredMessage = ChatMessageRecord;

/** A message of the format before places (ObjectId `_id`, `read` flags); `movedTo` once moved. */
export interface LegacyMessage {
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

/** Messages per page of history (ChatPage); a page of the API (at most 100) spans at most three. */
export const PAGE_SIZE = 50;
/**
 * Places a page of history holds: its own PAGE_SIZE and the next page's, so that the newest page of the
 * API (and one before a cursor) is one read, wherever its places start.
 */
export const PAGE_SPAN = 2 * PAGE_SIZE;

/** `_id` of the message at place `n` of a conversation: ten digits, so `_id` order is place order. */
export const messageKey = (userId: string, n: number) => `${userId}#${String(n).padStart(10, '0')}`;
/** `_id` of the page of history holding places k·PAGE_SIZE to k·PAGE_SIZE + PAGE_SPAN - 1. */
export const pageKey = (userId: string, k: number) => `${userId}@${k}`;
/** `_id` of how far `reader` has read the other side's messages. */
export const markKey = (userId: string, reader: Side) => `${userId}:${reader === 'seller' ? 'seller' : 'shopper'}`;

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

/** The place of each remembered message (the API's message has none of its own). */
const placeOf = new WeakMap<ChatMessage, number>();

/** The place of a message this instance read or stored (-1 if unknown). */
export const placeOfMessage = (message: ChatMessage): number => placeOf.get(message) ?? -1;

/** Messages kept in memory as the API shows them (a message never changes): about 400 bytes each. */
const REMEMBERED_MESSAGES = 100_000;

/** The messages of every conversation this instance stored or read lately, by `messageKey`. */
@Injectable()
export class RememberedMessages {
  private readonly messages = new LRUCache<string, ChatMessage>({ max: REMEMBERED_MESSAGES });

  get(key: string): ChatMessage | undefined {
    return this.messages.get(key);
  }

  has(key: string): boolean {
    return this.messages.has(key);
  }

  /** A stored message as the API shows it, remembered. */
  remember(doc: StoredMessage): ChatMessage {
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
    if (doc.by) message.by = doc.by;
    placeOf.set(message, doc.n);
    this.messages.set(doc._id, message);
    return message;
  }

  /** A message of a page of history, remembered. */
  rememberPaged(userId: string, entry: PagedMessage): void {
    const message: ChatMessage = { _id: entry.id, userId, from: entry.from, text: entry.text, createdAt: entry.createdAt };
    if (entry.orderId) message.orderId = entry.orderId;
    if (entry.orderNumber) message.orderNumber = entry.orderNumber;
    if (entry.by) message.by = entry.by;
    placeOf.set(message, entry.n);
    this.messages.set(messageKey(userId, entry.n), message);
  }
}

/** A message as a page of history keeps it. */
export function toPaged(message: ChatMessage, n: number): PagedMessage {
  return {
    n,
    id: message._id,
    from: message.from,
    text: message.text,
    ...(message.orderId ? { orderId: message.orderId } : {}),
    ...(message.orderNumber ? { orderNumber: message.orderNumber } : {}),
    ...(message.by ? { by: message.by } : {}),
    createdAt: message.createdAt,
  };
}

/** The per-document failures of a bulk write's error (none: the whole command failed). */
export function writeErrorsOf(error: unknown): unknown[] {
  const writeErrors = (error as { writeErrors?: unknown }).writeErrors;
  return Array.isArray(writeErrors) ? writeErrors : writeErrors ? [writeErrors] : [];
}

/** A bulk write's error that is only `_id`s met (another instance's upsert of the same document inserted it first). */
export const onlyDuplicates = (error: unknown): boolean => {
  const failures = writeErrorsOf(error);
  return failures.length > 0 && failures.every((failure) => isDuplicateKeyError(failure));
};

/**
 * Stores a read mark by `_id` alone: this instance writes one mark at a time (ChatInbox), and of two
 * instances writing one mark at once the last write wins (a mark can at worst show a message as unread
 * again after a restart; docs/database.md).
 */
export async function writeReadMark(marks: Collection, key: string, upTo: number): Promise<void> {
  try {
    await marks.updateOne({ _id: key } as never, { $set: { upTo } }, { upsert: true });
  } catch (error) {
    // Another instance's upsert of the same mark inserted it first: that write stands.
    if (!isDuplicateKeyError(error)) throw error;
  }
}
