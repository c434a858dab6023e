import type { ServerResponse } from 'node:http';

/**
 * How many HTTP requests this process is answering, and the most it answered at once lately: work that
 * can wait (the outbox's mail) gives way while shoppers wait for answers. Per process, as the CPU is.
 */
const WINDOW_MS = 1_000;
let current = 0;
let peak = 0;
let peakAt = 0;

/** Counts `res`'s request until its answer is finished or its connection closed. */
export function countRequest(res: ServerResponse): void {
  current++;
  const now = Date.now();
  if (current >= peak || now - peakAt > WINDOW_MS) {
    peak = current;
    peakAt = now;
  }
  res.once('close', () => current--);
}

/** The most requests under way at once within about the last second (what is under way now, when less recent). */
export function recentRequestPeak(): number {
  return Date.now() - peakAt <= WINDOW_MS ? Math.max(peak, current) : current;
}
