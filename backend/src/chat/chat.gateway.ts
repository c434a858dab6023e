import {
  SOCKET_EVENTS,
  type ChatAck,
  type ChatMessage,
  type OrderView,
  type ClientToServerEvents,
  type ReplyToUserPayload,
  type SendMessageToSellerPayload,
  type ServerToClientEvents,
} from '@greencart/domain';
import { HttpException, Logger } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { ConnectedSocket, MessageBody, OnGatewayInit, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { CART_CHANGED, type CartChangedEvent } from '../cart/cart.events';
import { PRODUCT_SOLD_OUT, type ProductSoldOutEvent } from '../products/product.events';
import { ORDER_PAID, ORDER_PLACED, ORDER_REFUNDED, ORDER_STATUS_CHANGED, type OrderPlacedEvent } from '../orders/order.events';
import { SessionService, type SellerSession, type Shopper } from '../sessions/session.service';
import { ChatRateLimit } from './chat-rate-limit';
import { ChatService } from './chat.service';

/** Who a connected socket is, decided once at the handshake. */
type SocketIdentity = { role: 'user'; shopper: Shopper } | { role: 'seller'; seller: SellerSession };
type ShopSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, { identity: SocketIdentity }>;
type ShopServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, { identity: SocketIdentity }>;

export const SELLERS_ROOM = 'sellers';
export const shopperRoom = (userId: string) => `user:${userId}`;

/**
 * The shop's socket.io endpoint (path /socket.io on the API's port): chat between each shopper and
 * the seller, and live order updates. A connection is authenticated from the same session cookies
 * as HTTP; a browser holding both cookies connects as the role its page asks for in the handshake
 * (`auth: { role: 'seller' }` on seller pages, a shopper otherwise). Each shopper has a private room;
 * the seller's tabs share the sellers room.
 */
@WebSocketGateway()
export class ChatGateway implements OnGatewayInit {
  private readonly logger = new Logger(ChatGateway.name);
  @WebSocketServer() private server: ShopServer;

  constructor(
    private readonly sessions: SessionService,
    private readonly chat: ChatService,
    private readonly limits: ChatRateLimit,
  ) {}

  afterInit(server: ShopServer) {
    server.use((socket: ShopSocket, next) => {
      this.identify(socket)
        .then((identity) => {
          if (!identity)
            return next(new Error(socket.handshake.auth?.role === 'seller' ? 'Please log in as the seller' : 'Please log in to chat with the shop'));
          socket.data.identity = identity;
          void socket.join(identity.role === 'seller' ? SELLERS_ROOM : shopperRoom(identity.shopper._id));
          next();
        })
        .catch((error: Error) => {
          this.logger.warn(`Socket handshake failed: ${error.message}`);
          next(new Error('The shop could not check your session, please try again'));
        });
    });
  }

  private async identify(socket: ShopSocket): Promise<SocketIdentity | null> {
    const sessions = await this.sessions.fromCookieHeader(socket.handshake.headers.cookie);
    const wanted = (socket.handshake.auth as { role?: unknown } | undefined)?.role === 'seller' ? 'seller' : 'user';
    if (wanted === 'seller') return sessions.seller ? { role: 'seller', seller: sessions.seller } : null;
    return sessions.shopper ? { role: 'user', shopper: sessions.shopper } : null;
  }

  @SubscribeMessage(SOCKET_EVENTS.sendMessageToSeller)
  async fromShopper(@ConnectedSocket() socket: ShopSocket, @MessageBody() payload: SendMessageToSellerPayload): Promise<ChatAck> {
    const identity = socket.data.identity;
    if (identity.role !== 'user') return refuse('Only shoppers send messages to the shop; the seller replies with reply-to-user');
    return this.answer(async () => {
      if (!(await this.limits.allow(`user:${identity.shopper._id}`, 'user'))) throw new TooFast('You are sending messages too fast; please wait a few seconds');
      const body = typeof payload === 'string' ? { text: payload } : payload;
      const message = await this.chat.sendFromShopper(identity.shopper, body?.text, body?.orderId);
      this.server.to(SELLERS_ROOM).emit(SOCKET_EVENTS.messageForSeller, message);
      this.server.to(shopperRoom(identity.shopper._id)).emit(SOCKET_EVENTS.messageForUser, message);
      return message;
    });
  }

  @SubscribeMessage(SOCKET_EVENTS.replyToUser)
  async fromSeller(@ConnectedSocket() socket: ShopSocket, @MessageBody() payload: ReplyToUserPayload): Promise<ChatAck> {
    if (socket.data.identity.role !== 'seller') return refuse('Only the seller can reply to shoppers');
    return this.answer(async () => {
      if (!(await this.limits.allow('seller', 'seller'))) throw new TooFast('You are sending replies too fast; please wait a few seconds');
      const message = await this.chat.replyFromSeller(payload?.userId, payload?.text);
      this.server.to(shopperRoom(message.userId)).emit(SOCKET_EVENTS.messageForUser, message);
      // The seller's other tabs see the reply too (from: 'seller').
      this.server.to(SELLERS_ROOM).emit(SOCKET_EVENTS.messageForSeller, message);
      return message;
    });
  }

  /** Stored first, acknowledged after; any refusal is `{ success: false, message }`. */
  private async answer(send: () => Promise<ChatMessage>): Promise<ChatAck> {
    try {
      return { success: true, message: await send() };
    } catch (error) {
      if (error instanceof HttpException || error instanceof TooFast) return refuse(error.message);
      this.logger.error((error as Error)?.stack ?? String(error));
      return refuse('The message could not be sent, please try again');
    }
  }

  @OnEvent(ORDER_PLACED)
  orderPlaced(event: OrderPlacedEvent) {
    const order = asView(event.order);
    this.server.to(SELLERS_ROOM).emit(SOCKET_EVENTS.orderPlaced, order);
    this.server.to(shopperRoom(event.userId)).emit(SOCKET_EVENTS.orderUpdated, order);
  }

  @OnEvent(ORDER_STATUS_CHANGED)
  @OnEvent(ORDER_PAID)
  @OnEvent(ORDER_REFUNDED)
  orderUpdated(event: OrderPlacedEvent) {
    const order = asView(event.order);
    this.server.to(SELLERS_ROOM).emit(SOCKET_EVENTS.orderUpdated, order);
    this.server.to(shopperRoom(event.userId)).emit(SOCKET_EVENTS.orderUpdated, order);
  }

  @OnEvent(PRODUCT_SOLD_OUT)
  soldOut(event: ProductSoldOutEvent) {
    this.server.to(SELLERS_ROOM).emit(SOCKET_EVENTS.productSoldOut, { productId: event.productId, name: event.name });
  }

  @OnEvent(CART_CHANGED)
  cartChanged(event: CartChangedEvent) {
    this.server.to(shopperRoom(event.userId)).emit(SOCKET_EVENTS.cartUpdated, { cartItems: event.cartItems, version: event.version });
  }
}

class TooFast extends Error {}

/** The order as the HTTP lists return it (the document's JSON form, virtuals included). */
function asView(order: OrderPlacedEvent['order']): OrderView {
  return JSON.parse(JSON.stringify(order)) as OrderView;
}

function refuse(message: string): ChatAck {
  return { success: false, message };
}
