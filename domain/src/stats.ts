/** The seller's dashboard (issue 23): what the stats endpoint answers, shared by both tiers. */

/** The longest range the stats and the CSV export accept, in days. */
export const STATS_MAX_DAYS = 366;
/** Days the dashboard's chart shows, ending today in the shop's time zone. */
export const STATS_DEFAULT_DAYS = 30;
/** How many products the stats list, best sellers (by revenue) first. */
export const STATS_TOP_PRODUCTS = 10;

/** Orders still to be handled, per status: the seller's queue. */
export const WAITING_STATUSES = ['Order Placed', 'Packing', 'Out for delivery'] as const;
export type WaitingStatus = (typeof WAITING_STATUSES)[number];

/** Rupees; `orders` counts orders. */
export interface OrdersAndRevenue {
  orders: number;
  revenue: number;
}

export interface StatsDay {
  /** YYYY-MM-DD in the shop's time zone. */
  date: string;
  revenue: number;
  orders: number;
}

export interface TopProduct {
  productId: string;
  name: string;
  quantity: number;
  /** Rupees: offer price × quantity of the orders counted (tax, delivery fee and coupon discounts are per order, not per product). */
  revenue: number;
  /**
   * The pack sizes sold (issue 37), by label, most revenue first; absent when no line counted named a size
   * (orders from before pack sizes count in the product's figures only, so these may add up to less).
   */
  sizes?: TopProductSize[];
}

/** One pack size of a top product: units sold and their revenue (rupees). */
export interface TopProductSize {
  label: string;
  quantity: number;
  revenue: number;
}

/**
 * `GET /api/seller/stats?from&to` (or `?days=N`, ending today). Revenue is in rupees: the amounts (tax
 * and delivery fee included, coupon discounts taken off: what the orders charge) of the orders placed in
 * the range and not cancelled; `orders` counts them.
 */
export interface StatsResponse {
  success: true;
  from: string;
  to: string;
  /** The shop's time zone (SHOP_TIMEZONE): days begin at its midnight. */
  timezone: string;
  /** Today in the shop's time zone. */
  today: string;
  revenue: number;
  orders: number;
  averageOrderValue: number;
  byDay: StatsDay[];
  topProducts: TopProduct[];
  byPayment: { cod: OrdersAndRevenue; online: OrdersAndRevenue };
  /** The orders counted that used a coupon, and the discount they were given (rupees): revenue is after it. */
  discounts: { orders: number; amount: number };
  /** Orders placed in the range and cancelled since, with what they had come to (rupees). */
  cancelled: { orders: number; amount: number };
  /** Cancelled online orders placed in the range whose money was returned (rupees). */
  refunded: { orders: number; amount: number };
  /** Orders waiting now, per status (whatever the range). */
  waiting: Record<WaitingStatus, number>;
  /** Issue 54: the range's sales with and without tax, and the tax per rate (rupees); absent from older servers. */
  tax?: StatsTax;
}

export interface StatsTax {
  /** The revenue: what the orders charged. */
  withTax: number;
  withoutTax: number;
  tax: number;
  /** Per rate, ascending: the taxable value and the tax (flat mode's 2% added on top; gst mode's inside the prices). */
  byRate: { ratePercent: number; taxable: number; tax: number }[];
}

/** `stats-updated` (server → sellers): the roll-ups of these days changed. */
export interface StatsPush {
  days: string[];
}
