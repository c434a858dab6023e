import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema, Types } from 'mongoose';

/**
 * One message of a shopper's conversation with the shop, at place `n` of that conversation: `_id` is
 * `<shopper id>#<n, ten digits>` (see `messageKey`), taken by a unique insert, so a message is stored
 * once, in order, and a page of history is a range of `_id`s. `users` and `sellers` count the messages
 * of each side up to and including this one: the conversation's unread counts follow from the newest
 * message and the read marks, never from counting. A message never changes once written.
 *
 * Messages stored before this format (ObjectId `_id`, a `read` flag) are moved into it once at start-up
 * (`moveOldMessages`, chat-migration.ts): each old document keeps only `user`, `createdAt` and `movedTo` (its place), so
 * a client still holding its id as a `before` cursor is answered, and the moved message shows that id.
 */
@Schema({ collection: 'chat_messages', versionKey: false })
export class ChatMessageRecord {
  @Prop({ type: String, required: true }) _id: string;
  /** The shopper whose conversation it is (whoever wrote it). */
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true }) user: Types.ObjectId;
  @Prop({ required: true }) n: number;
  @Prop({ type: String, required: true, enum: ['user', 'seller'] }) from: 'user' | 'seller';
  @Prop({ required: true }) text: string;
  @Prop({ type: MongooseSchema.Types.ObjectId }) orderId?: Types.ObjectId;
  /** The order's number ("GC-10003") as it was when the message was written; older messages have only the id. */
  @Prop() orderNumber?: string;
  /** A staff member's first name on their replies ("Ravi from GreenCart"); absent for the owner and shoppers. */
  @Prop() by?: string;
  @Prop({ required: true }) createdAt: Date;
  /** Messages from the shopper among places 0…n. */
  @Prop({ required: true }) users: number;
  /** Messages from the seller among places 0…n. */
  @Prop({ required: true }) sellers: number;
  /** The id a message moved from the old format had (still its id in the API). */
  @Prop() legacyId?: string;
}

export const ChatMessageSchema = SchemaFactory.createForClass(ChatMessageRecord);

/**
 * One row of the seller's inbox per shopper: who, and the newest message. Written when a conversation
 * begins and then behind its messages (ChatWriteBehind): `next` may be behind the messages stored,
 * which are the truth (a start-up reads on from `next`).
 */
@Schema({ collection: 'chat_conversations', versionKey: false })
export class Conversation {
  /** The shopper's id. */
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true }) _id: Types.ObjectId;
  @Prop({ required: true }) name: string;
  @Prop({ required: true }) email: string;
  @Prop({ required: true }) lastText: string;
  @Prop({ type: String, required: true, enum: ['user', 'seller'] }) lastFrom: 'user' | 'seller';
  @Prop({ required: true }) lastAt: Date;
  /** The first free place (messages stored); absent on rows of the old format until they are moved. */
  @Prop() next?: number;
  /** `users` and `sellers` of the newest message. */
  @Prop() users?: number;
  @Prop() sellers?: number;
  /** Places written to pages of history (ChatPage) so far. */
  @Prop() paged?: number;
}

export const ConversationSchema = SchemaFactory.createForClass(Conversation);

/**
 * How far one side has read a conversation: `_id` is `<shopper id>:seller` (the seller has read this
 * many of the shopper's messages) or `<shopper id>:shopper` (the shopper, of the seller's). Kept apart
 * from the conversation row, so marking read never writes the document each message writes.
 */
@Schema({ collection: 'chat_reads', versionKey: false })
export class ChatReadMark {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ required: true }) upTo: number;
}

export const ChatReadMarkSchema = SchemaFactory.createForClass(ChatReadMark);

/** A message as a page of history keeps it (what the API shows, and its place). */
export interface PagedMessage {
  n: number;
  id: string;
  from: 'user' | 'seller';
  text: string;
  orderId?: string;
  orderNumber?: string;
  by?: string;
  createdAt: string;
}

/**
 * Up to PAGE_SPAN (2 × PAGE_SIZE) consecutive messages of a conversation in one document, `_id`
 * `<shopper id>@<k>` (places k·PAGE_SIZE onwards, so each page holds the next one's places too): what a
 * page of history reads, one read by `_id` for a page of the API (the database may answer one command at a time)
 * instead of one per message. Pages written before they overlapped (PAGE_SIZE places) are still read. The messages are one JSON string (`PagedMessage[]`): the embedded database took about three times
 * as long to read the same messages as an array of embedded documents (docs/database.md). Written behind the messages
 * (ChatWriteBehind), so a page may hold fewer than were stored: the places it lacks are read one by one.
 */
@Schema({ collection: 'chat_pages', versionKey: false })
export class ChatPage {
  @Prop({ type: String, required: true }) _id: string;
  /** The messages as JSON (`PagedMessage[]`), raw-deflated: a fifth of the size, and read in two thirds of the time. */
  @Prop({ type: Buffer }) deflated?: Buffer;
  /** The same as plain JSON: pages written before they were deflated. */
  @Prop() messages?: string;
}

/** The messages a page holds, whichever way it was written. */
export function pagedMessages(page: { deflated?: Uint8Array | { buffer: Uint8Array }; messages?: string }): PagedMessage[] {
  const { deflated } = page;
  if (deflated) return JSON.parse(inflateRawSync(deflated instanceof Uint8Array ? deflated : deflated.buffer).toString()) as PagedMessage[];
  return page.messages ? (JSON.parse(page.messages) as PagedMessage[]) : [];
}

/** A page's fields as written now. */
export function pageFields(messages: PagedMessage[]): { deflated: Buffer } {
  return { deflated: deflateRawSync(JSON.stringify(messages)) };
}

export const ChatPageSchema = SchemaFactory.createForClass(ChatPage);
