import { formatRupees } from '@greencart/domain';
import {
  addressText,
  bill,
  formatDateTime,
  formatTime,
  paymentText,
  sellerOrderLink,
  typed,
  type OrderSnapshot,
  type SoldOutRefundSnapshot,
  type TemplatesOf,
} from './mail-parts';
import type { MailContext } from './mail-render';

/** The seller's mails, to the shop's order address: a new order, a shopper's cancellation, a payment refunded instead of placed. */
export interface SellerMailKinds {
  'seller-new-order': { order: OrderSnapshot; shopperEmail?: string };
  'seller-order-cancelled': { order: OrderSnapshot; at: string };
  'seller-sold-out-refund': SoldOutRefundSnapshot & { shopperEmail?: string };
}

const sellerFooter = (ctx: MailContext) => `Sent by ${ctx.shopName} to the shop's order address.`;

/** The payment as the seller needs it: what to collect at the door, or what was paid and refunded. */
function sellerPaymentText(order: OrderSnapshot): string {
  if (order.paymentType === 'COD') {
    if (order.status === 'Cancelled') return 'Cash on delivery: nothing to collect';
    return order.paymentStatus === 'paid' ? 'Cash on delivery, collected' : `Collect ${formatRupees(order.amountPaise)} in cash`;
  }
  return paymentText(order);
}

export const SELLER_MAILS: TemplatesOf<SellerMailKinds> = {
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
        ...(order.cancelReason ? [{ p: `Their reason: ${order.cancelReason}` }] : []),
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
};
