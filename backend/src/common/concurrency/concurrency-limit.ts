/**
 * At most `max` pieces of work of one kind run at once in this process; the others wait their turn, first
 * come first served. For work whose cost is memory (decoding a photo), where "a few at a time, the rest wait"
 * keeps the process's peak bounded whatever the number of callers.
 */
export class ConcurrencyLimit {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new Error(`A concurrency limit needs a whole number of at least 1, not ${max}`);
  }

  /** Runs `work` once fewer than `max` others run; resolves or rejects as it does. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) await new Promise<void>((resolve) => this.queue.push(resolve));
    else this.active++;
    try {
      return await work();
    } finally {
      // The turn passes straight to the next in line (active stays the same), or is given back.
      const next = this.queue.shift();
      if (next) next();
      else this.active--;
    }
  }

  /** Running now. */
  get running(): number {
    return this.active;
  }

  /** Waiting for a turn. */
  get waiting(): number {
    return this.queue.length;
  }
}
