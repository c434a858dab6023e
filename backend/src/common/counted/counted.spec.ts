import { ConflictException } from '@nestjs/common';
import { ItemFailed } from '../batching/write-batcher';
import type { LocksService } from '../locks/locks.service';
import { applyBatch, Counted, LOST, MAX_ATTEMPTS, retryPauseMs, untilWritten, writeUnderLock, type CountedThing } from './counted';

/** A lock that runs the work at once, counting the runs and the names it was asked for. */
function fakeLocks() {
  const names: string[] = [];
  const locks = {
    run: async <T>(name: string, _options: unknown, work: () => Promise<T>) => {
      names.push(name);
      return work();
    },
  } as unknown as LocksService;
  return { locks, names };
}

const noWait = () => Promise.resolve();

describe('retryPauseMs', () => {
  it('is a few random milliseconds, growing with the first five attempts and no further', () => {
    expect(retryPauseMs(0, 0)).toBe(1);
    expect(retryPauseMs(0, 1)).toBe(9);
    expect(retryPauseMs(1, 1)).toBe(17);
    expect(retryPauseMs(4, 1)).toBe(41);
    expect(retryPauseMs(40, 1)).toBe(41);
    expect(retryPauseMs(3, 0.5)).toBe(17);
  });
});

describe('untilWritten', () => {
  it('tries again after a pause while the write is lost, and answers the first attempt that is not', async () => {
    const pauses: number[] = [];
    let tries = 0;
    const answer = await untilWritten(
      async (n) => {
        tries++;
        return n < 3 ? LOST : `written at ${n}`;
      },
      () => 'gave up',
      async (ms) => void pauses.push(ms),
    );
    expect(answer).toBe('written at 3');
    expect(tries).toBe(4);
    expect(pauses).toHaveLength(3);
    pauses.forEach((ms, n) => {
      expect(ms).toBeGreaterThanOrEqual(1);
      expect(ms).toBeLessThanOrEqual(1 + 8 * Math.min(n + 1, 5));
    });
  });

  it('gives up after MAX_ATTEMPTS lost writes', async () => {
    let tries = 0;
    const answer = await untilWritten(
      async () => {
        tries++;
        return LOST;
      },
      () => 'gave up',
      noWait,
    );
    expect(answer).toBe('gave up');
    expect(tries).toBe(MAX_ATTEMPTS);
  });
});

describe('applyBatch', () => {
  interface Shelf {
    left: number;
    takers: string[];
  }
  const copy = (s: Shelf): Shelf => ({ ...s, takers: [...s.takers] });
  const take = (who: string, n: number) => ({ who, n });
  const apply = (change: { who: string; n: number }, shelf: Shelf) => {
    shelf.takers.push(change.who);
    if (shelf.left < change.n) throw new Error(`only ${shelf.left} left for ${change.who}`);
    shelf.left -= change.n;
    return shelf.left;
  };

  it('applies each change to what the ones before it left', () => {
    const { state, outcomes } = applyBatch<Shelf, { who: string; n: number }, number>({ left: 5, takers: [] }, [take('a', 2), take('b', 3)], apply, copy);
    expect(outcomes).toEqual([3, 0]);
    expect(state).toEqual({ left: 0, takers: ['a', 'b'] });
  });

  it('a refused change fails alone and leaves the state as it was, even what it changed before refusing', () => {
    const initial = { left: 3, takers: [] };
    const { state, outcomes } = applyBatch<Shelf, { who: string; n: number }, number>(initial, [take('a', 2), take('b', 2), take('c', 1)], apply, copy);
    expect(outcomes[0]).toBe(1);
    expect(outcomes[1]).toBeInstanceOf(ItemFailed);
    expect(((outcomes[1] as ItemFailed).error as Error).message).toBe('only 1 left for b');
    expect(outcomes[2]).toBe(0);
    expect(state).toEqual({ left: 0, takers: ['a', 'c'] });
    expect(initial).toEqual({ left: 3, takers: [] });
  });
});

describe('Counted', () => {
  /** A counter document per key in memory, written by compare-and-set on `v`; `lose` writes are lost first. */
  function counter(options: { lose?: number; documentOf?: (change: number) => string } = {}) {
    const docs = new Map<string, { left: number; v: number }>();
    const batches: number[][] = [];
    let lose = options.lose ?? 0;
    const afters: string[] = [];
    const thing: CountedThing<number, number> = {
      lock: (key) => ({ name: `counter:${key}`, busyMessage: 'Busy; try again' }),
      documentOf: options.documentOf,
      attempt: async (document, changes) => {
        batches.push([...changes]);
        const doc = docs.get(document) ?? { left: 10, v: 0 };
        const { state, outcomes } = applyBatch(
          { left: doc.left },
          changes,
          (n, draft) => {
            if (n > draft.left) throw new ConflictException(`Only ${draft.left} left`);
            draft.left -= n;
            return draft.left;
          },
          (draft) => ({ ...draft }),
        );
        if (lose > 0) {
          lose--;
          return LOST;
        }
        docs.set(document, { left: state.left, v: doc.v + 1 });
        return { outcomes, after: async () => void afters.push(document) };
      },
    };
    return { docs, batches, afters, thing };
  }

  it('writes the changes asked while a batch is being written together, in order, a refused one failing alone', async () => {
    const { locks, names } = fakeLocks();
    const { docs, batches, afters, thing } = counter();
    const counted = new Counted(locks, thing);
    const first = counted.change('tomatoes', 1);
    const rest = [counted.change('tomatoes', 4), counted.change('tomatoes', 9), counted.change('tomatoes', 5)];
    await expect(first).resolves.toBe(9);
    await expect(rest[0]).resolves.toBe(5);
    await expect(rest[1]).rejects.toThrow('Only 5 left');
    await expect(rest[2]).resolves.toBe(0);
    expect(batches).toEqual([[1], [4, 9, 5]]);
    expect(names).toEqual(['counter:tomatoes', 'counter:tomatoes']);
    expect(docs.get('tomatoes')).toEqual({ left: 0, v: 2 });
    expect(afters).toEqual(['tomatoes', 'tomatoes']);
  });

  it('reads and writes again when the compare-and-set was lost', async () => {
    const { locks } = fakeLocks();
    const { docs, batches, thing } = counter({ lose: 2 });
    await expect(new Counted(locks, thing).change('onions', 3)).resolves.toBe(7);
    expect(batches).toHaveLength(3);
    expect(docs.get('onions')).toEqual({ left: 7, v: 1 });
  });

  it('after MAX_ATTEMPTS lost writes, every change of the batch fails with the busy 409', async () => {
    const { locks } = fakeLocks();
    const { batches, thing } = counter({ lose: Infinity });
    const attempt = new Counted(locks, thing).change('garlic', 1);
    await expect(attempt).rejects.toThrow(new ConflictException('Busy; try again'));
    expect(batches).toHaveLength(MAX_ATTEMPTS);
  });

  it('writes the documents one batching key covers side by side, under one lock', async () => {
    const { locks, names } = fakeLocks();
    const { docs, thing } = counter({ documentOf: (n) => (n % 2 ? 'odd' : 'even') });
    const counted = new Counted(locks, thing);
    const first = counted.change('all', 1);
    const answers = await Promise.all([first, counted.change('all', 2), counted.change('all', 3), counted.change('all', 4)]);
    expect(answers).toEqual([9, 8, 6, 4]);
    expect(names).toEqual(['counter:all', 'counter:all']);
    expect(docs.get('odd')?.left).toBe(6);
    expect(docs.get('even')?.left).toBe(4);
  });

  it('answers a batch that needs no write without taking the lock', async () => {
    const { locks, names } = fakeLocks();
    const { thing } = counter();
    const counted = new Counted(locks, { ...thing, withoutLock: async (_key, batch) => ({ outcomes: batch.map(() => 10) }) });
    await expect(counted.change('salt', 0)).resolves.toBe(10);
    expect(names).toEqual([]);
  });
});

describe('writeUnderLock', () => {
  it('writes under the named lock, again while lost', async () => {
    const { locks, names } = fakeLocks();
    let tries = 0;
    await expect(writeUnderLock(locks, { name: 'product:1', busyMessage: 'Busy' }, async () => (++tries < 2 ? LOST : 'done'))).resolves.toBe('done');
    expect(names).toEqual(['product:1']);
    expect(tries).toBe(2);
  });
});
