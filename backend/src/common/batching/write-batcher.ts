/**
 * Group commit: writes that arrive while one is under way (or within `maxWaitMs` of the first) go to
 * the database together in the next write, in the order they arrived. Each caller's promise settles
 * with its own item's outcome. One write at a time per batcher; `WriteBatchers` keeps one per key.
 */

/** A write's answer for an item that must go again, ahead of the items that arrived after it. */
export const AGAIN: unique symbol = Symbol('write again');

/** A write's answer for an item that failed on its own (the rest of the batch stands). */
export class ItemFailed {
  constructor(readonly error: unknown) {}
}

export type ItemOutcome<R> = R | typeof AGAIN | ItemFailed;

export interface WriteBatcherOptions<T, R> {
  /**
   * Writes one batch. Resolves with one outcome per item, in the batch's order (nothing: every item
   * resolves with `undefined`); a throw rejects every item of the batch, and later batches go on.
   */
  write(batch: T[]): Promise<readonly ItemOutcome<R>[] | void>;
  /** Most items in one write (default 100; Infinity: everything waiting); the rest keep their turn for the next. */
  maxBatch?: number;
  /** How long an item may wait for others while no write is under way (default 0: written at once). */
  maxWaitMs?: number;
  /** At most one item per value in a write; the others keep their place for the next one. */
  distinctBy?(item: T): string;
  /** Called whenever the last write ends with nothing left to write. */
  onIdle?(): void;
}

interface Waiting<T, R> {
  item: T;
  resolve(result: R): void;
  reject(error: unknown): void;
}

export class WriteBatcher<T, R = void> {
  private queue: Waiting<T, R>[] = [];
  private writing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly maxBatch: number;
  private readonly maxWaitMs: number;

  constructor(private readonly options: WriteBatcherOptions<T, R>) {
    this.maxBatch = Math.max(1, options.maxBatch ?? 100);
    this.maxWaitMs = Math.max(0, options.maxWaitMs ?? 0);
  }

  /** Items queued or being written. */
  get size(): number {
    return this.queue.length;
  }

  /** True while nothing is queued, waiting or being written. */
  get idle(): boolean {
    return !this.queue.length && !this.writing && !this.timer;
  }

  /** Queues `item`; settles once it is written (or failed). */
  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.writing) return;
      if (this.maxWaitMs === 0 || this.queue.length >= this.maxBatch) this.start();
      else this.timer ??= setTimeout(() => this.start(), this.maxWaitMs);
    });
  }

  /** Writes everything queued so far, now (a waiting timer is cut short); settles when it is written. */
  async flush(): Promise<void> {
    while (this.queue.length || this.writing || this.timer) {
      if (!this.writing) this.start();
      await this.writing;
    }
  }

  private start(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.writing || !this.queue.length) return;
    this.writing = this.drain().finally(() => {
      this.writing = undefined;
      // Items that came in during the last write but not enough to start one (a wait is set): wait on.
      if (this.queue.length && this.maxWaitMs > 0 && this.queue.length < this.maxBatch) this.timer ??= setTimeout(() => this.start(), this.maxWaitMs);
      else if (this.queue.length) this.start();
      else this.options.onIdle?.();
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length) {
      const batch = this.take();
      let outcomes: readonly ItemOutcome<R>[] | void;
      try {
        outcomes = await this.options.write(batch.map((waiting) => waiting.item));
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
        continue;
      }
      const again: Waiting<T, R>[] = [];
      batch.forEach((waiting, i) => {
        const outcome = outcomes ? outcomes[i] : undefined;
        if (outcome === AGAIN) again.push(waiting);
        else if (outcome instanceof ItemFailed) waiting.reject(outcome.error);
        else waiting.resolve(outcome as R);
      });
      this.queue.unshift(...again);
      // With a wait set, a short remainder waits for company rather than going alone at once.
      if (this.maxWaitMs > 0 && this.queue.length < this.maxBatch && !again.length) return;
    }
  }

  private take(): Waiting<T, R>[] {
    const { distinctBy } = this.options;
    if (!distinctBy) return this.queue.splice(0, this.maxBatch);
    const batch: Waiting<T, R>[] = [];
    const seen = new Set<string>();
    const rest: Waiting<T, R>[] = [];
    for (const waiting of this.queue) {
      const key = distinctBy(waiting.item);
      if (batch.length < this.maxBatch && !seen.has(key)) {
        seen.add(key);
        batch.push(waiting);
      } else rest.push(waiting);
    }
    this.queue = rest;
    return batch;
  }
}

/** One WriteBatcher per key (a product, a list): writes of one key in turn, keys independent. */
export class WriteBatchers<T, R = void> {
  private readonly batchers = new Map<string, WriteBatcher<T, R>>();

  constructor(
    private readonly options: Omit<WriteBatcherOptions<T, R>, 'write'> & { write(key: string, batch: T[]): Promise<readonly ItemOutcome<R>[] | void> },
  ) {}

  add(key: string, item: T): Promise<R> {
    let batcher = this.batchers.get(key);
    if (!batcher) {
      const created = new WriteBatcher<T, R>({
        ...this.options,
        write: (batch) => this.options.write(key, batch),
        onIdle: () => {
          if (this.batchers.get(key) === created && created.idle) this.batchers.delete(key);
        },
      });
      this.batchers.set(key, created);
      batcher = created;
    }
    return batcher.add(item);
  }

  /** Keys with writes queued or under way. */
  get keys(): number {
    return this.batchers.size;
  }

  /** Writes everything queued under every key (under `key` alone, when given); settles when all of it is written. */
  async flush(key?: string): Promise<void> {
    if (key !== undefined) return this.batchers.get(key)?.flush();
    while (this.batchers.size) {
      await Promise.all([...this.batchers.values()].map((batcher) => batcher.flush()));
      for (const [key, batcher] of this.batchers) if (batcher.idle) this.batchers.delete(key);
    }
  }
}
