import type { OrderView } from './api';
import type { StatsPush } from './stats';

/** Realtime event names, spelled exactly as the spec has them (spec/PRODUCT.md §1). */
export const SOCKET_EVENTS = {
  /** shopper → server */
  sendMessageToSeller: 'sendmessage-to-seller',
  /** seller → server */
  replyToUser: 'reply-to-user',
  /** server → seller: every shopper message */
  messageForSeller: 'recive-this-message-seller',
  /** server → shopper: messages of their own conversation */
  messageForUser: 'recive-this-message-foruser',
  /** server → sellers: a new order */
  orderPlaced: 'order-placed',
  /** server → the order's shopper and the sellers: an order changed */
  orderUpdated: 'order-updated',
  /** server → every tab of the shopper: their saved cart changed (another tab, device or an order) */
  cartUpdated: 'cart-updated',
  /** server → sellers: a counted product's last available unit was taken */
  productSoldOut: 'product-sold-out',
  /** server → sellers: the dashboard's figures changed (after an order was counted) */
  statsUpdated: 'stats-updated',
  /** server → every open storefront page, guests too (CATALOGUE_NAMESPACE): products' stock or price changed */
  catalogueChanged: 'catalogue-changed',
} as const;

/**
 * The socket.io namespace of the catalogue's pushes: anyone may open it, signed in or not (it only
 * listens), beside the default namespace's chat and order pushes, which need a session.
 */
export const CATALOGUE_NAMESPACE = '/catalogue';

export type SocketEventName = (typeof SOCKET_EVENTS)[keyof typeof SOCKET_EVENTS];

/** Spec §9: reconnect between 1 and 5 seconds, give up connecting after 20 seconds. */
export const SOCKET_RECONNECT_DELAY_MS = 1_000;
export const SOCKET_RECONNECT_DELAY_MAX_MS = 5_000;
export const SOCKET_CONNECT_TIMEOUT_MS = 20_000;

/** The longest chat message, in characters, after trimming. */
export const MAX_CHAT_MESSAGE_LENGTH = 1_000;

/** A stored chat message as both sides receive it. */
export interface ChatMessage {
  _id: string;
  userId: string;
  from: 'user' | 'seller';
  text: string;
  orderId?: string;
  /** The number of the order it is about ("GC-10003"), when that order has one. */
  orderNumber?: string;
  /** On a reply by a staff member: their first name ("Ravi from GreenCart"); absent for the owner. */
  by?: string;
  createdAt: string;
}

/** `sendmessage-to-seller`: a bare string is accepted as the text. */
export type SendMessageToSellerPayload = { text: string; orderId?: string } | string;
/** `reply-to-user` */
export interface ReplyToUserPayload {
  userId: string;
  text: string;
}

/** The acknowledgement of both emits, once the message is stored (or refused). */
export type ChatAck = { success: true; message: ChatMessage } | { success: false; message: string };

/** `order-placed` and `order-updated` carry the order in the shape the HTTP lists use. */
export type OrderPush = OrderView;

/** `cart-updated`: the saved cart after the change, and its version (a tab keeps the newest it has seen). */
export interface CartPush {
  cartItems: Record<string, number>;
  version: number;
}

/**
 * `catalogue-changed`: what the instance the page is connected to shows changed (its answers already show
 * it). `ids`: the products whose stock, price or details changed; absent when anything may have.
 * `version` counts that instance's changes (instances count apart: compare it only within one connection).
 */
export interface CataloguePush {
  version: number;
  ids?: string[];
}

export interface ServerToClientEvents {
  'recive-this-message-seller': (message: ChatMessage) => void;
  'recive-this-message-foruser': (message: ChatMessage) => void;
  'order-placed': (order: OrderPush) => void;
  'order-updated': (order: OrderPush) => void;
  'cart-updated': (cart: CartPush) => void;
  'product-sold-out': (product: { productId: string; name: string }) => void;
  'stats-updated': (change: StatsPush) => void;
  'catalogue-changed': (change: CataloguePush) => void;
}

export interface ClientToServerEvents {
  'sendmessage-to-seller': (payload: SendMessageToSellerPayload, ack?: (answer: ChatAck) => void) => void;
  'reply-to-user': (payload: ReplyToUserPayload, ack?: (answer: ChatAck) => void) => void;
}
