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

  it('has words for every payment status', () => {
    for (const paymentStatus of PAYMENT_STATUSES) {
      expect(paymentLabel({ paymentType: 'Online', paymentStatus })).toMatch(/\w/);
    }
  });
});
