import type { Address } from '@/features/addresses/types';
import type { OrderStatus } from './order-status';

export type PaymentType = 'COD' | 'Online';

export interface OrderItem {
  /** The product as it is now; null when it has been deleted since. */
  product: { _id: string; name: string; category: string; image: string[]; offerPrice: number } | null;
  /** Snapshot at purchase: what the shopper bought, whatever happened to the product since. */
  name: string;
  image: string | string[];
  offerPrice: number;
  quantity: number;
}

export interface Order {
  _id: string;
  items: OrderItem[];
  address: Address | null;
  /** Rupees, priced by the server. */
  amount: number;
  paymentType: PaymentType;
  status: OrderStatus | (string & {});
  isPaid: boolean;
  createdAt: string;
  expectedDeliveryAt?: string;
}

export interface OrderPage {
  success: true;
  orderdata: Order[];
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

/** What an order line shows: the purchase snapshot first, the live product as a fallback. */
export function itemName(item: OrderItem): string {
  return item.name || item.product?.name || 'Product';
}

export function itemImage(item: OrderItem): string | undefined {
  const snapshot = Array.isArray(item.image) ? item.image[0] : item.image;
  return snapshot || item.product?.image[0];
}

export function itemOfferPrice(item: OrderItem): number {
  return typeof item.offerPrice === 'number' ? item.offerPrice : (item.product?.offerPrice ?? 0);
}

/** Our stored images have a small version at `<url>/thumb`; other URLs are used as they are. */
export function thumbnailOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  return /^\/api\/images\/[^/]+$/.test(url) ? `${url}/thumb` : url;
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
