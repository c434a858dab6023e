import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '@nestjs/common';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '@greencart/domain';
import { entryOf, type Entry } from './catalogue-entry';
import { withAvailability, type ProductView, type StockState } from './view';

/**
 * Where the catalogue keeps a copy of itself (set by main.ts for the embedded database, whose full read
 * of 10,000 products takes about 3 s): the next start answers from the copy at once and reads
 * the database in the background. Unset (an external MongoDB, the tests): no copy.
 */
export const SNAPSHOT_DIR_VARIABLE = 'GREENCART_SNAPSHOT_DIR';
const SNAPSHOT_FILE = 'catalogue.json';
/** A change is written to the copy this long after the last one (a burst of writes is one save). */
export const SNAPSHOT_DELAY_MS = 1_000;
/** The copy's delay when only availability changed. */
export const STOCK_SNAPSHOT_DELAY_MS = 30_000;

/** The catalogue's copy on disk: read once at start-up, written soon after changes. */
export class CatalogueSnapshot {
  private readonly dir = process.env[SNAPSHOT_DIR_VARIABLE] || undefined;
  private timer: NodeJS.Timeout | undefined;
  private delay = SNAPSHOT_DELAY_MS;

  constructor(
    private readonly logger: Logger,
    /** What to write: the catalogue's entries at the time of writing. */
    private readonly entries: () => Iterable<Entry>,
  ) {}

  /** The entries of an earlier run's copy; undefined when there is none (or it cannot be read). */
  load(): Map<string, Entry> | undefined {
    if (!this.dir) return undefined;
    try {
      const { products, states } = JSON.parse(readFileSync(join(this.dir, SNAPSHOT_FILE), 'utf8')) as {
        products: ProductView[];
        states?: StockState[];
      };
      // A copy written before pack sizes is read again from the database (its views have no sizes).
      if (products.some((view) => !Array.isArray(view.variants))) return undefined;
      const now = Date.now();
      // A copy written before counted stock existed has no states: every product listed as its view says, not counted.
      const stateOf = (view: ProductView, i: number): StockState =>
        states?.[i] ?? { listed: view.inStock, onHand: null, holds: [], lowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD };
      return new Map(products.map((view, i) => [view._id, entryOf(withAvailability(view, stateOf(view, i), now), stateOf(view, i), now)]));
    } catch {
      return undefined;
    }
  }

  /** Writes the copy `delayMs` after the last change (a change of products is saved soon even when a later stock save was planned). */
  saveSoon(delayMs = SNAPSHOT_DELAY_MS): void {
    if (!this.dir) return;
    if (this.timer && (delayMs >= STOCK_SNAPSHOT_DELAY_MS || this.delay <= delayMs)) return;
    clearTimeout(this.timer);
    this.delay = delayMs;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.save(this.dir!);
    }, delayMs);
    this.timer.unref();
  }

  private save(dir: string): void {
    try {
      mkdirSync(dir, { recursive: true });
      const file = join(dir, SNAPSHOT_FILE);
      const entries = [...this.entries()];
      writeFileSync(
        `${file}.tmp`,
        `{"savedAt":${JSON.stringify(new Date())},"products":[${entries.map((e) => e.json).join(',')}],"states":${JSON.stringify(entries.map((e) => e.state))}}`,
      );
      renameSync(`${file}.tmp`, file);
    } catch (error) {
      this.logger.warn(`Could not save the catalogue's copy: ${(error as Error).message}`);
    }
  }
}
