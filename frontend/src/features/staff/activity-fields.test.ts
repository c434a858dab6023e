import { describe, expect, it } from 'vitest';
import { fieldLabel, fieldValue } from './activity-fields';

describe('activity log fields as the owner reads them', () => {
  it('shows money in rupees under a plain name, lists as lists, and nothing as a dash', () => {
    expect(fieldLabel('refundPaise')).toBe('refund');
    expect(fieldLabel('amountPaise')).toBe('amount');
    expect(fieldLabel('status')).toBe('status');
    expect(fieldValue('refundPaise', 7140)).toBe('₹71.40');
    expect(fieldValue('lines', ['Fresh Potatoes 1 kg × 3', 'Desi Tomatoes 500 g × 1'])).toBe('Fresh Potatoes 1 kg × 3, Desi Tomatoes 500 g × 1');
    expect(fieldValue('lines', [])).toBe('(none)');
    expect(fieldValue('inStock', false)).toBe('no');
    expect(fieldValue('note', null)).toBe('—');
    expect(fieldValue('note', undefined)).toBe('—');
    expect(fieldValue('stock', 0)).toBe('0');
  });

  it('shows delivery slots as the owner typed them', () => {
    const weekdays = { days: [5, 1, 2, 3, 4], start: '07:00', end: '09:00', capacity: 10, cutoffMinutes: 60 };
    const weekend = { days: [0, 6], start: '18:00', end: '20:00', capacity: 1, cutoffMinutes: 0 };
    expect(fieldValue('slots', [weekdays, weekend])).toBe('Mon–Fri 07:00–09:00, 10 places; Sun, Sat 18:00–20:00, 1 place');
    expect(fieldValue('slots', [])).toBe('(none)');
    const everyDay = { ...weekend, days: [6, 5, 4, 3, 2, 1, 0], capacity: 20 };
    const twelve = Array.from({ length: 12 }, () => everyDay);
    expect(fieldValue('slots', twelve)).toBe(Array.from({ length: 12 }, () => 'Every day 18:00–20:00, 20 places').join('; '));
  });

  it('keeps objects readable and cuts long values', () => {
    expect(fieldValue('slots', [{ start: '07:00' }])).toBe('[{"start":"07:00"}]');
    const long = fieldValue('description', 'x'.repeat(200));
    expect(long).toHaveLength(78);
    expect(long.endsWith('…')).toBe(true);
  });
});
