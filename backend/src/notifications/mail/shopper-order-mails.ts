import { formatRupees, paidBackInCash } from '@greencart/domain';
import type { Block } from './mail-render';
import {
  bill,
  formatDateTime,
  formatTime,
  hello,
  orderFacts,
  paymentText,
  progressFooter,
  shopperFooter,
  typed,
  viewOrder,
  type OrderSnapshot,
  type SoldOutRefundSnapshot,
  type TemplatesOf,
} from './mail-parts';

/** The shopper's mails about an order: receipt, payment, progress, cancellation, packing changes, problem reports and refunds. */
export interface ShopperOrderMailKinds {
  'order-confirmation': { order: OrderSnapshot };
  'payment-received': { order: OrderSnapshot };
  'order-packing': { order: OrderSnapshot; at: string };
  'order-out-for-delivery': { order: OrderSnapshot; at: string };
  'order-delivered': { order: OrderSnapshot; at: string };
  'order-cancelled': { order: OrderSnapshot; at: string };
  'refund-started': { order: OrderSnapshot; refundId: string };
  'refund-done': { order: OrderSnapshot; refundId: string };
  'sold-out-refund': SoldOutRefundSnapshot;
  /** Packing changed the order (issue 39): what changed, the packer's note (the change's `reason`), and the refund or the new amount to pay in cash. */
  'order-adjusted': { order: OrderSnapshot; changes: string[]; note?: string; refundPaise?: number; refundArrives?: string; cashPaise?: number };
  /** The shop answered "something was wrong with my order". */
  /** `inCash`: owed in cash (a COD order, or an online one's refund under ₹1). */
  'issue-resolved': { order: OrderSnapshot; action: 'refund' | 'decline'; amountPaise: number; note?: string; refundArrives?: string; inCash?: boolean };
}

/** Which order, how much, and Razorpay's refund id. */
const refundFacts = (order: OrderSnapshot, refundId: string): Block => ({
  facts: [
    ['Order', order.orderNumber],
    ['Amount', formatRupees(order.amountPaise)],
    ['Refund', refundId],
  ],
});

export const SHOPPER_ORDER_MAILS: TemplatesOf<ShopperOrderMailKinds> = {
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
  'order-adjusted': ({ order, changes, note, refundPaise, refundArrives, cashPaise }, ctx) => ({
    subject: `Order ${order.orderNumber} was packed with changes`,
    heading: 'Your order changed while packing',
    blocks: [
      { p: hello(ctx) },
      { p: `Not everything in order ${order.orderNumber} could be packed as ordered:` },
      { facts: changes.map((change, i): [string, string] => [String(i + 1), typed(change)]) },
      ...(note?.trim() ? [{ p: `Note from the shop: “${typed(note.trim())}”` }] : []),
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
      refundFacts(order, refundId),
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
      refundFacts(order, refundId),
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
};
