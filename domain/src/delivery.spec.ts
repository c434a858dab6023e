import { deliverByFor, deliveryMessage, minutesInZone, openingState, readDeliverySettings } from './delivery';

const KOLKATA = 'Asia/Kolkata';
/** 2026-03-10 at hh:mm in India (UTC+05:30, no daylight saving). */
const ist = (hh: number, mm = 0) => new Date(Date.UTC(2026, 2, 10, hh, mm) - 330 * 60_000);

describe('the shop clock', () => {
  it('reads the time of day in the shop’s zone, not the server’s', () => {
    // 18:29 UTC is 23:59 in India; 18:30 UTC is midnight there, the next day.
    expect(minutesInZone(new Date('2026-03-10T18:29:00Z'), KOLKATA)).toBe(23 * 60 + 59);
    expect(minutesInZone(new Date('2026-03-10T18:30:00Z'), KOLKATA)).toBe(0);
    expect(minutesInZone(new Date('2026-03-10T18:30:00Z'), 'UTC')).toBe(18 * 60 + 30);
  });

  it('follows daylight saving where the zone has it', () => {
    // New York: UTC-5 in winter, UTC-4 from 2026-03-08.
    expect(minutesInZone(new Date('2026-03-07T12:00:00Z'), 'America/New_York')).toBe(7 * 60);
    expect(minutesInZone(new Date('2026-03-09T12:00:00Z'), 'America/New_York')).toBe(8 * 60);
  });
});

describe('openingState', () => {
  const hours = { open: '07:00', close: '23:00' };

  it('no hours, or open equal to close: open all the time', () => {
    expect(openingState(null, ist(3), KOLKATA)).toEqual({ open: true });
    expect(openingState(undefined, ist(3), KOLKATA)).toEqual({ open: true });
    expect(openingState({ open: '09:00', close: '09:00' }, ist(3), KOLKATA)).toEqual({ open: true });
  });

  it('opens at the opening minute and closes at the closing minute', () => {
    expect(openingState(hours, ist(6, 59), KOLKATA)).toEqual({ open: false, opensAt: '07:00' });
    expect(openingState(hours, ist(7, 0), KOLKATA)).toEqual({ open: true, closesAt: '23:00' });
    expect(openingState(hours, ist(22, 59), KOLKATA)).toEqual({ open: true, closesAt: '23:00' });
    expect(openingState(hours, ist(23, 0), KOLKATA)).toEqual({ open: false, opensAt: '07:00', opensTomorrow: true });
  });

  it('closed for the night: the next opening is tomorrow; before the morning opening: today', () => {
    expect(openingState(hours, ist(23, 30), KOLKATA)).toMatchObject({ opensTomorrow: true });
    expect(openingState(hours, ist(0, 30), KOLKATA)).not.toHaveProperty('opensTomorrow');
    expect(deliveryMessage({ pincode: '560001', serviceable: true, open: false, opensAt: '07:00', opensTomorrow: true, etaMinutes: 20 })).toBe(
      'Closed now · opens tomorrow at 07:00',
    );
  });

  it('hours past midnight (close earlier than open): open late in the evening and early in the night', () => {
    const late = { open: '18:00', close: '02:00' };
    expect(openingState(late, ist(17, 59), KOLKATA).open).toBe(false);
    expect(openingState(late, ist(18, 0), KOLKATA).open).toBe(true);
    expect(openingState(late, ist(23, 59), KOLKATA).open).toBe(true);
    expect(openingState(late, ist(0, 30), KOLKATA).open).toBe(true);
    expect(openingState(late, ist(1, 59), KOLKATA).open).toBe(true);
    expect(openingState(late, ist(2, 0), KOLKATA)).toEqual({ open: false, opensAt: '18:00' });
  });

  it('the same instant is open in one zone and closed in another', () => {
    const instant = new Date('2026-03-10T03:00:00Z');
    expect(openingState(hours, instant, KOLKATA).open).toBe(true); // 08:30 in India
    expect(openingState(hours, instant, 'UTC').open).toBe(false); // 03:00
  });
});

describe('deliveryMessage and deliverByFor', () => {
  it('says why not first: not served, then closed, then how soon', () => {
    expect(deliveryMessage({ pincode: '560001', serviceable: false, open: true })).toBe("Sorry, we don't deliver to 560001 yet");
    expect(deliveryMessage({ pincode: '560001', serviceable: true, open: false, opensAt: '07:00', etaMinutes: 20 })).toBe('Closed now · opens at 07:00');
    expect(deliveryMessage({ pincode: '560001', serviceable: true, open: true, etaMinutes: 25 })).toBe('Delivery in 25 min');
  });

  it('promises delivery the area’s minutes after placing', () => {
    expect(deliverByFor(new Date('2026-03-10T23:50:00Z'), 30).toISOString()).toBe('2026-03-11T00:20:00.000Z');
  });
});

describe('readDeliverySettings', () => {
  const area = { pincode: '560001', etaMinutes: 20, fee: 25.5 };

  it('reads good settings, with the defaults for what is left out', () => {
    expect(readDeliverySettings({ areas: [area] })).toEqual({ settings: { areas: [area], freeDeliveryAbove: null, minimumOrder: 0, hours: null } });
    expect(readDeliverySettings({ areas: [], freeDeliveryAbove: 499.99, minimumOrder: 100, hours: { open: '07:00', close: '02:00' } })).toEqual({
      settings: { areas: [], freeDeliveryAbove: 499.99, minimumOrder: 100, hours: { open: '07:00', close: '02:00' } },
    });
  });

  it('names the field that is wrong', () => {
    const problem = (body: unknown) =>
      'problem' in readDeliverySettings(body) ? (readDeliverySettings(body) as { problem: { field: string } }).problem.field : null;
    expect(problem(null)).toBe('areas');
    expect(problem([])).toBe('areas');
    expect(problem({ areas: [], $where: 1 })).toBe('$where');
    expect(problem({ areas: [{ ...area, pincode: '060001' }] })).toBe('areas.0.pincode');
    expect(problem({ areas: [{ ...area, pincode: { $gt: '' } }] })).toBe('areas.0.pincode');
    expect(problem({ areas: [area, { ...area }] })).toBe('areas.1.pincode');
    expect(problem({ areas: [{ ...area, etaMinutes: 4 }] })).toBe('areas.0.etaMinutes');
    expect(problem({ areas: [{ ...area, etaMinutes: 20.5 }] })).toBe('areas.0.etaMinutes');
    expect(problem({ areas: [{ ...area, fee: 500.01 }] })).toBe('areas.0.fee');
    expect(problem({ areas: [{ ...area, fee: 10.005 }] })).toBe('areas.0.fee');
    expect(problem({ areas: [{ ...area, extra: true }] })).toBe('areas.0.extra');
    expect(problem({ areas: [], freeDeliveryAbove: -1 })).toBe('freeDeliveryAbove');
    expect(problem({ areas: [], freeDeliveryAbove: Number.NaN })).toBe('freeDeliveryAbove');
    expect(problem({ areas: [], minimumOrder: null })).toBe('minimumOrder');
    expect(problem({ areas: [], hours: { open: '7:00', close: '23:00' } })).toBe('hours.open');
    expect(problem({ areas: [], hours: { open: '07:00', close: '24:00' } })).toBe('hours.close');
    expect(problem({ areas: [], hours: { open: '07:00', close: '23:00', days: 'all' } })).toBe('hours.days');
    expect(problem({ areas: [], hours: ['07:00', '23:00'] })).toBe('hours');
  });

  it('accepts amounts with two decimals that floats cannot hold exactly (₹33.33, ₹0.07)', () => {
    expect('settings' in readDeliverySettings({ areas: [{ ...area, fee: 33.33 }], freeDeliveryAbove: 0.07 })).toBe(true);
  });
});
