import { AGAIN, ItemFailed, WriteBatcher, WriteBatchers } from './write-batcher';

/** A write the test answers by hand: each call waits until the test releases it. */
function heldWrites<T>() {
  const calls: { batch: T[]; release: (outcomes?: unknown[]) => void; fail: (error: unknown) => void }[] = [];
  const write = (batch: T[]) =>
    new Promise<never>((resolve, reject) => {
      calls.push({ batch, release: (outcomes) => resolve(outcomes as never), fail: reject });
    });
  return { calls, write };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('WriteBatcher', () => {
  it('writes the first item at once and those arriving meanwhile together, in order', async () => {
    const { calls, write } = heldWrites<number>();
    const batcher = new WriteBatcher<number, string>({ write });
    const first = batcher.add(1);
    const rest = [2, 3, 4].map((n) => batcher.add(n));
    expect(calls.map((call) => call.batch)).toEqual([[1]]);
    calls[0].release(['one']);
    await expect(first).resolves.toBe('one');
    await settled();
    expect(calls.map((call) => call.batch)).toEqual([[1], [2, 3, 4]]);
    calls[1].release(['two', 'three', 'four']);
    await expect(Promise.all(rest)).resolves.toEqual(['two', 'three', 'four']);
    expect(batcher.idle).toBe(true);
  });

  it('never writes more than maxBatch items at once', async () => {
    const written: number[][] = [];
    const batcher = new WriteBatcher<number>({ maxBatch: 3, write: async (batch) => void written.push(batch) });
    await Promise.all(Array.from({ length: 8 }, (_, i) => batcher.add(i)));
    expect(written).toEqual([[0], [1, 2, 3], [4, 5, 6], [7]]);
  });

  it('with maxBatch Infinity, writes everything that waited in one write', async () => {
    const { calls, write } = heldWrites<number>();
    const batcher = new WriteBatcher<number>({ maxBatch: Infinity, write });
    const all = Array.from({ length: 250 }, (_, i) => batcher.add(i));
    calls[0].release();
    await settled();
    expect(calls.map((call) => call.batch.length)).toEqual([1, 249]);
    calls[1].release();
    await Promise.all(all);
    expect(batcher.idle).toBe(true);
  });

  it('with maxWaitMs, waits for company, and writes at once when the batch is full', async () => {
    jest.useFakeTimers();
    try {
      const written: number[][] = [];
      const batcher = new WriteBatcher<number>({ maxBatch: 3, maxWaitMs: 50, write: async (batch) => void written.push(batch) });
      const early = [batcher.add(1), batcher.add(2)];
      expect(written).toEqual([]);
      jest.advanceTimersByTime(49);
      expect(written).toEqual([]);
      jest.advanceTimersByTime(1);
      await Promise.all(early);
      expect(written).toEqual([[1, 2]]);
      const full = [batcher.add(3), batcher.add(4), batcher.add(5)];
      await Promise.all(full);
      expect(written).toEqual([
        [1, 2],
        [3, 4, 5],
      ]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('flush writes what waits for its timer at once', async () => {
    const written: number[][] = [];
    const batcher = new WriteBatcher<number>({ maxWaitMs: 60_000, write: async (batch) => void written.push(batch) });
    const pending = [batcher.add(1), batcher.add(2)];
    await batcher.flush();
    expect(written).toEqual([[1, 2]]);
    await Promise.all(pending);
    expect(batcher.idle).toBe(true);
  });

  it('flush waits for the write under way and for what queued behind it', async () => {
    const { calls, write } = heldWrites<number>();
    const batcher = new WriteBatcher<number>({ write });
    void batcher.add(1);
    void batcher.add(2);
    let flushed = false;
    const flushing = batcher.flush().then(() => (flushed = true));
    calls[0].release();
    await settled();
    expect(flushed).toBe(false);
    expect(calls[1].batch).toEqual([2]);
    calls[1].release();
    await flushing;
    expect(flushed).toBe(true);
  });

  it('a failed write rejects its own items only, and later writes go on', async () => {
    const { calls, write } = heldWrites<number>();
    const batcher = new WriteBatcher<number>({ write });
    const first = batcher.add(1);
    const second = batcher.add(2);
    calls[0].fail(new Error('disk full'));
    await expect(first).rejects.toThrow('disk full');
    await settled();
    calls[1].release();
    await expect(second).resolves.toBeUndefined();
  });

  it('an item can fail alone or go again ahead of later items', async () => {
    let round = 0;
    const written: string[][] = [];
    const batcher = new WriteBatcher<string, string>({
      write: async (batch) => {
        written.push(batch);
        round++;
        return batch.map((item) =>
          item === 'bad' ? new ItemFailed(new Error(`refused ${item}`)) : item === 'late' && round === 2 ? AGAIN : item.toUpperCase(),
        );
      },
    });
    const a = batcher.add('a');
    const [late, bad, c] = [batcher.add('late'), batcher.add('bad'), batcher.add('c')];
    await expect(a).resolves.toBe('A');
    await expect(bad).rejects.toThrow('refused bad');
    await expect(late).resolves.toBe('LATE');
    await expect(c).resolves.toBe('C');
    expect(written).toEqual([['a'], ['late', 'bad', 'c'], ['late']]);
  });

  it('distinctBy keeps one item per value in a write, the rest in their turn', async () => {
    const written: string[][] = [];
    const { calls, write } = heldWrites<string>();
    const batcher = new WriteBatcher<string>({ distinctBy: (item) => item[0], write: (batch) => (written.push(batch), write(batch)) });
    const all = ['a1', 'a2', 'b1', 'a3', 'b2'].map((item) => batcher.add(item));
    calls[0].release();
    await settled();
    calls[1].release();
    await settled();
    calls[2].release();
    await Promise.all(all);
    expect(written).toEqual([['a1'], ['a2', 'b1'], ['a3', 'b2']]);
  });
});

describe('WriteBatchers', () => {
  it('keeps keys independent, writes each key in turn and forgets idle keys', async () => {
    const written: string[] = [];
    const batchers = new WriteBatchers<number>({ write: async (key, batch) => void written.push(`${key}:${batch.join(',')}`) });
    await Promise.all([batchers.add('x', 1), batchers.add('y', 2), batchers.add('x', 3), batchers.add('x', 4)]);
    expect(written).toEqual(['x:1', 'y:2', 'x:3,4']);
    expect(batchers.keys).toBe(0);
  });

  it('flush writes every key', async () => {
    const written: string[] = [];
    const batchers = new WriteBatchers<number>({ maxWaitMs: 60_000, write: async (key, batch) => void written.push(`${key}:${batch.join(',')}`) });
    void batchers.add('x', 1);
    void batchers.add('y', 2);
    await batchers.flush();
    expect(written.sort()).toEqual(['x:1', 'y:2']);
    expect(batchers.keys).toBe(0);
  });

  it('flush(key) waits for the writes of that key only, and settles at once for a key with none', async () => {
    const { calls, write } = heldWrites<number>();
    const batchers = new WriteBatchers<number>({ write: (_key, batch) => write(batch) });
    void batchers.add('x', 1);
    void batchers.add('y', 2);
    let xFlushed = false;
    const xFlushing = batchers.flush('x').then(() => (xFlushed = true));
    await batchers.flush('z');
    calls[1].release();
    await settled();
    expect(xFlushed).toBe(false);
    calls[0].release();
    await xFlushing;
    expect(batchers.keys).toBe(0);
  });
});
