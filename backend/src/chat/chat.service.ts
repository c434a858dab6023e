import type { ChatMessage } from '@greencart/domain';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { isValidObjectId } from 'mongoose';
import { DomainEvents } from '../common/events/domain-events';
import { OrdersService } from '../orders/orders.service';
import type { Shopper } from '../sessions/session.service';
import { UsersService } from '../users/users.service';
import { cleanChatText } from './chat-text';
import { ChatHistory } from './chat-history';
import { ChatInbox } from './chat-inbox';
import { ChatMessages } from './chat-messages';

export const CHAT_MESSAGE = 'chat.message';

export interface ChatMessageEvent {
  message: ChatMessage;
}

declare module '../common/events/domain-events' {
  interface DomainEventMap {
    [CHAT_MESSAGE]: ChatMessageEvent;
  }
}

export interface InboxRow {
  userId: string;
  name: string;
  email: string;
  lastMessage: { text: string; from: 'user' | 'seller'; createdAt: Date };
  unread: number;
}

/**
 * Conversations between each shopper and the shop: the rules (who may write what, about which order);
 * stored (ChatMessages) before anyone is told (the gateway acknowledges and pushes after `send…`
 * returns), read over HTTP as history.
 */
@Injectable()
export class ChatService {
  constructor(
    private readonly messages: ChatMessages,
    private readonly chatHistory: ChatHistory,
    private readonly chatInbox: ChatInbox,
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
  async replyFromSeller(userId: unknown, text: unknown, by?: string): Promise<ChatMessage> {
    if (typeof userId !== 'string' || !isValidObjectId(userId)) throw new BadRequestException('userId must be a shopper id');
    const clean = cleanChatText(text);
    if ('problem' in clean) throw new BadRequestException(clean.problem);
    const shopper = await this.users.findById(userId);
    if (!shopper) throw new NotFoundException('There is no such shopper');
    return this.store(shopper._id, shopper.firstName, shopper.email, 'seller', clean.text, undefined, by);
  }

  private async store(
    userId: string,
    name: string,
    email: string,
    from: 'user' | 'seller',
    text: string,
    about?: { orderId: string; orderNumber?: string },
    by?: string,
  ): Promise<ChatMessage> {
    const message = await this.messages.append({ userId, name, email, from, text, ...about, ...(by ? { by } : {}) });
    await this.events.publish(CHAT_MESSAGE, { message } satisfies ChatMessageEvent);
    return message;
  }

  /** The newest `limit` messages of a conversation before `before` (a message id), oldest first. */
  async history(userId: string, limit: number, before?: string): Promise<{ messages: ChatMessage[]; hasMore: boolean }> {
    const { messages: stored, hasMore } = await this.chatHistory.page(userId, limit, before);
    // Messages stored before numbers were kept with them name their order by its number all the same.
    const unnamed = stored.filter((message) => message.orderId && !message.orderNumber).map((message) => message.orderId!);
    if (!unnamed.length) return { messages: stored, hasMore };
    const numbers = await this.orders.numbersOf(unnamed);
    const messages = stored.map((message) =>
      message.orderId && !message.orderNumber && numbers.has(message.orderId) ? { ...message, orderNumber: numbers.get(message.orderId) } : message,
    );
    return { messages, hasMore };
  }

  /** Messages of the other side not read yet: replies for the shopper, shopper messages for the seller. */
  unreadFor(userId: string, reader: 'user' | 'seller'): Promise<number> {
    return this.chatInbox.unread(userId, reader);
  }

  /** All shopper messages the seller has not read, across conversations. */
  unreadForSeller(): Promise<number> {
    return this.chatInbox.sellerUnreadTotal();
  }

  markRead(userId: string, reader: 'user' | 'seller'): Promise<void> {
    return this.chatInbox.markRead(userId, reader);
  }

  /** The seller's inbox: one row per shopper, newest conversation first, with unread counts. */
  async inbox(page: number, limit: number): Promise<{ rows: InboxRow[]; total: number }> {
    const { rows, total } = await this.chatInbox.inbox(page, limit);
    return {
      rows: rows.map((c) => ({
        userId: c.userId,
        name: c.name,
        email: c.email,
        lastMessage: { text: c.lastText, from: c.lastFrom, createdAt: c.lastAt },
        unread: c.unread,
      })),
      total,
    };
  }

  /** The inbox row of one shopper (404 when they never wrote and were never written to). */
  async conversationOf(userId: string): Promise<{ name: string; email: string }> {
    const conversation = isValidObjectId(userId) ? await this.chatInbox.conversation(userId) : undefined;
    if (!conversation) throw new NotFoundException('No conversation with this shopper');
    return conversation;
  }
}
