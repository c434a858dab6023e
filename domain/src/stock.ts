/**
 * Counted stock (optional per product): both tiers agree on what a shopper can buy now and on how the
 * shop says a product is running out.
 */

/** The most units a product can be counted at. */
export const MAX_STOCK = 100_000;
/** A product is "running low" for the seller at this many units unless the seller sets another threshold. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
/** Shoppers see "Only N left" at this many units or fewer. */
export const FEW_LEFT = 5;

/** Units set aside on a product: by an online checkout until it is paid or expires, or taken by an order being placed. */
export interface StockHold {
  /** Whose units: `checkout:<id>` or `order:<id>`. */
  ref: string;
  quantity: number;
  /** An online checkout's hold lapses at this time (computed when read, not only when swept). */
  until?: Date | string | null;
  /**
   * Units already taken off the count by an order whose placing is being confirmed (kept only until the
   * order is known to exist, so a crash between taking and storing the order is put right).
   */
  taken?: boolean;
  /** When it was made. */
  at?: Date | string;
  /** The pack size whose units these are (issue 37); absent: the product's default size. */
  variant?: string;
}

/** Whether a hold still sets units aside at `now` (a taken marker never does: its units are off the count already). */
export function holdIsActive(hold: StockHold, now: number = Date.now()): boolean {
  if (hold.taken) return false;
  return hold.until === undefined || hold.until === null || new Date(hold.until).getTime() > now;
}

/** Units held by open checkouts at `now`. */
export function heldUnits(holds: readonly StockHold[] | undefined, now: number = Date.now()): number {
  let held = 0;
  for (const hold of holds ?? []) if (holdIsActive(hold, now)) held += hold.quantity;
  return held;
}

/** What a shopper can buy right now: counted units minus units held (never below 0); null when the product is not counted. */
export function availableUnits(stock: number | null | undefined, holds: readonly StockHold[] | undefined, now: number = Date.now()): number | null {
  if (stock === null || stock === undefined) return null;
  return Math.max(0, stock - heldUnits(holds, now));
}

/** The earliest time a hold lapses after `now` (when availability changes by itself), or undefined. */
export function nextHoldExpiry(holds: readonly StockHold[] | undefined, now: number = Date.now()): number | undefined {
  let next: number | undefined;
  for (const hold of holds ?? []) {
    if (hold.taken || hold.until === undefined || hold.until === null) continue;
    const at = new Date(hold.until).getTime();
    if (at > now && (next === undefined || at < next)) next = at;
  }
  return next;
}

/** "Only 1 Desi Tomatoes left" / "Desi Tomatoes is sold out": the refusal of an order for more than is left. */
export function notEnoughMessage(name: string, left: number, { sized = false } = {}): string {
  // A name with its pack size reads "Only 2 × Aashirvaad Atta 5 kg left" (not "2 Aashirvaad Atta 5 kg").
  return left <= 0 ? `${name} is sold out` : `Only ${left} ${sized ? '× ' : ''}${name} left`;
}

/** Whether a count (seller input) is acceptable: a whole number 0–MAX_STOCK. */
export function isStockCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_STOCK;
}

export const STOCK_COUNT_MESSAGE = `stock must be a whole number from 0 to ${MAX_STOCK}, or null to stop counting`;
