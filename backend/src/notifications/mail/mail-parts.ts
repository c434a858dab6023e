import { formatPhone, formatRupees } from '@greencart/domain';
import type { OrderStatus, PaymentStatus, PaymentType, TaxMode } from '@greencart/domain';
import type { Block, Draft, MailContext } from './mail-render';

/**
 * What the mails of every family are made of (see templates.ts): the order snapshot they read, links
 * back to the shop, dates in the shop's time zone, greetings, footers and an order's bill and facts.
 */

/** The shop's clock for dates in mails: SHOP_TIMEZONE (validated at start-up, before this module loads), as for opening hours. */
export const MAIL_TIME_ZONE = process.env.SHOP_TIMEZONE || 'Asia/Kolkata';

/** What a mail says about an order: a snapshot taken when the event happened (see orderSnapshot). */
export interface OrderSnapshot {
  orderId: string;
  /** GC-…: how an order is named everywhere (never the internal id). */
  orderNumber: string;
  status: OrderStatus;
  placedAt: string;
  /** The promised delivery time (older orders: placed + 30 minutes). */
  deliverBy: string;
  /** The delivery slot chosen, as said ("Sun 29 Nov, 07:00–09:00"); absent: express. */
  deliverySlot?: string;
  /** `ordered`: the quantity ordered when packing supplied fewer (issue 39). */
  items: { name: string; quantity: number; pricePaise: number; ordered?: number }[];
  subtotalPaise: number;
  /** A coupon's discount off the subtotal; absent or 0 on orders without one (and on mails queued before coupons). */
  discountPaise?: number;
  /** The code of the coupon the order used. */
  couponCode?: string;
  taxPaise: number;
  /** The order's tax mode (issue 54); absent: `flat` (and mails queued before tax modes). */
  taxMode?: TaxMode;
  /** `gst` mode: the GST inside the total. */
  taxInsidePaise?: number;
  deliveryFeePaise: number;
  amountPaise: number;
  paymentType: PaymentType;
  paymentStatus: PaymentStatus;
  razorpayPaymentId?: string;
  address?: { name: string; street: string; city: string; state: string; pincode: string; phone: string };
  /** A cancelled order: who cancelled it, and the shop's reason when it gave one. */
  cancelledBy?: 'shop' | 'shopper';
  cancelReason?: string;
}

export interface SoldOutRefundSnapshot {
  razorpayOrderId: string;
  razorpayPaymentId: string;
  amountPaise: number;
  productNames: string[];
  reason: string;
}

/** A family's templates: one per kind, each turning that kind's data into a draft. */
export type TemplatesOf<Kinds> = { [K in keyof Kinds]: (data: Kinds[K], ctx: MailContext) => Draft };

/** Where a shopper sees an order, and where the seller finds it. */
export const shopperOrderLink = (ctx: MailContext, orderNumber: string) => `${ctx.publicUrl}/My-orders?order=${encodeURIComponent(orderNumber)}`;
export const sellerOrderLink = (ctx: MailContext, orderNumber: string) => `${ctx.publicUrl}/seller/orders?order=${encodeURIComponent(orderNumber)}`;
export const accountLink = (ctx: MailContext) => `${ctx.publicUrl}/account`;

const dateTime = new Intl.DateTimeFormat('en-IN', { timeZone: MAIL_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });
const timeOnly = new Intl.DateTimeFormat('en-IN', { timeZone: MAIL_TIME_ZONE, timeStyle: 'short' });
/** "23 Nov 2026, 4:05 pm" */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatTime = (iso: string) => timeOnly.format(new Date(iso));

/**
 * What a shopper typed (a name, an address), made unlinkable: mail clients turn text such as
 * `evil.example`, `www.x.in/pay` or `http://x` into links, in plain text and HTML alike. A zero-width
 * space after each `.`, `:`, `/`, `@` and backslash breaks every such pattern and shows nothing.
 */
export const typed = (text: string) => text.replace(/([.:/@\\])(?=\S)/g, '$1\u200b');

export const hello = (ctx: MailContext) => `Hello ${ctx.firstName ? typed(ctx.firstName) : 'there'},`;
export const shopperFooter = (ctx: MailContext) =>
  `You get this mail because you ordered at ${ctx.shopName}. Questions? Reply to ${ctx.shopEmail} or call ${ctx.shopPhone}.`;
export const progressFooter = (ctx: MailContext) =>
  `${shopperFooter(ctx)} Order progress mails (packing, out for delivery, delivered) can be turned off at ${accountLink(ctx)}.`;

/** "Coupon FLAT50 −₹50.00": the discount between the items and the tax, as a minus (U+2212) amount. */
function discountRow(order: Pick<OrderSnapshot, 'discountPaise' | 'couponCode'>): [string, string][] {
  const discount = order.discountPaise ?? 0;
  if (discount <= 0) return [];
  return [[order.couponCode ? `Coupon ${typed(order.couponCode)}` : 'Discount', `−${formatRupees(discount)}`]];
}

export function bill(order: OrderSnapshot): Block[] {
  const totals: [string, string][] = [
    ['Items', formatRupees(order.subtotalPaise)],
    ...discountRow(order),
    // Issue 54: `flat` adds 2% on top; `gst` prices hold their GST (said under the total); the other modes charge none.
    ...((order.taxMode ?? 'flat') === 'flat' ? [['Tax (2%)', formatRupees(order.taxPaise)] as [string, string]] : []),
    ['Delivery', order.deliveryFeePaise ? formatRupees(order.deliveryFeePaise) : 'Free'],
    ['Total', formatRupees(order.amountPaise)],
    ...(order.taxMode === 'gst' ? [['Includes GST', formatRupees(order.taxInsidePaise ?? 0)] as [string, string]] : []),
  ];
  return [{ lines: order.items }, { totals }];
}

export function paymentText(order: OrderSnapshot): string {
  if (order.paymentType === 'COD') return order.paymentStatus === 'paid' ? 'Cash on delivery, paid' : 'Cash on delivery: please pay when it arrives';
  if (order.paymentStatus === 'refunded') return 'Paid online, refunded';
  return order.paymentStatus === 'paid' ? `Paid online${order.razorpayPaymentId ? ` (payment ${order.razorpayPaymentId})` : ''}` : 'Online payment';
}

export function addressText(order: OrderSnapshot): string {
  const a = order.address;
  return a ? `${typed(`${a.name}, ${a.street}, ${a.city}, ${a.state}`)} ${a.pincode} · ${formatPhone(a.phone)}` : 'The address you choose with the shop';
}

export function orderFacts(order: OrderSnapshot): Block {
  return {
    facts: [
      ['Order', order.orderNumber],
      ['Placed', formatDateTime(order.placedAt)],
      order.deliverySlot ? ['Delivery slot', order.deliverySlot] : ['Delivery by', formatDateTime(order.deliverBy)],
      ['Deliver to', addressText(order)],
      ['Payment', paymentText(order)],
    ],
  };
}

export const viewOrder = (ctx: MailContext, order: OrderSnapshot): Block => ({
  button: { label: `View order ${order.orderNumber}`, href: shopperOrderLink(ctx, order.orderNumber) },
});
