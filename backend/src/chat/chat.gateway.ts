import {
  firstNameOf,
  ROLE_LABELS,
  roleMay,
  SELLER_SOCKET_PERMISSIONS,
  type SellerPermission,
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
import { HttpAdapterHost } from '@nestjs/core';
import { ConfigService } from '@nestjs/config';
import { ConnectedSocket, MessageBody, OnGatewayConnection, OnGatewayInit, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import proxyAddr from 'proxy-addr';
import type { Server, Socket } from 'socket.io';
import { CART_CHANGED, type CartChangedEvent } from '../cart/cart.events';
import { PRODUCT_SOLD_OUT, type ProductSoldOutEvent } from '../products/product.events';
import {
  ORDER_PAID,
  ORDER_PLACED,
  ORDER_REFUNDED,
  ORDER_STATUS_CHANGED,
  type OrderPaidEvent,
  type OrderPlacedEvent,
  type OrderRefundedEvent,
  type OrderStatusChangedEvent,
} from '../orders/order.events';
import type { Environment } from '../config/environment';
import { signedBefore } from '../sessions/session';
import { SESSIONS_ENDED, SessionService, type SellerSession, type SessionsEndedEvent, type Shopper, type SocketSession } from '../sessions/session.service';
import { ClusterBus } from '../common/cluster/cluster-bus';
import { SELLERS_ROOM, sellersWith, sessionRoom, shopperRoom, STAFF_ROOM, staffRoom } from '../common/sockets/socket-rooms';
import { ChatRateLimit } from './chat-rate-limit';
import { ChatService } from './chat.service';
import { OnDomainEvent } from '../common/events/domain-events';

/** Who a connected socket is, decided once at the handshake. */
type SocketIdentity = { role: 'user'; shopper: Shopper } | { role: 'seller'; seller: SellerSession };
interface SocketData {
  identity: SocketIdentity;
  /** The session the socket was opened with: the socket closes when it ends or expires. */
  session: SocketSession;
  /** Until when (ms) the last check of that session holds for the messages the socket sends. */
  checkedUntil: number;
  /** The message of this socket being handled: the next waits for it, so a socket's messages are stored in the order sent. */
  turn?: Promise<unknown>;
}
type ShopSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type ShopServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

const SESSION_ENDED_MESSAGE = 'Your session has ended; please log in again';
const TOO_MANY_SOCKETS = 'Too many chat connections are open for this account or address; please close some tabs and try again';

/**
 * The shop's socket.io endpoint (path /socket.io on the API's port): chat between each shopper and
 * the seller, and live order updates. A connection is authenticated from the same session cookies
 * as HTTP; a browser holding both cookies connects as the role its page asks for in the handshake
 * (`auth: { role: 'seller' }` on seller pages, a shopper otherwise). Each shopper has a private room;
 * the seller's tabs share the sellers room.
 *
 * A socket lives no longer than its session: it is also in a room of its session, and logging out,
 * signing out everywhere (shopper or seller) or a password reset close the session's (or account's)
 * sockets on every instance (the session service's notices, through the cluster bus); a timer closes
 * it when the token expires; and each message it sends checks the session again in the database
 * (at most SOCKET_SESSION_CHECK_MS after the last check; with several instances, where a notice can
 * go missing between them), so a session that ended never sends.
 */
@WebSocketGateway()
export class ChatGateway implements OnGatewayInit, OnGatewayConnection {
  private readonly logger = new Logger(ChatGateway.name);
  @WebSocketServer() private server: ShopServer;
  private readonly checkEveryMs: number;
  /** Counts the notices of ended sessions this instance has acted on. */
  private notices = 0;
  /** Sockets open on this instance per client address, and the caps (per account: its room's size). */
  private readonly perAddress = new Map<string, number>();
  private readonly socketsPerAccount: number;
  private readonly socketsPerAddress: number;

  constructor(
    private readonly sessions: SessionService,
    private readonly chat: ChatService,
    private readonly limits: ChatRateLimit,
    private readonly http: HttpAdapterHost,
    private readonly cluster: ClusterBus,
    config: ConfigService<Environment, true>,
  ) {
    this.checkEveryMs = config.get('SOCKET_SESSION_CHECK_MS', { infer: true });
    this.socketsPerAccount = config.get('SOCKETS_PER_ACCOUNT', { infer: true });
    this.socketsPerAddress = config.get('SOCKETS_PER_ADDRESS', { infer: true });
  }

  /** The client's address as Express sees it (through a trusted proxy, the address it names). */
  private addressOf(socket: ShopSocket): string {
    const express = this.http.httpAdapter?.getInstance() as { get(name: string): unknown } | undefined;
    const trust = express?.get('trust proxy fn') as ((address: string, hop: number) => boolean) | undefined;
    return trust ? proxyAddr(socket.request, trust) : (socket.handshake.address ?? '');
  }

  /** Counts an admitted socket against its address's cap, until it disconnects. */
  private countAddress(socket: ShopSocket, address: string): void {
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    socket.once('disconnect', () => {
      const left = (this.perAddress.get(address) ?? 1) - 1;
      if (left > 0) this.perAddress.set(address, left);
      else this.perAddress.delete(address);
    });
  }

  afterInit(server: ShopServer) {
    server.use((socket: ShopSocket, next) => {
      this.admit(socket)
        .then((refusal) => next(refusal ? new Error(refusal) : undefined))
        .catch((error: Error) => {
          this.logger.warn(`Socket handshake failed: ${error.message}`);
          next(new Error('The shop could not check your session, please try again'));
        });
    });
  }

  /** Checks the handshake's session and puts the socket in its rooms; the refusal, if any. */
  private async admit(socket: ShopSocket): Promise<string | undefined> {
    const noticesBefore = this.notices;
    // The role hint decides only when the browser holds both sessions: without it a handshake with the
    // seller's session alone (the spec's seller client) is the seller's, and with both, the shopper's.
    const hint = (socket.handshake.auth as { role?: unknown } | undefined)?.role;
    const cookie = socket.handshake.headers.cookie;
    const session =
      hint === 'seller'
        ? await this.sessions.socketSession(cookie, 'seller')
        : ((await this.sessions.socketSession(cookie, 'shopper')) ?? (hint === undefined ? await this.sessions.socketSession(cookie, 'seller') : null));
    if (!session) return hint === 'seller' ? 'Please log in as the seller' : 'Please log in to chat with the shop';
    const accountRoom = session.kind === 'seller' ? SELLERS_ROOM : shopperRoom(session.shopper._id);
    if ((this.server?.sockets.adapter.rooms.get(accountRoom)?.size ?? 0) >= this.socketsPerAccount) return TOO_MANY_SOCKETS;
    const address = this.addressOf(socket);
    if ((this.perAddress.get(address) ?? 0) >= this.socketsPerAddress) return TOO_MANY_SOCKETS;
    socket.data.identity = session.kind === 'seller' ? { role: 'seller', seller: session.seller } : { role: 'user', shopper: session.shopper };
    socket.data.session = session;
    socket.data.checkedUntil = Date.now() + this.checkEveryMs;
    const rooms = [accountRoom, sessionRoom(session.claims.sid)];
    if (session.kind === 'seller' && session.seller.account !== 'owner') rooms.push(staffRoom(session.seller.id), STAFF_ROOM);
    void socket.join(rooms);
    // A session that ended while it was being checked: its notice went out before this socket was in the rooms.
    if (this.notices !== noticesBefore && !(await this.sessions.isCurrent(session))) return SESSION_ENDED_MESSAGE;
    this.countAddress(socket, address);
    return undefined;
  }

  /** The socket closes when its token expires (a token is never renewed in place). */
  handleConnection(socket: ShopSocket) {
    const left = socket.data.session.claims.exp * 1000 - Date.now();
    const expiry = setTimeout(() => socket.disconnect(true), Math.max(0, left));
    expiry.unref();
    socket.once('disconnect', () => clearTimeout(expiry));
  }

  /** Sessions ended here or on another instance: their sockets on this instance close. */
  @OnDomainEvent(SESSIONS_ENDED)
  async sessionsEnded(event: SessionsEndedEvent) {
    this.notices++;
    if ('sid' in event) this.closeRoom(sessionRoom(event.sid));
    else if ('userId' in event) this.closeRoom(shopperRoom(event.userId));
    else if ('sellerSince' in event)
      this.closeRoom(
        SELLERS_ROOM,
        // The owner's "sign out everywhere": every seller socket signed before it, the team's too.
        (session) => session.kind === 'seller' && signedBefore(session.claims, event.sellerSince),
      );
    else if ('staffId' in event) this.closeRoom(staffRoom(event.staffId));
    else await this.checkEveryOpenSocket();
  }

  /**
   * Notices may have been lost (Redis was away): every open socket's session is checked again, fifty at
   * a time; those ended close once all are checked (so a close tells that the others were checked).
   */
  private async checkEveryOpenSocket() {
    const open = [...(this.server?.sockets.sockets.values() ?? [])];
    const ended: ShopSocket[] = [];
    for (let i = 0; i < open.length; i += 50) {
      await Promise.all(
        open.slice(i, i + 50).map(async (socket) => {
          try {
            if (!(await this.sessions.isCurrent(socket.data.session))) ended.push(socket);
          } catch {
            // The database is away: the socket stays open and its next message checks again.
            socket.data.checkedUntil = 0;
          }
        }),
      );
    }
    for (const socket of ended) socket.disconnect(true);
  }

  private closeRoom(room: string, ended: (session: SocketSession) => boolean = () => true) {
    const namespace = this.server?.sockets;
    for (const id of [...(namespace?.adapter.rooms.get(room) ?? [])]) {
      const socket = namespace?.sockets.get(id);
      if (socket?.data.session && ended(socket.data.session)) socket.disconnect(true);
    }
  }

  /** Whether the socket's session still counts (checked again once its last check lapsed); a socket whose session ended closes. */
  private async stillSignedIn(socket: ShopSocket): Promise<boolean> {
    // One instance (no cluster bus): every session ends through this process, whose notice has already
    // closed the socket; the check in the database is for notices lost between instances.
    if (!this.cluster.shared || Date.now() < socket.data.checkedUntil) return true;
    if (!(await this.sessions.isCurrent(socket.data.session))) {
      // After the refusal has been acknowledged.
      setImmediate(() => socket.disconnect(true));
      return false;
    }
    socket.data.checkedUntil = Date.now() + this.checkEveryMs;
    return true;
  }

  @SubscribeMessage(SOCKET_EVENTS.sendMessageToSeller)
  async fromShopper(@ConnectedSocket() socket: ShopSocket, @MessageBody() payload: SendMessageToSellerPayload): Promise<ChatAck> {
    const identity = socket.data.identity;
    if (identity.role !== 'user') return refuse('Only shoppers send messages to the shop; the seller replies with reply-to-user');
    return this.answer(socket, async () => {
      if (!(await this.limits.allow(`user:${identity.shopper._id}`, 'user'))) throw new TooFast('You are sending messages too fast; please wait a few seconds');
      const body = typeof payload === 'string' ? { text: payload } : payload;
      const message = await this.chat.sendFromShopper(identity.shopper, body?.text, body?.orderId);
      sellersWith(this.server, SELLER_SOCKET_PERMISSIONS[SOCKET_EVENTS.messageForSeller])?.emit(SOCKET_EVENTS.messageForSeller, message);
      this.server.to(shopperRoom(identity.shopper._id)).emit(SOCKET_EVENTS.messageForUser, message);
      return message;
    });
  }

  @SubscribeMessage(SOCKET_EVENTS.replyToUser)
  async fromSeller(@ConnectedSocket() socket: ShopSocket, @MessageBody() payload: ReplyToUserPayload): Promise<ChatAck> {
    if (socket.data.identity.role !== 'seller') return refuse('Only the seller can reply to shoppers');
    return this.answer(socket, async () => {
      const replier = await this.mayUse(socket, SELLER_SOCKET_PERMISSIONS[SOCKET_EVENTS.replyToUser]);
      if (!(await this.limits.allow('seller', 'seller'))) throw new TooFast('You are sending replies too fast; please wait a few seconds');
      const message = await this.chat.replyFromSeller(
        payload?.userId,
        payload?.text,
        replier && replier.account !== 'owner' ? firstNameOf(replier.name) : undefined,
      );
      this.server.to(shopperRoom(message.userId)).emit(SOCKET_EVENTS.messageForUser, message);
      // The seller's other tabs see the reply too (from: 'seller').
      sellersWith(this.server, SELLER_SOCKET_PERMISSIONS[SOCKET_EVENTS.messageForSeller])?.emit(SOCKET_EVENTS.messageForSeller, message);
      return message;
    });
  }

  /**
   * The seller account's role as of now (a role change counts at the next event, as on HTTP) must have
   * the event's permission; a staff member removed meanwhile finds their session ended.
   */
  private async mayUse(socket: ShopSocket, permission: SellerPermission): Promise<SellerSession | undefined> {
    const session = socket.data.session;
    if (session.kind !== 'seller') return undefined;
    const current = await this.sessions.sellerFromClaims(session.claims);
    if (!current) throw new HttpException(SESSION_ENDED_MESSAGE, 401);
    if (!roleMay(current.account, permission)) throw new HttpException(`Your role (${ROLE_LABELS[current.account]}) cannot use this`, 403);
    return current;
  }

  /**
   * Stored first, acknowledged after; any refusal is `{ success: false, message }`. One message of a
   * socket at a time: the checks before the storing take their own time, and must not reorder them.
   */
  private answer(socket: ShopSocket, send: () => Promise<ChatMessage>): Promise<ChatAck> {
    const answered = (socket.data.turn ?? Promise.resolve()).then(() => this.answerNow(socket, send));
    socket.data.turn = answered;
    return answered;
  }

  private async answerNow(socket: ShopSocket, send: () => Promise<ChatMessage>): Promise<ChatAck> {
    try {
      if (!(await this.stillSignedIn(socket))) return refuse(SESSION_ENDED_MESSAGE);
      return { success: true, message: await send() };
    } catch (error) {
      if (error instanceof HttpException || error instanceof TooFast) return refuse(error.message);
      this.logger.error((error as Error)?.stack ?? String(error));
      return refuse('The message could not be sent, please try again');
    }
  }

  @OnDomainEvent(ORDER_PLACED)
  orderPlaced(event: OrderPlacedEvent) {
    const order = asView(event.order);
    sellersWith(this.server, SELLER_SOCKET_PERMISSIONS[SOCKET_EVENTS.orderPlaced])?.emit(SOCKET_EVENTS.orderPlaced, order);
    this.server.to(shopperRoom(event.userId)).emit(SOCKET_EVENTS.orderUpdated, order);
  }

  @OnDomainEvent(ORDER_STATUS_CHANGED)
  @OnDomainEvent(ORDER_PAID)
  @OnDomainEvent(ORDER_REFUNDED)
  orderUpdated(event: OrderStatusChangedEvent | OrderPaidEvent | OrderRefundedEvent) {
    const order = asView(event.order);
    sellersWith(this.server, SELLER_SOCKET_PERMISSIONS[SOCKET_EVENTS.orderUpdated])?.emit(SOCKET_EVENTS.orderUpdated, order);
    this.server.to(shopperRoom(event.userId)).emit(SOCKET_EVENTS.orderUpdated, order);
  }

  @OnDomainEvent(PRODUCT_SOLD_OUT)
  soldOut(event: ProductSoldOutEvent) {
    sellersWith(this.server, SELLER_SOCKET_PERMISSIONS[SOCKET_EVENTS.productSoldOut])?.emit(SOCKET_EVENTS.productSoldOut, {
      productId: event.productId,
      name: event.name,
    });
  }

  @OnDomainEvent(CART_CHANGED)
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
