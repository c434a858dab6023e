import { PAYMENT_STATUSES } from '@greencart/domain';
import { describe, expect, it } from 'vitest';
import { paymentLabel } from './payment-status';

describe('payment line of an order', () => {
  it('says how a cash order stands', () => {
    expect(paymentLabel({ paymentType: 'COD', paymentStatus: 'pending' })).toBe('Cash on delivery · to be paid');
    expect(paymentLabel({ paymentType: 'COD', paymentStatus: 'paid' })).toBe('Paid · cash on delivery');
    expect(paymentLabel({ paymentType: 'COD', paymentStatus: 'void' })).toBe('Not charged (cancelled)');
  });

  it('says how an online payment stands', () => {
    expect(paymentLabel({ paymentType: 'Online', paymentStatus: 'pending' })).toBe('Online · awaiting payment');
    expect(paymentLabel({ paymentType: 'Online', paymentStatus: 'paid' })).toBe('Paid online');
    expect(paymentLabel({ paymentType: 'Online', paymentStatus: 'failed' })).toBe('Online payment failed');
    expect(paymentLabel({ paymentType: 'Online', paymentStatus: 'refunded' })).toBe('Refunded');
  });

  it('says a refund is pending until Razorpay has processed it', () => {
    const payment = { provider: 'razorpay' as const, razorpayOrderId: 'order_1', razorpayPaymentId: 'pay_1' };
    // Cancelled by the seller, refund not asked for or not answered yet.
    expect(paymentLabel({ paymentType: 'Online', paymentStatus: 'paid', status: 'Cancelled', payment })).toBe('Refund pending');
    expect(
      paymentLabel({ paymentType: 'Online', paymentStatus: 'paid', status: 'Cancelled', payment: { ...payment, refundId: 'rfnd_1', refundStatus: 'pending' } }),
    ).toBe('Refund pending');
    expect(
      paymentLabel({
        paymentType: 'Online',
        paymentStatus: 'refunded',
        status: 'Cancelled',
        payment: { ...payment, refundId: 'rfnd_1', refundStatus: 'processed' },
      }),
    ).toBe('Refunded');
    // Still on its way: nothing to refund.
    expect(paymentLabel({ paymentType: 'Online', paymentStatus: 'paid', status: 'Packing', payment })).toBe('Paid online');
    expect(paymentLabel({ paymentType: 'COD', paymentStatus: 'void', status: 'Cancelled' })).toBe('Not charged (cancelled)');
  });

  it('has words for every payment status', () => {
    for (const paymentStatus of PAYMENT_STATUSES) {
      expect(paymentLabel({ paymentType: 'Online', paymentStatus })).toMatch(/\w/);
    }
  });
});
