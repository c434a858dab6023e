import { formatRupees, MIN_ONLINE_REFUND_PAISE, paidBackInCash, REFUND_ARRIVES_IN, type OrderLineView, type OrderView } from '@greencart/domain';

/** What packing did to a line: "Not available", "2 of 3 packed", or "Replaces Desi Tomatoes"; null when nothing. */
export function packedNote(item: OrderLineView, items: readonly OrderLineView[]): string | null {
  if (item.substituteFor !== undefined) return `Replaces ${items[item.substituteFor]?.name ?? 'a missing item'}`;
  if (item.ordered === undefined) return null;
  return item.quantity === 0 ? 'Not available' : `${item.quantity} of ${item.ordered} packed`;
}

const at = (iso: string) => new Date(iso).toLocaleString('en-IN', { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });

/**
 * An order packed with changes, as the shopper (or the seller) reads it: when, what the refund is and when it
 * reaches the account, or the new amount to pay in cash. The seller also sees a refund not made yet, and why,
 * and which staff member packed it ("Packed with changes by Ravi"). A difference under ₹1 on an online order
 * is paid back in cash on delivery (Razorpay refunds no less); a cancel refunds it with the rest. Once the
 * order is Delivered, the cash is told as handed over.
 */
export function PackingChanges({
  order,
  as,
}: {
  order: Pick<OrderView, 'adjustments' | 'paymentType' | 'amountPaise' | 'originalAmountPaise' | 'status'>;
  as: 'shopper' | 'seller';
}) {
  const changes = (order.adjustments ?? []).filter((a) => !a.cancels);
  if (!changes.length) return null;
  // Delivered: the cash changed hands at the door (a COD order is marked paid then), so it is told as done.
  const delivered = order.status === 'Delivered';
  return (
    <div data-testid="packing-changes" className="mt-3 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      {changes.map((change) => (
        <div key={change.key}>
          <p className="font-medium">
            Packed with changes{as === 'seller' && change.by !== 'seller' ? ` by ${change.by}` : ''} · <time dateTime={change.at}>{at(change.at)}</time>
          </p>
          {change.reason && <p>“{change.reason}”</p>}
          {order.paymentType === 'Online' && change.refund && (
            <p data-testid="packing-refund">
              {change.refund.status === 'processed' || change.refund.status === 'pending'
                ? as === 'seller'
                  ? `${formatRupees(change.refund.amountPaise)} refunded to the shopper through Razorpay — it reaches their account in ${REFUND_ARRIVES_IN}.`
                  : `${formatRupees(change.refund.amountPaise)} refunded to the way you paid — it reaches the account in ${REFUND_ARRIVES_IN}.`
                : as === 'seller'
                  ? `Refund of ${formatRupees(change.refund.amountPaise)} not made yet${change.refund.error ? `: ${change.refund.error}` : ''} — retrying.`
                  : `A refund of ${formatRupees(change.refund.amountPaise)} is on its way.`}
            </p>
          )}
          {order.paymentType === 'Online' && change.cashOwedPaise && order.status !== 'Cancelled' && (
            <p data-testid="packing-cash-back">
              {as === 'seller'
                ? delivered
                  ? `${formatRupees(change.cashOwedPaise)} given back in cash on delivery (Razorpay refunds no less than ${formatRupees(MIN_ONLINE_REFUND_PAISE)}).`
                  : `Give ${formatRupees(change.cashOwedPaise)} back in cash on delivery: Razorpay refunds no less than ${formatRupees(MIN_ONLINE_REFUND_PAISE)}.`
                : paidBackInCash(change.cashOwedPaise, delivered)}
            </p>
          )}
        </div>
      ))}
      {order.paymentType === 'COD' && order.status !== 'Cancelled' && (
        <p data-testid="packing-cod">
          {delivered ? (as === 'seller' ? 'Collected' : 'Paid') : as === 'seller' ? 'Collect' : 'Pay'} {formatRupees(order.amountPaise)} in cash on delivery
          {order.originalAmountPaise !== undefined ? ` (was ${formatRupees(order.originalAmountPaise)})` : ''}.
        </p>
      )}
    </div>
  );
}
