import { availableUnits, heldUnits, holdIsActive, isStockCount, MAX_STOCK, nextHoldExpiry, notEnoughMessage, type StockHold } from './stock';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const at = (ms: number) => new Date(NOW + ms);

describe('stock holds', () => {
  const holds: StockHold[] = [
    { ref: 'checkout:a', quantity: 2, until: at(60_000) },
    { ref: 'checkout:b', quantity: 3, until: at(-1) },
    { ref: 'order:c', quantity: 4 },
    { ref: 'order:d', quantity: 5, taken: true },
    { ref: 'checkout:e', quantity: 1, until: at(0).toISOString() },
  ];

  it('a hold sets units aside until its time, not at or after it; an order’s hold until it is let go; a taken marker never', () => {
    expect(holds.map((hold) => holdIsActive(hold, NOW))).toEqual([true, false, true, false, false]);
    expect(holdIsActive({ ref: 'order:x', quantity: 1, until: null }, NOW)).toBe(true);
    expect(holdIsActive(holds[0], NOW + 59_999)).toBe(true);
    expect(holdIsActive(holds[0], NOW + 60_000)).toBe(false);
  });

  it('counts what is held and what is left to buy, never below 0; null stock is not counted', () => {
    expect(heldUnits(holds, NOW)).toBe(6);
    expect(heldUnits(undefined, NOW)).toBe(0);
    expect(availableUnits(10, holds, NOW)).toBe(4);
    expect(availableUnits(5, holds, NOW)).toBe(0);
    expect(availableUnits(10, holds, NOW + 60_000)).toBe(6);
    expect(availableUnits(null, holds, NOW)).toBeNull();
    expect(availableUnits(undefined, holds, NOW)).toBeNull();
  });

  it('the next lapse is the earliest future expiry of an untaken hold', () => {
    expect(nextHoldExpiry(holds, NOW)).toBe(NOW + 60_000);
    expect(nextHoldExpiry([...holds, { ref: 'checkout:f', quantity: 1, until: at(5_000) }], NOW)).toBe(NOW + 5_000);
    expect(nextHoldExpiry([{ ref: 'checkout:g', quantity: 1, until: at(5_000), taken: true }], NOW)).toBeUndefined();
    expect(nextHoldExpiry(holds, NOW + 60_000)).toBeUndefined();
    expect(nextHoldExpiry(undefined, NOW)).toBeUndefined();
  });
});

describe('stock words and counts', () => {
  it('says sold out, or how many are left', () => {
    expect(notEnoughMessage('Desi Tomatoes', 0)).toBe('Desi Tomatoes is sold out');
    expect(notEnoughMessage('Desi Tomatoes', -2)).toBe('Desi Tomatoes is sold out');
    expect(notEnoughMessage('Desi Tomatoes', 1)).toBe('Only 1 Desi Tomatoes left');
  });

  it('takes a whole count from 0 to the maximum only', () => {
    for (const good of [0, 1, MAX_STOCK]) expect(isStockCount(good)).toBe(true);
    for (const bad of [-1, 1.5, MAX_STOCK + 1, Number.NaN, '5', null, { $gt: 0 }]) expect(isStockCount(bad)).toBe(false);
  });
});
