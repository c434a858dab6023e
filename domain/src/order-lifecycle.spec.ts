import {
  canMove,
  initialPaymentStatus,
  isFinished,
  isOrderStatus,
  nextStatuses,
  ORDER_STATUSES,
  paymentAfterStatusChange,
  PAYMENT_STATUSES,
  type OrderStatus,
} from './order-lifecycle';

describe('the order lifecycle', () => {
  it('moves forward one step at a time: placed → packing → out for delivery → delivered', () => {
    expect(canMove('Order Placed', 'Packing')).toBe(true);
    expect(canMove('Packing', 'Out for delivery')).toBe(true);
    expect(canMove('Out for delivery', 'Delivered')).toBe(true);
    // No skipping, no going back, no standing still.
    expect(canMove('Order Placed', 'Out for delivery')).toBe(false);
    expect(canMove('Order Placed', 'Delivered')).toBe(false);
    expect(canMove('Packing', 'Order Placed')).toBe(false);
    expect(canMove('Out for delivery', 'Packing')).toBe(false);
    expect(canMove('Packing', 'Packing')).toBe(false);
  });

  it('can be cancelled until it is delivered; delivered and cancelled orders move no more', () => {
    for (const from of ['Order Placed', 'Packing', 'Out for delivery'] as const) expect(canMove(from, 'Cancelled')).toBe(true);
    for (const from of ['Delivered', 'Cancelled'] as const) {
      expect(nextStatuses(from)).toEqual([]);
      for (const to of ORDER_STATUSES) expect(canMove(from, to)).toBe(false);
      expect(isFinished(from)).toBe(true);
    }
    for (const status of ['Order Placed', 'Packing', 'Out for delivery']) expect(isFinished(status)).toBe(false);
  });

  it('every status but the finished ones has exactly one step forward and Cancelled', () => {
    const forward: Record<string, OrderStatus[]> = {};
    for (const from of ORDER_STATUSES) forward[from] = ORDER_STATUSES.filter((to) => canMove(from, to));
    expect(forward).toEqual({
      'Order Placed': ['Packing', 'Cancelled'],
      Packing: ['Out for delivery', 'Cancelled'],
      'Out for delivery': ['Delivered', 'Cancelled'],
      Delivered: [],
      Cancelled: [],
    });
    for (const from of ORDER_STATUSES) expect([...nextStatuses(from)]).toEqual(forward[from]);
  });

  it('knows its statuses and nothing else (exact spelling, no operators)', () => {
    for (const status of ORDER_STATUSES) expect(isOrderStatus(status)).toBe(true);
    for (const other of ['order placed', 'Shipped', '', 'Delivered ', null, undefined, 3, { $ne: 'Delivered' }, ['Packing']]) {
      expect(isOrderStatus(other)).toBe(false);
    }
    expect(nextStatuses('Shipped')).toEqual([]);
    expect(nextStatuses('__proto__')).toEqual([]);
  });
});

describe('where the money of an order stands', () => {
  it('starts pending, whichever way it is paid', () => {
    expect(initialPaymentStatus('COD')).toBe('pending');
    expect(initialPaymentStatus('Online')).toBe('pending');
  });

  it('cash on delivery: paid when delivered, void when cancelled first, pending on the way', () => {
    expect(paymentAfterStatusChange('COD', 'pending', 'Packing')).toBe('pending');
    expect(paymentAfterStatusChange('COD', 'pending', 'Out for delivery')).toBe('pending');
    expect(paymentAfterStatusChange('COD', 'pending', 'Delivered')).toBe('paid');
    expect(paymentAfterStatusChange('COD', 'pending', 'Cancelled')).toBe('void');
  });

  it('online payments are moved by payment events, never by a status change', () => {
    for (const payment of PAYMENT_STATUSES) {
      for (const to of ORDER_STATUSES) expect(paymentAfterStatusChange('Online', payment, to)).toBe(payment);
    }
  });

  it('a COD payment already settled stays as it is', () => {
    for (const payment of PAYMENT_STATUSES.filter((p) => p !== 'pending')) {
      expect(paymentAfterStatusChange('COD', payment, 'Delivered')).toBe(payment);
      expect(paymentAfterStatusChange('COD', payment, 'Cancelled')).toBe(payment);
    }
  });
});
