import {
  dayLabel,
  fewLeftText,
  parseSlotId,
  readDeliverySettingsWithSlots,
  readSlotSettings,
  rulesOn,
  slotEnd,
  slotId,
  slotRefusal,
  slotText,
  slotView,
  type SlotRule,
} from './delivery-slots';

const KOLKATA = 'Asia/Kolkata';
const morning: SlotRule = { days: [0, 1, 2, 3, 4, 5, 6], start: '07:00', end: '09:00', capacity: 3, cutoffMinutes: 60 };

describe('reading slot settings', () => {
  it('defaults: express on, no slots, 3 days, no closed dates', () => {
    expect(readSlotSettings({})).toEqual({ slots: { express: true, slots: [], slotDays: 3, closedDates: [] } });
  });

  it('reads slots, closed dates and days ahead', () => {
    const read = readSlotSettings({ express: false, slotDays: 7, closedDates: ['2026-12-25', '2026-12-25'], slots: [{ ...morning, days: [6, 0, 6] }] });
    expect(read).toEqual({ slots: { express: false, slotDays: 7, closedDates: ['2026-12-25'], slots: [{ ...morning, days: [0, 6] }] } });
  });

  it.each([
    ['an end before the start', { slots: [{ ...morning, end: '06:00' }] }, 'slots.0.end', /later than the start/],
    ['an end equal to the start', { slots: [{ ...morning, end: '07:00' }] }, 'slots.0.end', /later than the start/],
    ['overlapping slots of one day', { slots: [morning, { ...morning, start: '08:30', end: '10:00', days: [3] }] }, 'slots.1', /overlap on Wednesday/],
    ['a capacity of 0', { slots: [{ ...morning, capacity: 0 }] }, 'slots.0.capacity', /1 to 500/],
    ['a capacity of 501', { slots: [{ ...morning, capacity: 501 }] }, 'slots.0.capacity', /1 to 500/],
    ['a cut-off of 1441', { slots: [{ ...morning, cutoffMinutes: 1441 }] }, 'slots.0.cutoffMinutes', /0 to 1440/],
    ['a weekday 7', { slots: [{ ...morning, days: [7] }] }, 'slots.0.days', /0 \(Sunday\) to 6/],
    ['a time 24:00', { slots: [{ ...morning, start: '24:00' }] }, 'slots.0.start', /HH:MM/],
    ['slotDays 8', { slotDays: 8 }, 'slotDays', /1 to 7/],
    ['a closed date 2026-02-30', { closedDates: ['2026-02-30'] }, 'closedDates.0', /YYYY-MM-DD/],
    ['express "yes"', { express: 'yes' }, 'express', /true or false/],
  ])('refuses %s', (_, input, field, message) => {
    const read = readSlotSettings(input as Record<string, unknown>);
    expect('problem' in read && read.problem.field).toBe(field);
    expect('problem' in read && read.problem.message).toMatch(message);
  });

  it('refuses more than 12 slots a day, and takes 12', () => {
    const hourly = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ ...morning, start: `${String(i + 6).padStart(2, '0')}:00`, end: `${String(i + 7).padStart(2, '0')}:00` }));
    expect('slots' in readSlotSettings({ slots: hourly(12) })).toBe(true);
    const read = readSlotSettings({ slots: hourly(13) });
    expect('problem' in read && read.problem.message).toMatch(/At most 12 slots a day/);
  });

  it('back-to-back slots do not overlap', () => {
    expect('slots' in readSlotSettings({ slots: [morning, { ...morning, start: '09:00', end: '11:00' }] })).toBe(true);
  });

  it('reads the whole body with the areas', () => {
    const read = readDeliverySettingsWithSlots({ areas: [], slots: [morning], slotDays: 2 });
    expect('settings' in read && read.settings).toMatchObject({ areas: [], hours: null, express: true, slotDays: 2, slots: [morning] });
    const bad = readDeliverySettingsWithSlots({ areas: [], colour: 'red' });
    expect('problem' in bad && bad.problem.field).toBe('colour');
  });
});

describe('slots of a day', () => {
  it('follows the weekdays and the closed dates, earliest first', () => {
    const evening = { ...morning, start: '18:00', end: '20:00', days: [6] };
    const settings = { express: true, slotDays: 3, closedDates: ['2026-12-25'], slots: [evening, morning] };
    expect(rulesOn(settings, '2026-11-28').map((r) => r.start)).toEqual(['07:00', '18:00']); // a Saturday
    expect(rulesOn(settings, '2026-11-29').map((r) => r.start)).toEqual(['07:00']);
    expect(rulesOn(settings, '2026-12-25')).toEqual([]);
  });

  it('labels days and slots', () => {
    expect(dayLabel('2026-11-28', 0)).toBe('Today');
    expect(dayLabel('2026-11-29', 1)).toBe('Tomorrow');
    expect(dayLabel('2026-11-29', 2)).toBe('Sun 29 Nov');
    expect(slotText({ date: '2026-11-29', start: '07:00', end: '09:00' })).toBe('Sun 29 Nov, 07:00–09:00');
    expect(slotId('2026-11-29', '07:00')).toBe('2026-11-29T07:00');
    expect(parseSlotId('2026-11-29T07:00')).toEqual({ date: '2026-11-29', start: '07:00' });
    expect(parseSlotId('2026-02-30T07:00')).toBeUndefined();
    expect(parseSlotId('2026-11-29T7:00')).toBeUndefined();
  });
});

describe('choosing a slot', () => {
  // 2026-11-29 07:00 in India is 01:30 UTC; the cut-off (60 min) 00:30 UTC.
  it('closes at the cut-off, in the shop’s zone', () => {
    expect(slotRefusal('2026-11-29', morning, 0, new Date('2026-11-29T00:29:00Z'), KOLKATA)).toBeNull();
    expect(slotRefusal('2026-11-29', morning, 0, new Date('2026-11-29T00:30:00Z'), KOLKATA)).toMatch(/Sun 29 Nov 07:00–09:00 slot is closed for orders/);
  });

  it('is full at its capacity', () => {
    const early = new Date('2026-11-28T00:00:00Z');
    expect(slotRefusal('2026-11-29', morning, 3, early, KOLKATA)).toMatch(/is full/);
    expect(slotView('2026-11-29', morning, 2, early, KOLKATA)).toEqual({ id: '2026-11-29T07:00', start: '07:00', end: '09:00', left: 1, available: true });
    expect(fewLeftText({ left: 1, available: true })).toBe('Only 1 left');
    expect(fewLeftText({ left: 10, available: true })).toBeUndefined();
    expect(slotView('2026-11-29', morning, 5, early, KOLKATA)).toMatchObject({ left: 0, available: false, reason: 'Full' });
  });

  it('a slot just after midnight belongs to its own day', () => {
    const night: SlotRule = { ...morning, start: '00:00', end: '02:00', cutoffMinutes: 30 };
    // 2026-11-29 00:00 in India is 2026-11-28 18:30 UTC; its cut-off 18:00 UTC on the 28th.
    expect(slotRefusal('2026-11-29', night, 0, new Date('2026-11-28T17:59:00Z'), KOLKATA)).toBeNull();
    expect(slotRefusal('2026-11-29', night, 0, new Date('2026-11-28T18:00:00Z'), KOLKATA)).toMatch(/closed for orders/);
    expect(slotEnd({ date: '2026-11-29', start: '00:00', end: '02:00' }, KOLKATA).toISOString()).toBe('2026-11-28T20:30:00.000Z');
  });
});
