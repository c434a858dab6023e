import type { Entry } from './catalogue-entry';

/**
 * Wakes the catalogue when the next hold of a product lapses: an unpaid checkout stops holding units at its
 * expiry with no write, so availability is computed again then.
 */
export class HoldExpiry {
  private timer: NodeJS.Timeout | undefined;
  private at: number | undefined;
  private stopped = false;

  constructor(
    private readonly entries: () => Iterable<Entry>,
    private readonly lapse: (now: number) => void,
  ) {}

  /** Sets the timer for the earliest expiry among the entries (after a change of holds, or a full read). */
  schedule(): void {
    let next: number | undefined;
    for (const entry of this.entries()) if (entry.expiresAt !== undefined && (next === undefined || entry.expiresAt < next)) next = entry.expiresAt;
    if (next === this.at) return;
    clearTimeout(this.timer);
    this.at = next;
    if (next === undefined || this.stopped) return;
    this.timer = setTimeout(() => this.fire(), Math.max(0, next - Date.now()) + 5);
    this.timer.unref?.();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private fire(): void {
    this.at = undefined;
    this.lapse(Date.now());
    this.schedule();
  }
}
