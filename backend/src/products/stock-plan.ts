import { nameWithSize } from '@greencart/domain';
import type { ItemFailed } from '../common/batching/write-batcher';
import { applyBatch } from '../common/counted/counted';
import { liveMarks, settleMarks } from '../common/counted/marks';
import type { ProductHold, ProductReturn } from './schemas/product.schema';
import { UnknownPackSize } from './stock-lines';
import { packSizesOf, type LeanProduct } from './view';

/*
 * How a batch of stock changes applies to one read of a product (pure: StockService reads and writes it).
 */

/** A change that acts on every pack size of the product at once (release, settle, sweep, threshold). */
export const EVERY_SIZE = '*';

/** Give-back marks are kept this long: a cancel is not retried weeks later. */
const RETURNS_KEPT_MS = 30 * 24 * 3600_000;

/** One pack size's stock as a change sees it (every size's holds and returns for a change of EVERY_SIZE). */
export interface StockNow {
  onHand: number | null;
  holds: ProductHold[];
  returns: ProductReturn[];
  listed: boolean;
  /** The product's name, with the size's label when it has several sizes. */
  name: string;
  /** Whether the product has several sizes (its messages name the size). */
  sized: boolean;
}

export interface StockChange {
  onHand?: number | null;
  holds?: ProductHold[];
  returns?: ProductReturn[];
  lowStockThreshold?: number;
}

export interface Waiting {
  change: (stock: StockNow, now: number) => StockChange | null;
  immediate: boolean;
  /** The pack size it changes: absent for the default, EVERY_SIZE for a change of the whole product. */
  variant?: string;
}

/** A change written: the product as it is now, and whether this change changed it. */
export interface Mutated {
  doc: LeanProduct;
  changed: boolean;
}

interface StockState {
  counts: Map<string, number | null>;
  holds: ProductHold[];
  returns: ProductReturn[];
  lowStockThreshold?: number;
  changed: boolean;
}

export interface StockPlan {
  /** Per change: whether it changed anything, or why it was refused. */
  outcomes: (boolean | ItemFailed)[];
  needsWrite: boolean;
  /** The fields to write. */
  set: Record<string, unknown>;
}

/**
 * Applies `batch` in turn to `doc` at `now`: each change sees its pack size's count, holds and returns as the
 * changes before it left them. Lapsed holds, the markers of the `confirmed` orders and old returns go too.
 */
export function planStock(doc: LeanProduct, batch: readonly Waiting[], now: number, confirmed: ReadonlySet<string> | undefined): StockPlan {
  const sizes = packSizesOf(doc);
  const defaultId = sizes[0]._id;
  const sized = sizes.length > 1;
  const initial: StockState = {
    counts: new Map(sizes.map((size) => [size._id, size.stock])),
    holds: doc.holds ?? [],
    returns: doc.returns ?? [],
    changed: false,
  };
  const { state, outcomes } = applyBatch(
    initial,
    batch,
    (entry, s): boolean => {
      const every = entry.variant === EVERY_SIZE;
      const size = every ? sizes[0] : sizes.find((z) => z._id === (entry.variant ?? defaultId));
      if (!size) throw new UnknownPackSize(doc.name);
      // A change of one size sees that size's holds and returns (a hold naming no size is the default's).
      const mine = (mark: { variant?: string }) => every || (mark.variant ?? defaultId) === size._id;
      const next = entry.change(
        {
          onHand: s.counts.get(size._id) ?? null,
          holds: s.holds.filter(mine),
          returns: s.returns.filter(mine),
          listed: size.inStock,
          name: sized ? nameWithSize(doc.name, size.label) : doc.name,
          sized,
        },
        now,
      );
      if (!next) return false;
      s.changed = true;
      const tagged = <T extends { variant?: string }>(marks: T[]): T[] => (every ? marks : marks.map((mark) => ({ ...mark, variant: size._id })));
      if (next.onHand !== undefined && !every) s.counts.set(size._id, next.onHand);
      if (next.holds) s.holds = [...s.holds.filter((h) => !mine(h)), ...tagged(next.holds)];
      if (next.returns) s.returns = [...s.returns.filter((r) => !mine(r)), ...tagged(next.returns)];
      if (next.lowStockThreshold !== undefined) s.lowStockThreshold = next.lowStockThreshold;
      return true;
    },
    (s) => ({ ...s, counts: new Map(s.counts) }),
  );
  const holds = settleMarks(liveMarks(state.holds, now), confirmed, { keep: false });
  const returns = state.returns.filter((r) => now - new Date(r.at).getTime() < RETURNS_KEPT_MS);
  const needsWrite = state.changed || holds.length !== (doc.holds ?? []).length || returns.length !== (doc.returns ?? []).length;
  const set: Record<string, unknown> = { holds, returns };
  if (sizes.some((size) => state.counts.get(size._id) !== size.stock)) {
    // The default size's count is the spec's `stock` too.
    set.stock = state.counts.get(defaultId) ?? null;
    if (doc.variants?.length) set.variants = doc.variants.map((v) => ({ ...v, stock: state.counts.get(String(v._id)) ?? null }));
  }
  if (state.lowStockThreshold !== undefined) set.lowStockThreshold = state.lowStockThreshold;
  return { outcomes, needsWrite, set };
}
