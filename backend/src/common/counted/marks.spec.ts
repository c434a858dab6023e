import { Confirmations, giveBackMark, heldBy, isHold, isLive, isStale, isUnstored, liveMarks, settleMarks, STALE_TAKE_MS, takeAll, type Mark } from './marks';

const NOW = Date.parse('2026-12-02T12:00:00Z');
const at = (ms: number) => new Date(NOW + ms);

describe('marks', () => {
  const hold: Mark = { ref: 'checkout:a', until: at(60_000), at: at(-1_000) };
  const lapsed: Mark = { ref: 'checkout:b', until: at(0).toISOString() };
  const unstored: Mark = { ref: 'order:c', at: at(-1_000) };
  const takenUnits: Mark = { ref: 'order:d', taken: true, at: at(-STALE_TAKE_MS - 1) };
  const stored: Mark = { ref: 'order:e' };

  it('a hold lapses at its deadline; an order’s take always counts', () => {
    expect([hold, lapsed, unstored, takenUnits, stored].map(isHold)).toEqual([true, true, false, false, false]);
    expect([hold, lapsed, unstored, takenUnits, stored].map((m) => isLive(m, NOW))).toEqual([true, false, true, true, true]);
    expect(liveMarks([hold, lapsed, unstored, stored], NOW)).toEqual([hold, unstored, stored]);
    // A product's taken units with an `until` are an order's, not a hold.
    expect(isLive({ ref: 'order:f', taken: true, until: at(-1), at: at(0) }, NOW)).toBe(true);
  });

  it('an order’s take is unstored while it carries `at`, and stale once older than STALE_TAKE_MS', () => {
    expect([hold, unstored, takenUnits, stored].map(isUnstored)).toEqual([false, true, true, false]);
    expect(isStale(unstored, NOW)).toBe(false);
    expect(isStale(unstored, NOW + STALE_TAKE_MS - 1_000)).toBe(false);
    expect(isStale(unstored, NOW + STALE_TAKE_MS - 999)).toBe(true);
    expect(isStale(takenUnits, NOW)).toBe(true);
    expect(isStale({ ...hold, at: at(-10 * STALE_TAKE_MS) }, NOW)).toBe(false);
  });

  it('finds the live hold an order turns into its own', () => {
    expect(heldBy([unstored, hold], 'checkout:a', NOW)).toBe(hold);
    expect(heldBy([lapsed], 'checkout:b', NOW)).toBeUndefined();
    expect(heldBy([unstored], 'order:c', NOW)).toBeUndefined();
    expect(heldBy([hold], undefined, NOW)).toBeUndefined();
  });

  it('gives a mark back exactly once: a second give-back finds nothing', () => {
    const first = giveBackMark([hold, unstored, stored], 'order:c');
    expect(first).toEqual({ mark: unstored, rest: [hold, stored] });
    expect(giveBackMark(first!.rest, 'order:c')).toBeUndefined();
    expect(giveBackMark([stored], 'order:e', (m) => !!m.at)).toBeUndefined();
  });

  it('settles the takes of stored orders: their `at` goes (kept) or the mark goes (dropped); others stay as they are', () => {
    const marks = [hold, unstored, takenUnits, stored];
    const kept = settleMarks(marks, new Set(['order:c', 'order:e', 'checkout:a']), { keep: true });
    expect(kept).toEqual([hold, { ref: 'order:c' }, takenUnits, stored]);
    expect(kept[0]).toBe(hold);
    expect(kept[3]).toBe(stored);
    expect(settleMarks(marks, new Set(['order:d']), { keep: false })).toEqual([hold, unstored, stored]);
    expect(settleMarks(marks, undefined, { keep: false })).toEqual(marks);
  });
});

describe('takeAll', () => {
  it('takes every line and answers those this call took', async () => {
    const taken = await takeAll(
      ['a', 'b', 'c'],
      async (line) => line !== 'b',
      async () => undefined,
      () => undefined,
    );
    expect(taken).toEqual(['a', 'c']);
  });

  it('all or none: a refused line gives back what this call took and throws the refusal', async () => {
    const givenBack: string[][] = [];
    const attempt = takeAll(
      ['a', 'b', 'c'],
      async (line) => {
        if (line === 'c') throw new Error('c is sold out');
        return true;
      },
      async (lines) => void givenBack.push(lines),
      () => undefined,
    );
    await expect(attempt).rejects.toThrow('c is sold out');
    expect(givenBack).toEqual([['a', 'b']]);
  });

  it('reports a give-back that failed and still throws the refusal', async () => {
    const reported: string[] = [];
    const attempt = takeAll(
      ['a', 'b'],
      async (line) => {
        if (line === 'b') throw new Error('b is sold out');
        return true;
      },
      async () => {
        throw new Error('the database is away');
      },
      (error) => reported.push(error.message),
    );
    await expect(attempt).rejects.toThrow('b is sold out');
    expect(reported).toEqual(['the database is away']);
  });
});

describe('Confirmations', () => {
  it('keeps the stored orders of each document until a write carried them', () => {
    const confirmations = new Confirmations();
    confirmations.note('tomatoes', 'order:1');
    confirmations.note('tomatoes', 'order:2');
    confirmations.note('onions', 'order:1');
    expect([...confirmations.of('tomatoes')!]).toEqual(['order:1', 'order:2']);
    confirmations.written('tomatoes', ['order:1']);
    expect([...confirmations.of('tomatoes')!]).toEqual(['order:2']);
    confirmations.written('tomatoes', ['order:2']);
    expect(confirmations.of('tomatoes')).toBeUndefined();
    expect([...confirmations.of('onions')!]).toEqual(['order:1']);
    confirmations.written('salt', ['order:9']);
    expect(confirmations.of('salt')).toBeUndefined();
  });
});
