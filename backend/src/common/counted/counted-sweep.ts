import { Injectable } from '@nestjs/common';

/** A take the sweep found stale: its ref, and whatever its owner needs to settle or give it back. */
export interface StaleTake {
  ref: string;
}

/** A counted thing as the sweep sees it: it describes its stale marks and how each is settled or given back. */
export interface SweptThing<T extends StaleTake = StaleTake> {
  /** Takes older than STALE_TAKE_MS at `now` whose orders are not known to be stored (marks.ts, isStale). */
  staleTakes(now: number): Promise<T[]>;
  /** The order is stored: the take stays, its mark goes. */
  settle(take: T): Promise<unknown>;
  /** The order never was stored: what it took goes back (once; a second give-back finds nothing). */
  giveBack(take: T): Promise<unknown>;
}

/**
 * The one sweep of everything counted: every counted thing registers itself; `sweep` settles or gives back
 * each stale take, asking the caller (who knows the orders) whether the take's order is stored.
 */
@Injectable()
export class CountedSweep {
  private readonly things: SweptThing<StaleTake>[] = [];

  register<T extends StaleTake>(thing: SweptThing<T>): void {
    this.things.push(thing as unknown as SweptThing<StaleTake>);
  }

  async sweep(isStored: (ref: string) => Promise<boolean>, now: number = Date.now()): Promise<void> {
    for (const thing of this.things) {
      for (const take of await thing.staleTakes(now)) {
        if (await isStored(take.ref)) await thing.settle(take);
        else await thing.giveBack(take);
      }
    }
  }
}
