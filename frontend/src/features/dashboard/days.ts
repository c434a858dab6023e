/** Days are the server's 'YYYY-MM-DD' in the shop's time zone: shown as they are, never moved to the browser's zone. */
const utc = (day: string) => new Date(`${day}T00:00:00Z`);

/** "Sun, 23 Nov" */
export function formatDay(day: string, options: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' }): string {
  return utc(day).toLocaleDateString('en-IN', { ...options, timeZone: 'UTC' });
}

/** The day `n` days after `day`. */
export function addDays(day: string, n: number): string {
  return new Date(utc(day).getTime() + n * 86_400_000).toISOString().slice(0, 10);
}

/** Seconds since 1970 of the day's start, as the chart's x values. */
export const chartTime = (day: string) => utc(day).getTime() / 1000;

/** The first day a range may name (the stats API refuses dates before 2000). */
export const FIRST_STATS_DAY = '2000-01-01';

/** Why the days `from`–`to` cannot be asked for ('' when they can): both given, in order, at most STATS_MAX_DAYS. */
export function rangeProblem(from: string, to: string, maxDays: number): string {
  if (!from || !to) return 'Choose both days';
  if (from < FIRST_STATS_DAY || to < FIRST_STATS_DAY) return 'Choose days from the year 2000 on';
  if (from > to) return 'The first day must not be after the last';
  if (from < addDays(to, -(maxDays - 1))) return `At most ${maxDays} days at once`;
  return '';
}
