import { DELIVERY_PROMISE_MINUTES, isFinished, nameWithSize, type OrderLineView, type OrderPageResponse, type OrderView } from '@greencart/domain';

/** An order as the lists return it, with its readable number ('GC-104273'; the spec's `_id` stays the key). */
export type Order = OrderView & { orderNumber?: string };
export type OrderPage = Omit<OrderPageResponse, 'orderdata'> & { orderdata: Order[] };

/** What people read and search for: the order number, or, for an order stored before numbers existed, the end of its id. */
export function orderNumberOf(order: Pick<Order, '_id' | 'orderNumber'>): string {
  return order.orderNumber || `#${order._id.slice(-6).toUpperCase()}`;
}

/** "22 Nov 2026, 12:25 am" (Indian English, day first). */
export function formatPlacedAt(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return at.toLocaleString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** "placed just now", "placed 12 min ago", "placed 2 h 5 min ago", "placed 3 days ago". */
export function placedAgo(iso: string, now: Date = new Date()): string {
  const minutes = Math.floor((now.getTime() - new Date(iso).getTime()) / 60_000);
  if (!Number.isFinite(minutes)) return '';
  if (minutes < 1) return 'placed just now';
  if (minutes < 60) return `placed ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `placed ${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ''} ago`;
  const days = Math.floor(hours / 24);
  return `placed ${days} ${days === 1 ? 'day' : 'days'} ago`;
}

/** Still open and past the 30-minute delivery promise. */
export function isLate(order: Pick<Order, 'status' | 'createdAt' | 'expectedDeliveryAt'>, now: Date = new Date()): boolean {
  if (isFinished(order.status)) return false;
  const promised = Date.parse(order.expectedDeliveryAt) || Date.parse(order.createdAt) + DELIVERY_PROMISE_MINUTES * 60_000;
  return now.getTime() > promised;
}

/** What an order line shows: the purchase snapshot first, the live product as a fallback; with the pack size's label ("Aashirvaad Atta 5 kg"). */
export function itemName(item: OrderLineView): string {
  return nameWithSize(item.name || item.product?.name || 'Product', item.label);
}

export function itemImage(item: OrderLineView): string | undefined {
  return item.image || item.product?.image[0];
}

export function itemOfferPrice(item: OrderLineView): number {
  return typeof item.offerPrice === 'number' ? item.offerPrice : (item.product?.offerPrice ?? 0);
}

/** The orders of all loaded pages, once each (a new order shifts the pages while they load). */
export function flattenOrders(pages: readonly Pick<OrderPage, 'orderdata'>[]): Order[] {
  const seen = new Set<string>();
  const orders: Order[] = [];
  for (const page of pages) {
    for (const order of page.orderdata) {
      if (seen.has(order._id)) continue;
      seen.add(order._id);
      orders.push(order);
    }
  }
  return orders;
}

/** "7:45 pm" when it is today, otherwise with the date: "12 Jun, 7:45 pm". */
export function formatExpectedDelivery(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const time = at.toLocaleTimeString('en-IN', { hour: 'numeric', minute: '2-digit' });
  if (at.toDateString() === now.toDateString()) return time;
  return `${at.toLocaleDateString('en-IN', { day: 'numeric', month: 'short' })}, ${time}`;
}
