import { formatPhone, formatRupees, paidBackInCash, type OrderStatus, type PaymentStatus, type PaymentType } from '@greencart/domain';
import { toHtml, toText, type Block, type Draft, type MailContext } from './mail-render';
import { verificationMail } from './verification-mail';

/**
 * Every mail the shop sends, one template per kind, in this one file: a subject, a plain-text part and
 * an HTML part (inline styles and tables, as mail clients need), the shop's name, en-IN amounts and
 * dates in the shop's time zone, and a link back to the order.
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
  items: { name: string; quantity: number; pricePaise: number }[];
  subtotalPaise: number;
  /** A coupon's discount off the subtotal; absent or 0 on orders without one (and on mails queued before coupons). */
  discountPaise?: number;
  /** The code of the coupon the order used. */
  couponCode?: string;
  taxPaise: number;
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

/** Each kind and the data its template reads. */
export interface MailKinds {
  'order-confirmation': { order: OrderSnapshot };
  'payment-received': { order: OrderSnapshot };
  'order-packing': { order: OrderSnapshot; at: string };
  'order-out-for-delivery': { order: OrderSnapshot; at: string };
  'order-delivered': { order: OrderSnapshot; at: string };
  'order-cancelled': { order: OrderSnapshot; at: string };
  'refund-started': { order: OrderSnapshot; refundId: string };
  'refund-done': { order: OrderSnapshot; refundId: string };
  'sold-out-refund': SoldOutRefundSnapshot;
  'seller-new-order': { order: OrderSnapshot; shopperEmail?: string };
  'seller-order-cancelled': { order: OrderSnapshot; at: string };
  'seller-sold-out-refund': SoldOutRefundSnapshot & { shopperEmail?: string };
  'password-reset': { link: string; expiresAt: string };
  'email-verification': { link: string; expiresAt: string };
  /** Packing changed the order (issue 39): what changed, and the refund or the new amount to pay in cash. */
  'order-adjusted': { order: OrderSnapshot; changes: string[]; refundPaise?: number; refundArrives?: string; cashPaise?: number };
  /** The shop answered "something was wrong with my order". */
  /** `inCash`: owed in cash (a COD order, or an online one's refund under ₹1). */
  'issue-resolved': { order: OrderSnapshot; action: 'refund' | 'decline'; amountPaise: number; note?: string; refundArrives?: string; inCash?: boolean };
  'staff-invitation': { link: string; expiresAt: string; name: string };
}
export type MailKind = keyof MailKinds;

/** Progress mails a shopper may turn off in their account; receipts, cancellations, refunds and sign-in mails always go. */
export const STATUS_MAIL_KINDS: readonly MailKind[] = ['order-packing', 'order-out-for-delivery', 'order-delivered'];

/** The mail for each status an order moves to (Order Placed has the confirmation). */
export const STATUS_MAIL: Partial<Record<OrderStatus, MailKind>> = {
  Packing: 'order-packing',
  'Out for delivery': 'order-out-for-delivery',
  Delivered: 'order-delivered',
  Cancelled: 'order-cancelled',
};

export type { MailContext } from './mail-render';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Where a shopper sees an order, and where the seller finds it. */
export const shopperOrderLink = (ctx: MailContext, orderNumber: string) => `${ctx.publicUrl}/My-orders?order=${encodeURIComponent(orderNumber)}`;
export const sellerOrderLink = (ctx: MailContext, orderNumber: string) => `${ctx.publicUrl}/seller/orders?order=${encodeURIComponent(orderNumber)}`;
export const accountLink = (ctx: MailContext) => `${ctx.publicUrl}/account`;

const dateTime = new Intl.DateTimeFormat('en-IN', { timeZone: MAIL_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });
const timeOnly = new Intl.DateTimeFormat('en-IN', { timeZone: MAIL_TIME_ZONE, timeStyle: 'short' });
/** "23 Nov 2026, 4:05 pm" */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
const formatTime = (iso: string) => timeOnly.format(new Date(iso));

export function renderMail<K extends MailKind>(kind: K, data: MailKinds[K], ctx: MailContext): RenderedMail {
  const draft = (TEMPLATES[kind] as (data: MailKinds[K], ctx: MailContext) => Draft)(data, ctx);
  return { subject: draft.subject, text: toText(draft, ctx), html: toHtml(draft, ctx) };
}

/**
 * What a shopper typed (a name, an address), made unlinkable: mail clients turn text such as
 * `evil.example`, `www.x.in/pay` or `http://x` into links, in plain text and HTML alike. A zero-width
 * space after each `.`, `:`, `/`, `@` and backslash breaks every such pattern and shows nothing.
 */
export const typed = (text: string) => text.replace(/([.:/@\\])(?=\S)/g, '$1\u200b');

const hello = (ctx: MailContext) => `Hello ${ctx.firstName ? typed(ctx.firstName) : 'there'},`;
const shopperFooter = (ctx: MailContext) =>
  `You get this mail because you ordered at ${ctx.shopName}. Questions? Reply to ${ctx.shopEmail} or call ${ctx.shopPhone}.`;
const progressFooter = (ctx: MailContext) =>
  `${shopperFooter(ctx)} Order progress mails (packing, out for delivery, delivered) can be turned off at ${accountLink(ctx)}.`;
const sellerFooter = (ctx: MailContext) => `Sent by ${ctx.shopName} to the shop's order address.`;

/** "Coupon FLAT50 −₹50.00": the discount between the items and the tax, as a minus (U+2212) amount. */
function discountRow(order: Pick<OrderSnapshot, 'discountPaise' | 'couponCode'>): [string, string][] {
  const discount = order.discountPaise ?? 0;
  if (discount <= 0) return [];
  return [[order.couponCode ? `Coupon ${typed(order.couponCode)}` : 'Discount', `−${formatRupees(discount)}`]];
}

function bill(order: OrderSnapshot): Block[] {
  const totals: [string, string][] = [
    ['Items', formatRupees(order.subtotalPaise)],
    ...discountRow(order),
    ['Tax (2%)', formatRupees(order.taxPaise)],
    ['Delivery', order.deliveryFeePaise ? formatRupees(order.deliveryFeePaise) : 'Free'],
    ['Total', formatRupees(order.amountPaise)],
  ];
  return [{ lines: order.items }, { totals }];
}

function paymentText(order: OrderSnapshot): string {
  if (order.paymentType === 'COD') return order.paymentStatus === 'paid' ? 'Cash on delivery, paid' : 'Cash on delivery: please pay when it arrives';
  if (order.paymentStatus === 'refunded') return 'Paid online, refunded';
  return order.paymentStatus === 'paid' ? `Paid online${order.razorpayPaymentId ? ` (payment ${order.razorpayPaymentId})` : ''}` : 'Online payment';
}

/** The payment as the seller needs it: what to collect at the door, or what was paid and refunded. */
function sellerPaymentText(order: OrderSnapshot): string {
  if (order.paymentType === 'COD') {
    if (order.status === 'Cancelled') return 'Cash on delivery: nothing to collect';
    return order.paymentStatus === 'paid' ? 'Cash on delivery, collected' : `Collect ${formatRupees(order.amountPaise)} in cash`;
  }
  return paymentText(order);
}

function addressText(order: OrderSnapshot): string {
  const a = order.address;
  return a ? `${typed(`${a.name}, ${a.street}, ${a.city}, ${a.state}`)} ${a.pincode} · ${formatPhone(a.phone)}` : 'The address you choose with the shop';
}

function orderFacts(order: OrderSnapshot): Block {
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

const viewOrder = (ctx: MailContext, order: OrderSnapshot): Block => ({
  button: { label: `View order ${order.orderNumber}`, href: shopperOrderLink(ctx, order.orderNumber) },
});

type Templates = { [K in MailKind]: (data: MailKinds[K], ctx: MailContext) => Draft };

const TEMPLATES: Templates = {
  'order-confirmation': ({ order }, ctx) => ({
    subject: `Order ${order.orderNumber} confirmed: ${formatRupees(order.amountPaise)}, ${order.deliverySlot ? `delivery ${order.deliverySlot}` : `at your door by ${formatTime(order.deliverBy)}`}`,
    heading: `Thank you! Order ${order.orderNumber} is confirmed`,
    blocks: [
      { p: hello(ctx) },
      {
        p: `We have your order and will deliver it ${order.deliverySlot ? `in your slot, ${order.deliverySlot}` : `by ${formatDateTime(order.deliverBy)}`}. This mail is your receipt.`,
      },
      ...bill(order),
      orderFacts(order),
      viewOrder(ctx, order),
    ],
    footer: shopperFooter(ctx),
  }),
  'payment-received': ({ order }, ctx) => ({
    subject: `Payment of ${formatRupees(order.amountPaise)} received for order ${order.orderNumber}`,
    heading: 'Payment received',
    blocks: [
      { p: hello(ctx) },
      { p: `We received your online payment of ${formatRupees(order.amountPaise)} for order ${order.orderNumber}. Nothing is due on delivery.` },
      {
        facts: [
          ['Order', order.orderNumber],
          ['Amount', formatRupees(order.amountPaise)],
          ...(order.razorpayPaymentId ? ([['Payment', order.razorpayPaymentId]] as [string, string][]) : []),
        ],
      },
      viewOrder(ctx, order),
    ],
    footer: shopperFooter(ctx),
  }),
  'order-packing': ({ order }, ctx) => ({
    subject: `Order ${order.orderNumber} is being packed`,
    heading: 'We are packing your order',
    blocks: [
      { p: hello(ctx) },
      { p: `Order ${order.orderNumber} is being packed now. It is still on its way to you by ${formatDateTime(order.deliverBy)}.` },
      viewOrder(ctx, order),
    ],
    footer: progressFooter(ctx),
  }),
  'order-out-for-delivery': ({ order }, ctx) => ({
    subject: `Order ${order.orderNumber} is out for delivery`,
    heading: 'On its way',
    blocks: [
      { p: hello(ctx) },
      {
        p: `Order ${order.orderNumber} left the shop and is on its way to ${order.address ? typed(order.address.street) : 'you'}. Expected by ${formatTime(order.deliverBy)}.`,
      },
      ...(order.paymentType === 'COD' && order.paymentStatus !== 'paid'
        ? [{ p: `Please keep ${formatRupees(order.amountPaise)} ready (cash on delivery).` }]
        : []),
      viewOrder(ctx, order),
    ],
    footer: progressFooter(ctx),
  }),
  'order-delivered': ({ order, at }, ctx) => ({
    subject: `Order ${order.orderNumber} was delivered`,
    heading: 'Delivered',
    blocks: [
      { p: hello(ctx) },
      { p: `Order ${order.orderNumber} was delivered at ${formatDateTime(at)}. Enjoy, and thank you for shopping with ${ctx.shopName}.` },
      { totals: [['Total', formatRupees(order.amountPaise)]] },
      { facts: [['Payment', paymentText(order)]] },
      viewOrder(ctx, order),
    ],
    footer: progressFooter(ctx),
  }),
  'order-cancelled': ({ order, at }, ctx) => ({
    subject: `Order ${order.orderNumber} was cancelled`,
    heading: 'Order cancelled',
    blocks: [
      { p: hello(ctx) },
      { p: `Order ${order.orderNumber} was cancelled at ${formatDateTime(at)} and will not be delivered.` },
      ...(order.cancelledBy === 'shop' && order.cancelReason ? [{ p: `Cancelled by the shop: ${order.cancelReason}` }] : []),
      {
        p:
          order.paymentType === 'Online' && (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded')
            ? `You paid ${formatRupees(order.amountPaise)} online: we are refunding it to the way you paid, and will write again when the refund starts and when it is done.`
            : 'Nothing was charged.',
      },
      viewOrder(ctx, order),
    ],
    footer: shopperFooter(ctx),
  }),
  'order-adjusted': ({ order, changes, refundPaise, refundArrives, cashPaise }, ctx) => ({
    subject: `Order ${order.orderNumber} was packed with changes`,
    heading: 'Your order changed while packing',
    blocks: [
      { p: hello(ctx) },
      { p: `Not everything in order ${order.orderNumber} could be packed as ordered:` },
      { facts: changes.map((change, i): [string, string] => [String(i + 1), typed(change)]) },
      {
        p:
          order.paymentType === 'COD'
            ? `Please pay ${formatRupees(order.amountPaise)} in cash on delivery (the new total).`
            : cashPaise
              ? paidBackInCash(cashPaise)
              : `${formatRupees(refundPaise ?? 0)} is being refunded to the way you paid; it reaches your account in ${refundArrives ?? '5–7 working days'}.`,
      },
      ...bill(order),
      viewOrder(ctx, order),
    ],
    footer: shopperFooter(ctx),
  }),
  'issue-resolved': ({ order, action, amountPaise, note, refundArrives, inCash }, ctx) => ({
    subject: action === 'refund' ? `${formatRupees(amountPaise)} back for order ${order.orderNumber}` : `About the problem with order ${order.orderNumber}`,
    heading: action === 'refund' ? 'Your refund' : 'About your report',
    blocks: [
      { p: hello(ctx) },
      {
        p:
          action === 'decline'
            ? `We looked at what you reported for order ${order.orderNumber} and could not refund it.`
            : order.paymentType === 'COD' || inCash
              ? `We owe you ${formatRupees(amountPaise)} for what was wrong with order ${order.orderNumber}; we will pay it in cash.`
              : `${formatRupees(amountPaise)} for what was wrong with order ${order.orderNumber} is being refunded; it reaches your account in ${refundArrives ?? '5–7 working days'}.`,
      },
      ...(note ? [{ p: `The shop says: “${typed(note)}”` }] : []),
      viewOrder(ctx, order),
    ],
    footer: shopperFooter(ctx),
  }),
  'refund-started': ({ order, refundId }, ctx) => ({
    subject: `Refund of ${formatRupees(order.amountPaise)} started for order ${order.orderNumber}`,
    heading: 'Refund started',
    blocks: [
      { p: hello(ctx) },
      {
        p: `We have asked for ${formatRupees(order.amountPaise)} to go back to the way you paid for order ${order.orderNumber}. Banks usually take 5–7 working days.`,
      },
      {
        facts: [
          ['Order', order.orderNumber],
          ['Amount', formatRupees(order.amountPaise)],
          ['Refund', refundId],
        ],
      },
      viewOrder(ctx, order),
    ],
    footer: shopperFooter(ctx),
  }),
  'refund-done': ({ order, refundId }, ctx) => ({
    subject: `Refund of ${formatRupees(order.amountPaise)} done for order ${order.orderNumber}`,
    heading: 'Refund done',
    blocks: [
      { p: hello(ctx) },
      {
        p: `${formatRupees(order.amountPaise)} for order ${order.orderNumber} has been refunded. If you do not see it yet, your bank may take a few more days to show it.`,
      },
      {
        facts: [
          ['Order', order.orderNumber],
          ['Amount', formatRupees(order.amountPaise)],
          ['Refund', refundId],
        ],
      },
      viewOrder(ctx, order),
    ],
    footer: shopperFooter(ctx),
  }),
  'sold-out-refund': (refund, ctx) => ({
    subject: `Your payment of ${formatRupees(refund.amountPaise)} is being refunded`,
    heading: 'We could not place this order',
    blocks: [
      { p: hello(ctx) },
      {
        p: `Your payment of ${formatRupees(refund.amountPaise)} arrived, but we could not turn it into an order: ${refund.reason}. We are refunding all of it to the way you paid; banks usually take 5–7 working days.`,
      },
      {
        facts: [
          ['You tried to buy', refund.productNames.join(', ') || '—'],
          ['Amount', formatRupees(refund.amountPaise)],
          ['Payment', refund.razorpayPaymentId],
        ],
      },
      { button: { label: `Shop at ${ctx.shopName}`, href: `${ctx.publicUrl}/products` } },
    ],
    footer: shopperFooter(ctx),
  }),
  'seller-new-order': ({ order, shopperEmail }, ctx) => ({
    subject: `New order ${order.orderNumber}: ${formatRupees(order.amountPaise)}, ${order.paymentType === 'COD' ? 'cash on delivery' : 'paid online'}`,
    heading: `New order ${order.orderNumber}`,
    blocks: [
      {
        p: `A new order came in at ${formatDateTime(order.placedAt)}. The promise to the shopper: ${order.deliverySlot ? `delivered in the slot ${order.deliverySlot}` : `delivered by ${formatTime(order.deliverBy)}`}.`,
      },
      ...bill(order),
      {
        facts: [
          ['Deliver to', addressText(order)],
          ['Shopper', shopperEmail ?? (order.address ? typed(order.address.name) : '—')],
          ['Payment', sellerPaymentText(order)],
        ],
      },
      { button: { label: `Open ${order.orderNumber}`, href: sellerOrderLink(ctx, order.orderNumber) } },
    ],
    footer: sellerFooter(ctx),
  }),
  'seller-order-cancelled': ({ order, at }, ctx) => {
    const paidOnline = order.paymentType === 'Online' && (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded');
    return {
      subject: `Cancelled — do not send: order ${order.orderNumber} (${formatRupees(order.amountPaise)})`,
      heading: `Order ${order.orderNumber} was cancelled: do not send it`,
      blocks: [
        {
          p: `The shopper cancelled order ${order.orderNumber} at ${formatDateTime(at)}. If you have started packing it, put the items back: it must not be delivered.`,
        },
        {
          p: paidOnline
            ? `The ${formatRupees(order.amountPaise)} paid online is being refunded to the shopper; it no longer counts as revenue.`
            : 'It was cash on delivery: there is nothing to collect.',
        },
        ...bill(order),
        { facts: [['Was going to', addressText(order)]] },
        { button: { label: `Open ${order.orderNumber}`, href: sellerOrderLink(ctx, order.orderNumber) } },
      ],
      footer: sellerFooter(ctx),
    };
  },
  'seller-sold-out-refund': (refund, ctx) => ({
    subject: `Payment ${refund.razorpayPaymentId} refunded: ${formatRupees(refund.amountPaise)} (${refund.reason})`,
    heading: 'A payment was refunded instead of becoming an order',
    blocks: [
      {
        p: `A payment of ${formatRupees(refund.amountPaise)} was captured after its checkout could no longer be placed (${refund.reason}). It is being refunded in full; no order was made.`,
      },
      {
        facts: [
          ['Products', refund.productNames.join(', ') || '—'],
          ['Shopper', refund.shopperEmail ?? '—'],
          ['Razorpay order', refund.razorpayOrderId],
          ['Razorpay payment', refund.razorpayPaymentId],
        ],
      },
    ],
    footer: sellerFooter(ctx),
  }),
  'password-reset': ({ link, expiresAt }, ctx) => ({
    subject: `Reset your ${ctx.shopName} password`,
    heading: 'Reset your password',
    blocks: [
      { p: hello(ctx) },
      {
        p: `Someone (we hope you) asked to reset the password of your ${ctx.shopName} account. The link below works once, until ${formatTime(expiresAt)} (30 minutes).`,
      },
      { button: { label: 'Choose a new password', href: link } },
      { small: `Or open this address: ${link}` },
      { p: 'If you did not ask for this, ignore this mail: your password stays as it is.' },
    ],
    footer: `Sent by ${ctx.shopName} because a password reset was asked for this address.`,
  }),
  'staff-invitation': ({ link, expiresAt }, ctx) => ({
    subject: `You are invited to the ${ctx.shopName} seller area`,
    heading: `Join ${ctx.shopName}`,
    blocks: [
      { p: hello(ctx) },
      {
        p: `The owner of ${ctx.shopName} added you to the shop's team. Choose your password with the link below; it works once, until ${formatDateTime(expiresAt)} (48 hours).`,
      },
      { button: { label: 'Choose your password', href: link } },
      { small: `Or open this address: ${link}` },
      { p: 'Then sign in on the seller page with this email address and your new password.' },
    ],
    footer: `Sent by ${ctx.shopName} because the shop's owner invited this address.`,
  }),
  'email-verification': ({ link, expiresAt }, ctx) =>
    verificationMail({ link, until: formatDateTime(expiresAt) }, { shopName: ctx.shopName, hello: hello(ctx) }),
};
