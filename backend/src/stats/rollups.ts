import {
  fromPaise,
  STATS_TOP_PRODUCTS,
  WAITING_STATUSES,
  type OrderStatus,
  type PaymentStatus,
  type PaymentType,
  type StatsResponse,
  type TaxMode,
  type TopProduct,
  type TopProductSize,
  type WaitingStatus,
} from '@greencart/domain';
import { dayOf } from '../common/time/shop-time';
import { taxFigures, taxRatesOf } from './rollup-taxes';

/**
 * The roll-ups: one document per day of the shop's time zone (`day:YYYY-MM-DD`, the day the orders were
 * placed) holding that day's figures and its day × product figures (`products.p<productId>`, with the
 * pack sizes sold under `sizes.v<variantId>` and the label they were sold under), and one document of the
 * orders waiting per status (`waiting`). Money in paise. Every change is a set of increments (a delta)
 * per document, so the live path ($inc) and the rebuild (applied in memory) compute the same thing from
 * the same functions.
 */

/** What the roll-ups read of an order (the stored order, or the order of a domain event). */
export interface StatsOrder {
  _id: unknown;
  createdAt: Date | string;
  updatedAt?: Date | string;
  amountPaise: number;
  subtotalPaise: number;
  /** A coupon's discount off the subtotal (amountPaise is after it); absent on orders from before coupons: 0. */
  discountPaise?: number | null;
  taxPaise: number;
  /** Absent on orders stored before delivery fees existed: 0. */
  deliveryFeePaise?: number | null;
  paymentType: PaymentType;
  /** The tax mode it was placed in (issue 54); absent: `flat`. */
  taxMode?: TaxMode | null;
  deliveryGstRate?: number | null;
  status: OrderStatus;
  paymentStatus?: PaymentStatus;
  /** `variant` and `label`: the pack size sold, absent on orders from before pack sizes. */
  items: readonly { product: unknown; name: string; quantity: number; offerPricePaise: number; variant?: string; label?: string; gstRate?: number | null }[];
  statusHistory?: readonly { status: OrderStatus; at?: Date | string }[];
  /** A problem report the shop refunded (issue 39): what it gave back comes off the day's revenue. */
  issue?: { status?: string; amountPaise?: number | null } | null;
  /** Packing changes (issue 39): an online refund of one (`refund`) counts in the day's refunds. */
  adjustments?: readonly { key: string; cancels?: boolean | null; refund?: { amountPaise: number } | null }[] | null;
}

export interface Delta {
  inc: Record<string, number>;
  set: Record<string, unknown>;
  /** Kept as the least / the greatest value written (`$min` / `$max`): a series' first and last number (GSTR-1). */
  min?: Record<string, number>;
  max?: Record<string, number>;
}

/** Deltas per roll-up document id. */
export type Change = Record<string, Delta>;

export const WAITING_DOC = 'waiting';
export const dayDocId = (day: string) => `day:${day}`;
export const isDayDocId = (id: string) => id.startsWith('day:');

/** Field names of the waiting document (no spaces in keys the updates name). */
export const WAITING_FIELDS: Record<WaitingStatus, string> = { 'Order Placed': 'placed', Packing: 'packing', 'Out for delivery': 'outForDelivery' };

export interface ProductFigures {
  name: string;
  quantity: number;
  revenuePaise: number;
  /** Per pack size sold (`v<variantId>`); absent when no line named one. */
  sizes?: Record<string, Partial<SizeFigures>>;
}

export interface SizeFigures {
  label: string;
  quantity: number;
  revenuePaise: number;
}

/** A pack size's id as a field name: only an id (24 hex digits) names a field, whatever a stored line says. */
const SIZE_ID = /^[0-9a-f]{24}$/i;

/** A day's roll-up as stored. */
export interface DayRollup {
  _id: string;
  orders?: number;
  revenuePaise?: number;
  subtotalPaise?: number;
  /** Absent on days counted before coupons, or with no discounted order: 0. */
  discountPaise?: number;
  /** Orders with a discount. */
  couponOrders?: number;
  taxPaise?: number;
  feePaise?: number;
  codOrders?: number;
  codPaise?: number;
  onlineOrders?: number;
  onlinePaise?: number;
  cancelledOrders?: number;
  cancelledPaise?: number;
  refundedOrders?: number;
  refundedPaise?: number;
  products?: Record<string, Partial<ProductFigures>>;
  /** Issue 54: per rate (`r<hundredths>`: r500 is 5%), the taxable value and the tax of the day's orders. */
  taxes?: Record<string, { taxablePaise?: number; taxPaise?: number }>;
}

export type WaitingRollup = { _id: string } & Partial<Record<string, number>>;

/** The product's id in a line: an ObjectId, a product reference (`{ _id }`) as order events carry it, or null once deleted. */
export function productIdOf(product: unknown): string | null {
  if (product === null || product === undefined) return null;
  if (typeof product === 'string') return product;
  const id = (product as { _id?: unknown })._id;
  if (id !== undefined && id !== null) return String(id);
  const text = String(product as object);
  return /^[0-9a-f]{24}$/i.test(text) ? text : null;
}

/** Whether every line of the order still names its product (a deleted product's reference is null in events). */
export function namesEveryProduct(order: StatsOrder): boolean {
  return order.items.every((item) => productIdOf(item.product) !== null);
}

function delta(): Delta {
  return { inc: {}, set: {} };
}

function add(change: Change, id: string, inc: Record<string, number>, set: Record<string, unknown> = {}): void {
  const target = (change[id] ??= delta());
  for (const [key, value] of Object.entries(inc)) target.inc[key] = (target.inc[key] ?? 0) + value;
  Object.assign(target.set, set);
}

/** The order's figures counted in (sign 1) or out of (sign -1) the day it was placed. */
function orderFigures(change: Change, order: StatsOrder, timeZone: string, sign: 1 | -1): void {
  const id = dayDocId(dayOf(new Date(order.createdAt), timeZone));
  const payment = order.paymentType === 'Online' ? 'online' : 'cod';
  add(change, id, {
    orders: sign,
    revenuePaise: sign * order.amountPaise,
    subtotalPaise: sign * order.subtotalPaise,
    taxPaise: sign * order.taxPaise,
    feePaise: sign * (order.deliveryFeePaise ?? 0),
    [`${payment}Orders`]: sign,
    [`${payment}Paise`]: sign * order.amountPaise,
  });
  // Only orders with a discount name these fields: days without one stay as they were (and read as 0).
  const discountPaise = order.discountPaise ?? 0;
  if (discountPaise > 0) add(change, id, { discountPaise: sign * discountPaise, couponOrders: sign });
  for (const rate of taxRatesOf(order)) {
    const key = `taxes.r${Math.round(rate.ratePercent * 100)}`;
    add(change, id, { [`${key}.taxablePaise`]: sign * rate.taxablePaise, [`${key}.taxPaise`]: sign * rate.taxPaise });
  }
  for (const item of order.items) {
    const product = productIdOf(item.product);
    if (!product) continue;
    const key = `products.p${product}`;
    const revenuePaise = sign * item.quantity * item.offerPricePaise;
    add(change, id, { [`${key}.quantity`]: sign * item.quantity, [`${key}.revenuePaise`]: revenuePaise }, { [`${key}.name`]: item.name });
    if (item.label && item.variant && SIZE_ID.test(item.variant)) {
      const size = `${key}.sizes.v${item.variant.toLowerCase()}`;
      add(change, id, { [`${size}.quantity`]: sign * item.quantity, [`${size}.revenuePaise`]: revenuePaise }, { [`${size}.label`]: item.label });
    }
  }
}

function waitingMove(change: Change, from: OrderStatus | null, to: OrderStatus | null): void {
  const inc: Record<string, number> = {};
  if (from && isWaiting(from)) inc[WAITING_FIELDS[from]] = -1;
  if (to && isWaiting(to)) inc[WAITING_FIELDS[to]] = (inc[WAITING_FIELDS[to]] ?? 0) + 1;
  if (Object.keys(inc).length) add(change, WAITING_DOC, inc);
}

function isWaiting(status: OrderStatus): status is WaitingStatus {
  return (WAITING_STATUSES as readonly string[]).includes(status);
}

/** `order.placed`: counted on its day, and waiting as 'Order Placed'. */
export function placedChange(order: StatsOrder, timeZone: string): Change {
  const change: Change = {};
  orderFigures(change, order, timeZone, 1);
  waitingMove(change, null, 'Order Placed');
  return change;
}

/** `order.status-changed`: to 'Cancelled' takes the order out of its day's figures; every move changes the queue. */
export function statusChange(order: StatsOrder, from: OrderStatus, to: OrderStatus, timeZone: string): Change {
  const change: Change = {};
  if (to === 'Cancelled') {
    orderFigures(change, order, timeZone, -1);
    add(change, dayDocId(dayOf(new Date(order.createdAt), timeZone)), { cancelledOrders: 1, cancelledPaise: order.amountPaise });
  }
  waitingMove(change, from, to);
  return change;
}

/** `order.refunded` (processed): the money of a cancelled online order went back. */
export function refundedChange(order: StatsOrder, timeZone: string): Change {
  const change: Change = {};
  add(change, dayDocId(dayOf(new Date(order.createdAt), timeZone)), { refundedOrders: 1, refundedPaise: order.amountPaise });
  return change;
}

/**
 * A packing change (issue 39): the order's figures move from what it was to what it now is (the shop keeps less),
 * and the online refund the change carries (`key`'s, stored with it: the commit point) counts in the day's refunds.
 */
export function adjustedChange(before: StatsOrder, after: StatsOrder, timeZone: string, key?: string): Change {
  const change: Change = {};
  orderFigures(change, before, timeZone, -1);
  orderFigures(change, after, timeZone, 1);
  const adjustment = key === undefined ? undefined : after.adjustments?.find((a) => a.key === key);
  if (adjustment) mergeChange(change, packingRefundChange(after, adjustment, timeZone));
  return change;
}

/** One refund of a packing change (an online one, never a cancel's, which the cancel's refund counts): one more refund, its amount. */
function packingRefundChange(order: StatsOrder, adjustment: NonNullable<StatsOrder['adjustments']>[number], timeZone: string): Change {
  const change: Change = {};
  const amount = !adjustment.cancels ? (adjustment.refund?.amountPaise ?? 0) : 0;
  if (amount > 0) add(change, dayDocId(dayOf(new Date(order.createdAt), timeZone)), { refundedOrders: 1, refundedPaise: amount });
  return change;
}

/** A problem report refunded (issue 39): the shop kept that much less of the order's day. */
export function issueRefundChange(order: StatsOrder, timeZone: string): Change {
  const change: Change = {};
  const amount = order.issue?.status === 'refunded' ? (order.issue.amountPaise ?? 0) : 0;
  // It is money given back too: counted in the day's refunds (`refunded`), beside cancelled paid orders and packing refunds.
  if (amount > 0)
    add(change, dayDocId(dayOf(new Date(order.createdAt), timeZone)), {
      revenuePaise: -amount,
      issueRefundedPaise: amount,
      refundedOrders: 1,
      refundedPaise: amount,
    });
  return change;
}

/** Adds `from` into `into` (deltas of the same document are summed). */
export function mergeChange(into: Change, from: Change): Change {
  for (const [id, d] of Object.entries(from)) {
    add(into, id, d.inc, d.set);
    const target = into[id];
    for (const [key, value] of Object.entries(d.min ?? {})) (target.min ??= {})[key] = Math.min(target.min[key] ?? value, value);
    for (const [key, value] of Object.entries(d.max ?? {})) (target.max ??= {})[key] = Math.max(target.max[key] ?? value, value);
  }
  return into;
}

/** The moves an order made, from its status history (an older order without one: straight to its status). */
export function statusMoves(order: StatsOrder): [OrderStatus, OrderStatus][] {
  const path = (order.statusHistory ?? []).map((entry) => entry.status);
  if (path[0] !== 'Order Placed') path.unshift('Order Placed');
  if (path[path.length - 1] !== order.status) path.push(order.status);
  return path.slice(1).map((to, i) => [path[i], to]);
}

/**
 * Everything an order contributes as it stands now: placed, each move it made, and its refund. The
 * same changes the live path applies one event at a time.
 */
export function orderChange(order: StatsOrder, timeZone: string): Change {
  const change = placedChange(order, timeZone);
  for (const [from, to] of statusMoves(order)) mergeChange(change, statusChange(order, from, to, timeZone));
  if (order.paymentStatus === 'refunded') mergeChange(change, refundedChange(order, timeZone));
  for (const adjustment of order.adjustments ?? []) mergeChange(change, packingRefundChange(order, adjustment, timeZone));
  mergeChange(change, issueRefundChange(order, timeZone));
  return change;
}

/** The documents a set of changes makes when applied to nothing (the rebuild). */
export function documentsOf(change: Change): Record<string, Record<string, unknown>> {
  const docs: Record<string, Record<string, unknown>> = {};
  for (const [id, d] of Object.entries(change)) {
    const doc: Record<string, unknown> = { _id: id };
    for (const [path, value] of Object.entries(d.inc)) setPath(doc, path, value);
    for (const [path, value] of Object.entries(d.set)) setPath(doc, path, value);
    for (const [path, value] of [...Object.entries(d.min ?? {}), ...Object.entries(d.max ?? {})]) setPath(doc, path, value);
    docs[id] = doc;
  }
  return docs;
}

function setPath(doc: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let at = doc;
  for (const key of keys.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
  at[keys[keys.length - 1]] = value;
}

const rupees = (paise: number | undefined) => fromPaise(paise ?? 0);

/** The stats answer for days `days` from their roll-ups (null: no order that day) and the queue. */
export function summarise(
  days: readonly string[],
  rollups: readonly (DayRollup | null)[],
  waiting: WaitingRollup | null,
): Omit<StatsResponse, 'success' | 'from' | 'to' | 'timezone' | 'today'> {
  let orders = 0;
  let revenuePaise = 0;
  const sum = {
    codOrders: 0,
    codPaise: 0,
    onlineOrders: 0,
    onlinePaise: 0,
    couponOrders: 0,
    discountPaise: 0,
    cancelledOrders: 0,
    cancelledPaise: 0,
    refundedOrders: 0,
    refundedPaise: 0,
  };
  const products = new Map<string, { name: string; quantity: number; revenuePaise: number; sizes: Map<string, { quantity: number; revenuePaise: number }> }>();
  const taxes = new Map<string, { taxablePaise: number; taxPaise: number }>();
  const byDay = days.map((date, i) => {
    const r = rollups[i];
    if (r) {
      orders += r.orders ?? 0;
      revenuePaise += r.revenuePaise ?? 0;
      for (const key of Object.keys(sum) as (keyof typeof sum)[]) sum[key] += r[key] ?? 0;
      for (const [key, figures] of Object.entries(r.taxes ?? {})) {
        const found = taxes.get(key) ?? { taxablePaise: 0, taxPaise: 0 };
        found.taxablePaise += figures.taxablePaise ?? 0;
        found.taxPaise += figures.taxPaise ?? 0;
        taxes.set(key, found);
      }
      for (const [key, figures] of Object.entries(r.products ?? {})) {
        const found = products.get(key) ?? { name: '', quantity: 0, revenuePaise: 0, sizes: new Map() };
        found.quantity += figures.quantity ?? 0;
        found.revenuePaise += figures.revenuePaise ?? 0;
        // The latest day's name: what the product was called most recently.
        if (figures.name) found.name = figures.name;
        // Sizes add up by label: a size removed and added again under the same label is one size to the seller.
        for (const size of Object.values(figures.sizes ?? {})) {
          if (!size.label) continue;
          const sold = found.sizes.get(size.label) ?? { quantity: 0, revenuePaise: 0 };
          sold.quantity += size.quantity ?? 0;
          sold.revenuePaise += size.revenuePaise ?? 0;
          found.sizes.set(size.label, sold);
        }
        products.set(key, found);
      }
    }
    return { date, revenue: rupees(r?.revenuePaise), orders: r?.orders ?? 0 };
  });
  const topProducts: TopProduct[] = [...products.entries()]
    .filter(([, p]) => p.quantity > 0)
    .sort(([ka, a], [kb, b]) => b.revenuePaise - a.revenuePaise || b.quantity - a.quantity || (ka < kb ? -1 : ka > kb ? 1 : 0))
    .slice(0, STATS_TOP_PRODUCTS)
    .map(([key, p]) => {
      const sizes = sizesSold(p.sizes);
      return { productId: key.slice(1), name: p.name, quantity: p.quantity, revenue: rupees(p.revenuePaise), ...(sizes.length ? { sizes } : {}) };
    });
  const queue = Object.fromEntries(WAITING_STATUSES.map((status) => [status, Math.max(0, waiting?.[WAITING_FIELDS[status]] ?? 0)])) as Record<
    WaitingStatus,
    number
  >;
  return {
    revenue: rupees(revenuePaise),
    orders,
    averageOrderValue: orders > 0 ? rupees(Math.round(revenuePaise / orders)) : 0,
    byDay,
    topProducts,
    byPayment: { cod: { orders: sum.codOrders, revenue: rupees(sum.codPaise) }, online: { orders: sum.onlineOrders, revenue: rupees(sum.onlinePaise) } },
    discounts: { orders: sum.couponOrders, amount: rupees(sum.discountPaise) },
    cancelled: { orders: sum.cancelledOrders, amount: rupees(sum.cancelledPaise) },
    refunded: { orders: sum.refundedOrders, amount: rupees(sum.refundedPaise) },
    waiting: queue,
    tax: taxFigures(revenuePaise, taxes),
  };
}

/** A top product's pack sizes with units sold, most revenue first (then most units, then by label). */
function sizesSold(sizes: Map<string, { quantity: number; revenuePaise: number }>): TopProductSize[] {
  return [...sizes.entries()]
    .filter(([, size]) => size.quantity > 0)
    .sort(([la, a], [lb, b]) => b.revenuePaise - a.revenuePaise || b.quantity - a.quantity || (la < lb ? -1 : la > lb ? 1 : 0))
    .map(([label, size]) => ({ label, quantity: size.quantity, revenue: rupees(size.revenuePaise) }));
}
