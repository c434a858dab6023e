import { addDays, dayOf, daysInRange, eachDay, financialYear, isDay, rangeInstants, startOfDay, timeOf } from './shop-time';

const KOLKATA = 'Asia/Kolkata';

describe('the shop’s days', () => {
  it('a day begins at the zone’s midnight: 18:29:59 UTC is still the 10th in India, 18:30 is the 11th', () => {
    expect(dayOf(new Date('2026-03-10T18:29:59.999Z'), KOLKATA)).toBe('2026-03-10');
    expect(dayOf(new Date('2026-03-10T18:30:00.000Z'), KOLKATA)).toBe('2026-03-11');
    expect(timeOf(new Date('2026-03-10T18:30:00.000Z'), KOLKATA)).toBe('00:00');
    expect(timeOf(new Date('2026-03-10T18:29:00.000Z'), KOLKATA)).toBe('23:59');
    // The same instant in UTC.
    expect(dayOf(new Date('2026-03-10T18:30:00.000Z'), 'UTC')).toBe('2026-03-10');
  });

  it('startOfDay is the first instant of the day, and the instant before it belongs to the day before', () => {
    const start = startOfDay('2026-03-11', KOLKATA);
    expect(start.toISOString()).toBe('2026-03-10T18:30:00.000Z');
    expect(dayOf(new Date(start.getTime() - 1), KOLKATA)).toBe('2026-03-10');
    expect(dayOf(start, KOLKATA)).toBe('2026-03-11');
  });

  it('across daylight saving: a day of 23 hours and one of 25 (New York, 2026)', () => {
    const zone = 'America/New_York';
    expect(startOfDay('2026-03-08', zone).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfDay('2026-03-09', zone).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    const short = rangeInstants('2026-03-08', '2026-03-08', zone);
    expect(short.end.getTime() - short.start.getTime()).toBe(23 * 3_600_000);
    const long = rangeInstants('2026-11-01', '2026-11-01', zone);
    expect(long.end.getTime() - long.start.getTime()).toBe(25 * 3_600_000);
  });

  it('where midnight itself is skipped, the day begins at the first instant it has (Santiago, 2026-09-06)', () => {
    const zone = 'America/Santiago';
    const start = startOfDay('2026-09-06', zone);
    expect(dayOf(start, zone)).toBe('2026-09-06');
    expect(dayOf(new Date(start.getTime() - 1), zone)).toBe('2026-09-05');
  });

  it('a range of days covers [start of the first, start of the day after the last)', () => {
    const { start, end } = rangeInstants('2026-01-30', '2026-02-01', KOLKATA);
    expect(start.toISOString()).toBe('2026-01-29T18:30:00.000Z');
    expect(end.toISOString()).toBe('2026-02-01T18:30:00.000Z');
  });

  it('counts and lists days across month, year and leap-day ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysInRange('2026-03-01', '2026-03-01')).toBe(1);
    expect(daysInRange('2026-03-05', '2026-03-01')).toBe(0);
    expect(daysInRange('2026-01-01', '2026-12-31')).toBe(365);
    expect(eachDay('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(eachDay('2026-03-02', '2026-03-01')).toEqual([]);
  });

  it('isDay takes real calendar days written YYYY-MM-DD only', () => {
    for (const day of ['2026-02-28', '2028-02-29', '2026-12-31']) expect(isDay(day)).toBe(true);
    for (const text of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '2026-1-01', '20260101', '2026-01-01T00:00', ' 2026-01-01', '']) {
      expect(isDay(text)).toBe(false);
    }
  });

  it('financial year: April to March, as invoices number them', () => {
    expect(financialYear('2026-04-01')).toBe('2026-27');
    expect(financialYear('2027-03-31')).toBe('2026-27');
    expect(financialYear('2026-03-31')).toBe('2025-26');
    expect(financialYear('2099-12-31')).toBe('2099-00');
  });
});
