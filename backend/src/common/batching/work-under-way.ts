/**
 * Work started in the background (listeners that write after the request that caused them is answered),
 * and when all of it started so far has settled: what a read of its results, a test or a stopping shop
 * waits for. Failures are the work's own to report; here they only count as settled.
 */
export class WorkUnderWay {
  private latest: Promise<void> = Promise.resolve();

  track(work: Promise<unknown>): void {
    const all = Promise.allSettled([this.latest, work]).then(() => undefined);
    this.latest = all;
    // Idle again: the chain is let go rather than kept growing.
    void all.finally(() => {
      if (this.latest === all) this.latest = Promise.resolve();
    });
  }

  /** Settles once every piece of work tracked so far has settled. */
  settled(): Promise<void> {
    return this.latest;
  }
}
