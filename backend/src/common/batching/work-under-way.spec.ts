import { WorkUnderWay } from './work-under-way';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

describe('WorkUnderWay', () => {
  it('settles at once with nothing under way', async () => {
    await expect(new WorkUnderWay().settled()).resolves.toBeUndefined();
  });

  it('settles once every piece tracked so far has settled, failures included, not waiting for later ones', async () => {
    const underWay = new WorkUnderWay();
    const first = deferred();
    const second = deferred();
    underWay.track(first.promise);
    underWay.track(second.promise);
    const settled = underWay.settled();
    let done = false;
    void settled.then(() => (done = true));
    first.resolve();
    await first.promise;
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(false);
    const later = deferred();
    underWay.track(later.promise);
    second.reject(new Error('lost'));
    await settled;
    expect(done).toBe(true);
    let laterDone = false;
    void underWay.settled().then(() => (laterDone = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(laterDone).toBe(false);
    later.resolve();
    await underWay.settled();
  });
});
