import { nextHoldExpiry } from '@greencart/domain';
import { isCountedOrHeld, stockStateOf, toView, type LeanProduct, type ProductView, type StockState } from './view';

/** One product as the catalogue keeps it in memory. */
export interface Entry {
  view: ProductView;
  /** The product's JSON, serialised once per change of the product or of its availability. */
  json: string;
  createdAt: number;
  /** What its availability is computed from (count, holds), kept to compute it again when a hold lapses. */
  state: StockState;
  /** The product without its availability: an entry whose `base` is unchanged changed only its stock. */
  base: string;
  /** When a hold of it lapses next (its availability changes then without any write). */
  expiresAt?: number;
}

export function toEntry(doc: LeanProduct): Entry {
  const now = Date.now();
  return entryOf(toView(doc, now), stockStateOf(doc), now);
}

export function entryOf(view: ProductView, state: StockState, now: number): Entry {
  // What a change of availability leaves as it was: a write of units also moves updatedAt.
  const { stock: _stock, inStock: _inStock, updatedAt: _updatedAt, variants, ...rest } = view;
  const sizes = variants.map(({ stock: _s, inStock: _i, ...size }) => size);
  const listed = state.sizes?.map((size) => size.listed) ?? state.listed;
  return {
    view,
    json: JSON.stringify(view),
    createdAt: new Date(view.createdAt).getTime(),
    state,
    base: JSON.stringify([rest, sizes, listed]),
    expiresAt: isCountedOrHeld(state) ? nextHoldExpiry(state.holds, now) : undefined,
  };
}

/** Oldest first; the id breaks ties. */
export const byCatalogueOrder = (a: Entry, b: Entry) => a.createdAt - b.createdAt || (a.view._id < b.view._id ? -1 : a.view._id > b.view._id ? 1 : 0);

/** Whether two readings of the catalogue show and count the same (the same products, JSON and stock). */
export function sameEntries(a: ReadonlyMap<string, Entry>, b: ReadonlyMap<string, Entry>): boolean {
  if (a.size !== b.size) return false;
  for (const [id, entry] of b) {
    const other = a.get(id);
    if (!other || other.json !== entry.json || other.base !== entry.base || other.expiresAt !== entry.expiresAt) return false;
    if (JSON.stringify(other.state) !== JSON.stringify(entry.state)) return false;
  }
  return true;
}
