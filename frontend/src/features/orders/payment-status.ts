import type { OrderView } from '@greencart/domain';

type PaymentFacts = Pick<OrderView, 'paymentType' | 'paymentStatus'> & Partial<Pick<OrderView, 'status' | 'payment'>>;

/** A cancelled online order whose money has not come back yet (the refund is asked for or being processed). */
function refundPending({ paymentType, paymentStatus, status, payment }: PaymentFacts): boolean {
  if (paymentType !== 'Online') return false;
  return payment?.refundStatus === 'pending' || (status === 'Cancelled' && paymentStatus === 'paid');
}

/** Where an order's money stands, in the shopper's words: one line for the order lists. */
export function paymentLabel(order: PaymentFacts): string {
  const cash = order.paymentType === 'COD';
  if (refundPending(order)) return 'Refund pending';
  switch (order.paymentStatus) {
    case 'pending':
      return cash ? 'Cash on delivery · to be paid' : 'Online · awaiting payment';
    case 'paid':
      return cash ? 'Paid · cash on delivery' : 'Paid online';
    case 'failed':
      return 'Online payment failed';
    case 'refunded':
      return 'Refunded';
    case 'void':
      return 'Not charged (cancelled)';
  }
}
