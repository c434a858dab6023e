import type { OrderLineView, OrderPageResponse, OrderView } from '@greencart/domain';

export type Order = OrderView;
export type OrderPage = OrderPageResponse;

/** What an order line shows: the purchase snapshot first, the live product as a fallback. */
export function itemName(item: OrderLineView): string {
  return item.name || item.product?.name || 'Product';
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
