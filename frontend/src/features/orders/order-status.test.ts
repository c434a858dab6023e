import { isFinished, isOrderStatus, nextStatuses, ORDER_STATUSES } from '@greencart/domain';
import { describe, expect, it } from 'vitest';
import { statusActionLabel } from './order-status';

describe('order status transitions', () => {
  it('moves forward one step at a time, with cancelling possible before delivery', () => {
    expect(nextStatuses('Order Placed')).toEqual(['Packing', 'Cancelled']);
    expect(nextStatuses('Packing')).toEqual(['Out for delivery', 'Cancelled']);
    expect(nextStatuses('Out for delivery')).toEqual(['Delivered', 'Cancelled']);
  });

  it('has no way out of Delivered or Cancelled', () => {
    expect(nextStatuses('Delivered')).toEqual([]);
    expect(nextStatuses('Cancelled')).toEqual([]);
    expect(isFinished('Delivered')).toBe(true);
    expect(isFinished('Cancelled')).toBe(true);
    expect(isFinished('Packing')).toBe(false);
  });

  it('never skips a step or goes back', () => {
    for (const from of ORDER_STATUSES) {
      const fromIndex = ORDER_STATUSES.indexOf(from);
      for (const to of nextStatuses(from)) {
        if (to === 'Cancelled') continue;
        expect(ORDER_STATUSES.indexOf(to)).toBe(fromIndex + 1);
      }
    }
  });

  it('offers nothing for a status it does not know', () => {
    expect(isOrderStatus('Shipped')).toBe(false);
    expect(nextStatuses('Shipped')).toEqual([]);
    expect(nextStatuses('packing')).toEqual([]);
  });

  it('labels the seller buttons', () => {
    expect(statusActionLabel('Packing')).toBe('Mark Packing');
    expect(statusActionLabel('Out for delivery')).toBe('Mark Out for delivery');
    expect(statusActionLabel('Delivered')).toBe('Mark Delivered');
    expect(statusActionLabel('Cancelled')).toBe('Cancel order');
  });
});
