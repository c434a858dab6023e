import type { ChatMessage } from '@greencart/domain';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { isValidObjectId, Model, Types } from 'mongoose';
import { DomainEvents } from '../common/events/domain-events';
import { isDuplicateKeyError } from '../common/mongo-errors';
import { OrdersService } from '../orders/orders.service';
import type { Shopper } from '../sessions/session.service';
import { UsersService } from '../users/users.service';
import { cleanChatText } from './chat-text';
import { ChatMessageRecord, Conversation } from './schemas/chat-message.schema';

export const CHAT_MESSAGE = 'chat.message';

export interface ChatMessageEvent {
  message: ChatMessage;
}

export interface InboxRow {
  userId: string;
  name: string;
  email: string;
  lastMessage: { text: string; from: 'user' | 'seller'; createdAt: Date };
  unread: number;
}

type Stored = ChatMessageRecord & { _id: Types.ObjectId };

/** A message as both sides receive it. */
export function toChatMessage(record: Stored): ChatMessage {
  const message: ChatMessage = {
    _id: String(record._id),
    userId: String(record.user),
    from: record.from,
    text: record.text,
    createdAt: record.createdAt.toISOString(),
  };
  if (record.orderId) message.orderId = String(record.orderId);
  if (record.orderNumber) message.orderNumber = record.orderNumber;
  return message;
}

/**
 * Conversations between each shopper and the shop: stored before anyone is told (the gateway
 * acknowledges and pushes after `send…` returns), read over HTTP as history.
 */
@Injectable()
export class ChatService {
  constructor(
    @InjectModel(ChatMessageRecord.name) private readonly messages: Model<ChatMessageRecord>,
    @InjectModel(Conversation.name) private readonly conversations: Model<Conversation>,
    private readonly users: UsersService,
    private readonly orders: OrdersService,
    private readonly events: DomainEvents,
  ) {}

  /** A shopper writes to the shop, optionally about one of their orders. */
  async sendFromShopper(shopper: Shopper, text: unknown, orderId?: unknown): Promise<ChatMessage> {
    const clean = cleanChatText(text);
    if ('problem' in clean) throw new BadRequestException(clean.problem);
    if (orderId !== undefined && orderId !== null && orderId !== '' && (typeof orderId !== 'string' || !isValidObjectId(orderId))) {
      throw new BadRequestException('orderId must be an order id');
    }
    // A shopper may point the shop only at their own order (another's id would show in the seller's inbox as theirs).
    const order = orderId ? await this.orders.chatReference(String(orderId), shopper._id) : undefined;
    if (order === null) throw new NotFoundException('You have no order with this id');
    const about = orderId ? { orderId: String(orderId), ...order } : undefined;
    return this.store(shopper._id, shopper.firstName, shopper.email, 'user', clean.text, about);
  }

  /** The seller answers a shopper. */
  async replyFromSeller(userId: unknown, text: unknown): Promise<ChatMessage> {
    if (typeof userId !== 'string' || !isValidObjectId(userId)) throw new BadRequestException('userId must be a shopper id');
    const clean = cleanChatText(text);
    if ('problem' in clean) throw new BadRequestException(clean.problem);
    const shopper = await this.users.findById(userId);
    if (!shopper) throw new NotFoundException('There is no such shopper');
    return this.store(shopper._id, shopper.firstName, shopper.email, 'seller', clean.text);
  }

  private async store(
    userId: string,
    name: string,
    email: string,
    from: 'user' | 'seller',
    text: string,
    about?: { orderId: string; orderNumber?: string },
  ): Promise<ChatMessage> {
    const user = new Types.ObjectId(userId);
    const order = about ? { orderId: new Types.ObjectId(about.orderId), ...(about.orderNumber ? { orderNumber: about.orderNumber } : {}) } : {};
    const record = await this.messages.create({ user, from, text, read: false, ...order });
    // The inbox row follows the newest message; an older write arriving late never moves it back.
    await this.conversations.updateOne({ _id: user }, { $set: { name, email } }, { upsert: true }).catch((error) => {
      if (!isDuplicateKeyError(error)) throw error; // two first messages at once: the other created the row
    });
    await this.conversations.updateOne(
      { _id: user, $or: [{ lastAt: { $exists: false } }, { lastAt: { $lte: record.createdAt } }] },
      { $set: { lastText: text, lastFrom: from, lastAt: record.createdAt } },
    );
    const message = toChatMessage(record.toObject() as Stored);
    await this.events.publish(CHAT_MESSAGE, { message } satisfies ChatMessageEvent);
    return message;
  }

  /** The newest `limit` messages of a conversation before `before` (a message id), oldest first. */
  async history(userId: string, limit: number, before?: string): Promise<{ messages: ChatMessage[]; hasMore: boolean }> {
    const user = new Types.ObjectId(userId);
    const filter: Record<string, unknown> = { user };
    if (before) {
      const pivot = await this.messages.findOne({ _id: new Types.ObjectId(before), user }).lean<Stored>();
      if (!pivot) throw new NotFoundException('No such message in this conversation');
      filter.$or = [{ createdAt: { $lt: pivot.createdAt } }, { createdAt: pivot.createdAt, _id: { $lt: pivot._id } }];
    }
    const found = await this.messages
      .find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .limit(limit + 1)
      .lean<Stored[]>();
    const messages = found.slice(0, limit).reverse().map(toChatMessage);
    // Messages stored before numbers were kept with them name their order by its number all the same.
    const unnamed = messages.filter((message) => message.orderId && !message.orderNumber).map((message) => message.orderId!);
    if (unnamed.length > 0) {
      const numbers = await this.orders.numbersOf(unnamed);
      for (const message of messages)
        if (message.orderId && !message.orderNumber && numbers.has(message.orderId)) message.orderNumber = numbers.get(message.orderId);
    }
    return { messages, hasMore: found.length > limit };
  }

  /** Messages of the other side not read yet: replies for the shopper, shopper messages for the seller. */
  unreadFor(userId: string, reader: 'user' | 'seller'): Promise<number> {
    return this.messages.countDocuments({ user: new Types.ObjectId(userId), from: reader === 'user' ? 'seller' : 'user', read: false });
  }

  /** All shopper messages the seller has not read, across conversations. */
  unreadForSeller(): Promise<number> {
    return this.messages.countDocuments({ from: 'user', read: false });
  }

  async markRead(userId: string, reader: 'user' | 'seller'): Promise<void> {
    await this.messages.updateMany({ user: new Types.ObjectId(userId), from: reader === 'user' ? 'seller' : 'user', read: false }, { $set: { read: true } });
  }

  /** The seller's inbox: one row per shopper, newest conversation first, with unread counts. */
  async inbox(page: number, limit: number): Promise<{ rows: InboxRow[]; total: number }> {
    const [conversations, total] = await Promise.all([
      this.conversations
        .find({ lastAt: { $exists: true } })
        .sort({ lastAt: -1, _id: -1 })
        .skip((page - 1) * limit)
        .limit(limit)
        .lean(),
      this.conversations.countDocuments({ lastAt: { $exists: true } }),
    ]);
    const rows = await Promise.all(
      conversations.map(async (c) => ({
        userId: String(c._id),
        name: c.name,
        email: c.email,
        lastMessage: { text: c.lastText, from: c.lastFrom, createdAt: c.lastAt },
        unread: await this.unreadFor(String(c._id), 'seller'),
      })),
    );
    return { rows, total };
  }

  /** The inbox row of one shopper (404 when they never wrote and were never written to). */
  async conversationOf(userId: string): Promise<Conversation> {
    const conversation = isValidObjectId(userId) ? await this.conversations.findById(userId).lean() : null;
    if (!conversation) throw new NotFoundException('No conversation with this shopper');
    return conversation;
  }
}
