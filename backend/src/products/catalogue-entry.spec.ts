import { entryOf, sameEntries, type Entry } from './catalogue-entry';
import type { ProductView, StockState } from './view';

const at = new Date('2026-11-01T10:00:00Z');
const view = (id: string, offerPrice = 40): ProductView => ({
  _id: id,
  name: `Product ${id}`,
  description: [],
  category: 'Dairy',
  price: 50,
  offerPrice,
  image: [],
  inStock: true,
  stock: null,
  variants: [{ _id: id, label: '1 kg', price: 50, offerPrice, stock: null, inStock: true }],
  createdAt: at,
  updatedAt: at,
});
const state = (onHand: number | null = null): StockState => ({ listed: true, onHand, holds: [], lowStockThreshold: 5 });
const reading = (...entries: Entry[]) => new Map(entries.map((e) => [e.view._id, e]));
const now = at.getTime();

describe('sameEntries: the database read behind the catalogue copy', () => {
  it('agrees when every product shows and counts the same', () => {
    expect(
      sameEntries(
        reading(entryOf(view('a'), state(), now), entryOf(view('b'), state(3), now)),
        reading(entryOf(view('b'), state(3), now), entryOf(view('a'), state(), now)),
      ),
    ).toBe(true);
  });

  it('differs on a product added, removed, repriced or recounted around the app', () => {
    const copy = reading(entryOf(view('a'), state(), now));
    expect(sameEntries(copy, reading(entryOf(view('a'), state(), now), entryOf(view('b'), state(), now)))).toBe(false);
    expect(sameEntries(copy, reading())).toBe(false);
    expect(sameEntries(copy, reading(entryOf(view('a', 35), state(), now)))).toBe(false);
    expect(sameEntries(copy, reading(entryOf(view('a'), state(7), now)))).toBe(false);
    const held = { ...state(7), holds: [{ ref: 'checkout', quantity: 2, until: new Date(now + 60_000), at }] };
    expect(sameEntries(reading(entryOf(view('a'), state(7), now)), reading(entryOf(view('a'), held, now)))).toBe(false);
  });
});
