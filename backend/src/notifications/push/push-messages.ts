import { formatRupees, paidBackInCash, type OrderStatus, type PushPayload } from '@greencart/domain';
import type { OrderSnapshot } from '../mail/templates';

/** Kinds of push, each named like the mail of the same event. */
export type PushKind = 'order-status' | 'chat-reply' | 'seller-new-order' | 'seller-order-cancelled' | 'order-adjusted' | 'issue-resolved';

const STATUS_TEXT: Partial<Record<OrderStatus, string>> = {
  Packing: 'We are packing your order.',
  'Out for delivery': 'Your order is on its way.',
  Delivered: 'Your order was delivered. Enjoy!',
  Cancelled: 'Your order was cancelled.',
};

/** What the shopper's phone shows when their order moves; null for a status that is not news. */
export function orderStatusPush(
  order: Pick<OrderSnapshot, 'orderId' | 'orderNumber' | 'cancelledBy' | 'cancelReason' | 'deliverySlot'>,
  status: OrderStatus,
): PushPayload | null {
  let body = STATUS_TEXT[status];
  if (!body) return null;
  // An order for a delivery slot says which (issue 41).
  if (order.deliverySlot && (status === 'Packing' || status === 'Out for delivery')) body = `${body} Delivery slot: ${order.deliverySlot}.`;
  if (status === 'Cancelled' && order.cancelledBy === 'shop' && order.cancelReason) {
    const reason = order.cancelReason.length > 120 ? `${order.cancelReason.slice(0, 119)}…` : order.cancelReason;
    body = `Cancelled by the shop: ${reason}`;
  }
  return {
    title: `Order ${order.orderNumber}: ${status}`,
    body,
    url: `/My-orders?order=${encodeURIComponent(order.orderNumber)}`,
    tag: `order:${order.orderId}`,
  };
}

export function chatReplyPush(text: string): PushPayload {
  const body = text.length > 140 ? `${text.slice(0, 139)}…` : text;
  return { title: 'GreenCart replied', body, url: '/chat', tag: 'chat' };
}

export function sellerNewOrderPush(order: OrderSnapshot): PushPayload {
  const items = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return {
    title: `New order ${order.orderNumber}`,
    body: `${items} ${items === 1 ? 'item' : 'items'} · ${formatRupees(order.amountPaise)} · ${order.paymentType === 'COD' ? 'Cash on delivery' : 'Paid online'}${order.deliverySlot ? ` · Slot ${order.deliverySlot}` : ''}`,
    url: '/seller/orders',
    tag: `order:${order.orderId}`,
  };
}

/** The seller's phone, when a shopper cancels: an order being packed from the mail must stop. */
export function sellerCancelledPush(order: OrderSnapshot): PushPayload {
  const paidOnline = order.paymentType === 'Online' && (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded');
  return {
    title: `Cancelled — do not send: ${order.orderNumber}`,
    body: `The shopper cancelled ${formatRupees(order.amountPaise)}${paidOnline ? ' (paid online, being refunded)' : ' (cash on delivery)'}.`,
    url: `/seller/orders?order=${encodeURIComponent(order.orderNumber)}`,
    tag: `order:${order.orderId}`,
  };
}

/** Packing changed the shopper's order (issue 39): the refund, or the new amount to pay in cash. */
/** `cashPaise`: a difference under ₹1 on an online order, paid back in cash instead of refunded. */
export function orderAdjustedPush(
  order: Pick<OrderSnapshot, 'orderId' | 'orderNumber' | 'paymentType' | 'amountPaise'>,
  refundPaise: number,
  cashPaise?: number,
): PushPayload {
  const money =
    order.paymentType === 'COD'
      ? `Pay ${formatRupees(order.amountPaise)} on delivery.`
      : cashPaise
        ? paidBackInCash(cashPaise)
        : `${formatRupees(refundPaise)} is being refunded.`;
  return {
    title: `Order ${order.orderNumber} changed while packing`,
    body: `Some items could not be packed as ordered. ${money}`,
    url: `/My-orders?order=${encodeURIComponent(order.orderNumber)}`,
    tag: `order:${order.orderId}`,
  };
}

/** The shop answered the shopper's problem report. */
export function issueResolvedPush(order: Pick<OrderSnapshot, 'orderId' | 'orderNumber'>, action: 'refund' | 'decline', amountPaise: number): PushPayload {
  return {
    title: `Order ${order.orderNumber}: your report`,
    body: action === 'refund' ? `${formatRupees(amountPaise)} is coming back to you.` : 'The shop answered your report.',
    url: `/My-orders?order=${encodeURIComponent(order.orderNumber)}`,
    tag: `order:${order.orderId}:issue`,
  };
}
