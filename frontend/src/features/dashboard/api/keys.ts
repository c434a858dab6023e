/** Query keys of the dashboard. */
export const statsKeys = {
  all: ['stats'] as const,
  range: (range: StatsRange) => [...statsKeys.all, range] as const,
};

/** The last `days` days ending today (in the shop's time zone), or the days from `from` to `to`. */
export type StatsRange = { days: number } | { from: string; to: string };
