/**
 * Days and times in the shop's time zone (SHOP_TIMEZONE). A day is 'YYYY-MM-DD'; it begins at the
 * zone's midnight. Written with Intl only (Node ships the full time-zone data).
 */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

const formats = new Map<string, Intl.DateTimeFormat>();

function format(timeZone: string): Intl.DateTimeFormat {
  let found = formats.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, found);
  }
  return found;
}

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function partsOf(instant: Date, timeZone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const part of format(timeZone).formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return parts as unknown as LocalParts;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The shop's day of an instant. */
export function dayOf(instant: Date, timeZone: string): string {
  const p = partsOf(instant, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** "14:05" in the shop's time zone. */
export function timeOf(instant: Date, timeZone: string): string {
  const p = partsOf(instant, timeZone);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

/** Whether `text` is a real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function utcOfDay(day: string): number {
  const [, y, m, d] = DAY.exec(day)!.map(Number);
  return Date.UTC(y, m - 1, d);
}

/** The day `n` days after `day` (before, when negative). */
export function addDays(day: string, n: number): string {
  return new Date(utcOfDay(day) + n * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included (0 when reversed). */
export function daysInRange(from: string, to: string): number {
  return Math.max(0, Math.round((utcOfDay(to) - utcOfDay(from)) / MS_PER_DAY) + 1);
}

/** Every day from `from` to `to`, both included. */
export function eachDay(from: string, to: string): string[] {
  return Array.from({ length: daysInRange(from, to) }, (_, i) => addDays(from, i));
}

/** How far the zone's clock is ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const p = partsOf(new Date(instant), timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000;
}

/** The instant the shop's day begins (its local midnight; the first instant of the day where a DST change skips midnight). */
export function startOfDay(day: string, timeZone: string): Date {
  const local = utcOfDay(day);
  let instant = local - offsetAt(local, timeZone);
  // Once more with the offset in force at the first guess (it differs across a DST change).
  instant = local - offsetAt(instant, timeZone);
  if (dayOf(new Date(instant), timeZone) !== day) instant += 3_600_000;
  return new Date(instant);
}

/** The instants of a range of days: [start of `from`, start of the day after `to`). */
export function rangeInstants(from: string, to: string, timeZone: string): { start: Date; end: Date } {
  return { start: startOfDay(from, timeZone), end: startOfDay(addDays(to, 1), timeZone) };
}

/** India's financial year of a day, as on invoices: "2026-27" for any day from 2026-04-01 to 2027-03-31. */
export function financialYear(day: string): string {
  const [, y, m] = DAY.exec(day)!.map(Number);
  const first = m >= 4 ? y : y - 1;
  return `${first}-${pad((first + 1) % 100)}`;
}
