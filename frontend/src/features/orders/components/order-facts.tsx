import { formatRupees, movedByLine, ORDER_STATUSES, TAX_PERCENT, type OrderStatus } from '@greencart/domain';
import type { Order } from '../types';

const STEPS = ORDER_STATUSES.filter((status) => status !== 'Cancelled');

/** "12:25 pm" today, "22 Nov, 12:25 pm" otherwise. */
function formatStepTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const time = at.toLocaleTimeString('en-IN', { hour: 'numeric', minute: '2-digit' });
  return at.toDateString() === now.toDateString() ? time : `${at.toLocaleDateString('en-IN', { day: 'numeric', month: 'short' })}, ${time}`;
}

/**
 * The bill: items, the coupon's discount, tax (on the discounted items) and delivery fee adding up to the total charged.
 * The tax as the order was placed (issue 54): added on top in `flat` mode (orders from before tax modes too); inside the
 * total in `gst` mode, said under it; none in the other modes.
 */
export function BillBreakdown({ order }: { order: Order }) {
  const fee = order.deliveryFeePaise ?? 0;
  const discount = order.discountPaise ?? order.coupon?.discountPaise ?? 0;
  const taxMode = order.taxMode ?? 'flat';
  return (
    <dl data-testid="order-bill" className="grid grid-cols-[1fr_auto] gap-y-1 text-sm text-gray-600">
      <dt>Items</dt>
      <dd className="text-right">{formatRupees(order.subtotalPaise)}</dd>
      {discount > 0 && (
        <>
          <dt className="text-green-700">{order.coupon ? `Coupon ${order.coupon.code}` : 'Discount'}</dt>
          <dd className="text-right text-green-700" data-testid="order-discount">
            −{formatRupees(discount)}
          </dd>
        </>
      )}
      {taxMode === 'flat' && (
        <>
          <dt>Tax ({TAX_PERCENT}%)</dt>
          <dd className="text-right">{formatRupees(order.taxPaise)}</dd>
        </>
      )}
      <dt>Delivery fee</dt>
      <dd className="text-right">{fee === 0 ? 'Free' : formatRupees(fee)}</dd>
      <dt className="border-t border-gray-200 pt-1 font-medium text-gray-800">Total</dt>
      <dd className="border-t border-gray-200 pt-1 text-right font-medium text-gray-800">{formatRupees(order.amountPaise)}</dd>
      {taxMode === 'gst' && order.taxInsidePaise !== undefined && (
        <>
          <dt>Includes GST</dt>
          <dd className="text-right" data-testid="order-gst-inside">
            {formatRupees(order.taxInsidePaise)}
          </dd>
        </>
      )}
    </dl>
  );
}

/** Each step the order went through with its time, and the steps still to come (greyed); a cancelled order ends at 'Cancelled'. */
export function StatusTimeline({ order }: { order: Order }) {
  const reached = new Map<OrderStatus, string>();
  const movedBy = new Map<OrderStatus, string>();
  for (const step of order.statusHistory ?? []) {
    if (!reached.has(step.status)) reached.set(step.status, step.at);
    if (step.by && !movedBy.has(step.status)) movedBy.set(step.status, step.by);
  }
  if (!reached.has('Order Placed')) reached.set('Order Placed', order.createdAt);
  const cancelled = order.status === 'Cancelled';
  const steps: OrderStatus[] = cancelled ? [...STEPS.filter((step) => reached.has(step)), 'Cancelled'] : STEPS;
  return (
    <ol data-testid="order-timeline" aria-label="Order progress" className="flex flex-col gap-2 text-sm sm:flex-row sm:gap-0">
      {steps.map((step) => {
        const at = reached.get(step) ?? (step === 'Cancelled' ? order.updatedAt : undefined);
        const done = at !== undefined;
        const dot = step === 'Cancelled' ? 'bg-red-600' : done ? 'bg-primary' : 'border border-gray-400 bg-white';
        return (
          <li key={step} className="flex items-center gap-2 sm:flex-1 sm:flex-col sm:items-start sm:gap-1">
            <span className={`h-3 w-3 shrink-0 rounded-full ${dot}`} aria-hidden="true" />
            <span className={done ? 'font-medium text-gray-800' : 'text-gray-500'}>{step}</span>
            {done ? (
              <time dateTime={at} className="text-gray-600">
                {formatStepTime(at)}
              </time>
            ) : (
              <span className="sr-only">not yet</span>
            )}
            {movedBy.has(step) && <span className="text-xs text-gray-500">{movedByLine(step, movedBy.get(step)!)}</span>}
          </li>
        );
      })}
    </ol>
  );
}

/** "24 Nov, 12:40 pm": a day and time, whatever the day. */
function formatDayTime(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return `${at.toLocaleDateString('en-IN', { day: 'numeric', month: 'short' })}, ${at.toLocaleTimeString('en-IN', { hour: 'numeric', minute: '2-digit' })}`;
}

/** Who cancelled the order and why, and for a paid online order where its refund stands, in the shopper's words. */
export function CancellationNote({ order }: { order: Order }) {
  if (order.status !== 'Cancelled') return null;
  const at = order.statusHistory?.find((step) => step.status === 'Cancelled')?.at ?? order.updatedAt;
  const when = at ? formatStepTime(at) : '';
  const headline =
    order.cancelledBy === 'shop'
      ? order.cancelReason
        ? `Cancelled by the shop: ${order.cancelReason}`
        : 'Cancelled by the shop.'
      : order.cancelledBy === 'shopper'
        ? order.cancelReason
          ? `You cancelled this order: ${order.cancelReason}`
          : 'You cancelled this order.'
        : 'This order was cancelled.';
  return (
    <div data-testid="cancellation-note" role="note" className="rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
      <p className="font-medium break-words">{headline}</p>
      {when && (
        <p className="mt-1">
          Cancelled at <time dateTime={at}>{when}</time>.
        </p>
      )}
      <p className="mt-1" data-testid="refund-line">
        {refundLine(order)}
      </p>
    </div>
  );
}

/** Where the money of a cancelled order stands: "₹204.00 refund started", "₹204.00 refunded on 24 Nov, 12:40 pm". */
function refundLine(order: Order): string {
  const paidOnline = order.paymentType === 'Online' && (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded');
  if (!paidOnline) return 'Nothing was charged for this order.';
  const amount = formatRupees(order.amountPaise);
  if (order.paymentStatus === 'refunded' || order.payment?.refundStatus === 'processed') {
    const on = order.payment?.refundedAt ? ` on ${formatDayTime(order.payment.refundedAt)}` : '';
    return `${amount} refunded${on} to the card, UPI or bank account you paid with; banks usually show it within 5–7 working days.`;
  }
  if (order.payment?.refundStatus === 'failed')
    return `The ${amount} refund did not go through yet; the shop is retrying. Message the shop if it does not arrive.`;
  return `${amount} refund started: it goes back to the card, UPI or bank account you paid with (usually 5–7 working days).`;
}
