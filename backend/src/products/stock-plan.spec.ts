import { ItemFailed } from '../common/batching/write-batcher';
import { EVERY_SIZE, planStock, type Waiting } from './stock-plan';
import { NotEnoughStock, UnknownPackSize } from './stock-lines';
import type { ProductHold } from './schemas/product.schema';
import type { LeanProduct } from './view';

const NOW = Date.parse('2026-12-02T12:00:00Z');

/** A product of two pack sizes, 500 g (the default) and 1 kg, counted. */
function product(holds: ProductHold[] = [], stocks: [number | null, number | null] = [5, 2]): LeanProduct {
  return {
    _id: { toString: () => 'p1' },
    name: 'Tomatoes',
    price: 40,
    offerPrice: 35,
    stock: stocks[0],
    inStock: true,
    variants: [
      { _id: { toString: () => 'half' }, label: '500 g', price: 40, offerPrice: 35, stock: stocks[0], inStock: true },
      { _id: { toString: () => 'kilo' }, label: '1 kg', price: 75, offerPrice: 70, stock: stocks[1], inStock: true },
    ],
    holds,
    returns: [],
  } as unknown as LeanProduct;
}

/** A change taking `quantity` units of the size `variant`, refusing when fewer are left. */
const take = (ref: string, quantity: number, variant?: string): Waiting => ({
  immediate: false,
  variant,
  change: (s, now) => {
    const left = s.onHand ?? 0;
    if (left < quantity) throw new NotEnoughStock('p1', s.name, left, s.sized);
    return { onHand: left - quantity, holds: [...s.holds, { ref, quantity, taken: true, at: new Date(now) }] };
  },
});

describe('planStock', () => {
  it("applies the changes in turn, each size its own count, marks tagged with their size (the other sizes' marks first)", () => {
    const plan = planStock(product(), [take('order:a', 3), take('order:b', 2, 'kilo'), take('order:c', 2)], NOW, undefined);
    expect(plan.outcomes).toEqual([true, true, true]);
    expect(plan.needsWrite).toBe(true);
    expect(plan.set.stock).toBe(0);
    expect((plan.set.variants as { stock: number }[]).map((v) => v.stock)).toEqual([0, 0]);
    expect((plan.set.holds as ProductHold[]).map((h) => [h.ref, h.variant])).toEqual([
      ['order:b', 'kilo'],
      ['order:a', 'half'],
      ['order:c', 'half'],
    ]);
  });

  it('a refused change fails alone and the next sees the units as before it; an unknown size is refused', () => {
    const plan = planStock(product(), [take('order:a', 4), take('order:b', 2), take('order:c', 1), take('order:d', 1, 'gone')], NOW, undefined);
    expect(plan.outcomes[0]).toBe(true);
    expect((plan.outcomes[1] as ItemFailed).error).toBeInstanceOf(NotEnoughStock);
    expect((plan.outcomes[1] as ItemFailed).error).toMatchObject({ left: 1 });
    expect(plan.outcomes[2]).toBe(true);
    expect((plan.outcomes[3] as ItemFailed).error).toBeInstanceOf(UnknownPackSize);
    expect(plan.set.stock).toBe(0);
  });

  it('needs no write when nothing changes; lapsed holds and confirmed orders’ markers make one', () => {
    const nothing: Waiting = { immediate: false, variant: EVERY_SIZE, change: () => null };
    expect(planStock(product(), [nothing], NOW, undefined).needsWrite).toBe(false);
    const lapsed = { ref: 'checkout:x', quantity: 1, until: new Date(NOW - 1), at: new Date(NOW - 60_000) };
    const taken = { ref: 'order:y', quantity: 1, taken: true, at: new Date(NOW - 1_000) };
    const live = { ref: 'checkout:z', quantity: 1, until: new Date(NOW + 60_000), at: new Date(NOW - 1_000) };
    const plan = planStock(product([lapsed, taken, live]), [nothing], NOW, new Set(['order:y']));
    expect(plan.needsWrite).toBe(true);
    expect(plan.set.holds).toEqual([live]);
    expect(plan.set.stock).toBeUndefined();
  });
});
