import { ConcurrencyLimit } from './concurrency-limit';

/** A piece of work that runs until told to finish. */
function held() {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { done, finish, fail };
}

describe('ConcurrencyLimit', () => {
  it('runs at most max at once; the others wait, first come first served', async () => {
    const limit = new ConcurrencyLimit(2);
    const works = [held(), held(), held(), held()];
    const started: number[] = [];
    const results = works.map((work, i) =>
      limit.run(async () => {
        started.push(i);
        await work.done;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect([limit.running, limit.waiting]).toEqual([2, 2]);
    works[1].finish();
    await results[1];
    expect(started).toEqual([0, 1, 2]);
    expect([limit.running, limit.waiting]).toEqual([2, 1]);
    works[0].finish();
    works[2].finish();
    works[3].finish();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3]);
    expect([limit.running, limit.waiting]).toEqual([0, 0]);
  });

  it('a failing piece of work gives its turn to the next and rejects with its error', async () => {
    const limit = new ConcurrencyLimit(1);
    const first = held();
    const failing = limit.run(() => first.done);
    const next = limit.run(async () => 'next ran');
    first.fail(new Error('broken photo'));
    await expect(failing).rejects.toThrow('broken photo');
    expect(await next).toBe('next ran');
    expect(limit.running).toBe(0);
  });

  it('refuses a limit that is not a whole number of at least 1', () => {
    expect(() => new ConcurrencyLimit(0)).toThrow(/at least 1/);
    expect(() => new ConcurrencyLimit(1.5)).toThrow(/at least 1/);
  });
});
