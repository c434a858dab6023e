import type { OrderView } from '@greencart/domain';

/** Where an order's money stands, in the shopper's words: one line for the order lists. */
export function paymentLabel({ paymentType, paymentStatus }: Pick<OrderView, 'paymentType' | 'paymentStatus'>): string {
  const cash = paymentType === 'COD';
  switch (paymentStatus) {
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
