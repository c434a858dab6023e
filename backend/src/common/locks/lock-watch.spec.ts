import { LAPSE_MS, LOOK_GAP_MS, LOOK_MS, watchHolder, type Sighting } from './lock-watch';

/** Looks every LOOK_MS from `start` to `end` at a holder whose heartbeat `beatAt(t)` gives; the time it was judged dead, if it was. */
function watch(holder: string, beatAt: (t: number) => number | null, start: number, end: number, step = LOOK_MS): number | undefined {
  let sighting: Sighting | undefined;
  for (let t = start; t <= end; t += step) {
    const look = watchHolder(sighting, { holder, beat: beatAt(t) }, t);
    if (look.dead) return t;
    sighting = look.sighting;
  }
  return undefined;
}

describe('whether a lock’s holder died', () => {
  it('a heartbeat that stays the same for LAPSE_MS of prompt looks: dead, not before', () => {
    expect(watch('h', () => 1_000, 10_000, 20_000)).toBe(10_000 + LAPSE_MS);
    // No heartbeat at all (a holder that died before its first beat) is a value that stays the same too.
    expect(watch('h', () => null, 10_000, 20_000)).toBe(10_000 + LAPSE_MS);
  });

  it('a heartbeat that changes every second (or every LAPSE_MS less a look): alive however long', () => {
    expect(watch('h', (t) => Math.floor(t / 1_000), 0, 60_000)).toBeUndefined();
    expect(watch('h', (t) => Math.floor(t / (LAPSE_MS - LOOK_MS)), 0, 60_000)).toBeUndefined();
  });

  it('a holder whose heartbeat stops is dead LAPSE_MS after its last change', () => {
    expect(watch('h', (t) => (t < 5_000 ? Math.floor(t / 1_000) : 5), 0, 60_000)).toBe(5_000 + LAPSE_MS);
  });

  it('a new holder of the lock is a new watch', () => {
    const first = watchHolder(undefined, { holder: 'a', beat: 7 }, 0).sighting;
    const later = watchHolder({ ...first, looked: LAPSE_MS - LOOK_MS }, { holder: 'b', beat: 7 }, LAPSE_MS);
    expect(later).toEqual({ sighting: { holder: 'b', beat: 7, since: LAPSE_MS, looked: LAPSE_MS }, dead: false });
  });

  it('a look long after the one before (the database or this process was held up) starts the watch again', () => {
    // Looks every 250 ms, but one gap of LOOK_GAP_MS + 1 at 2 s: the holder could not beat then either.
    let sighting: Sighting | undefined;
    const times = [0, 250, 500, 750, 1_000, 1_250, 1_500, 1_750, 2_000, 2_000 + LOOK_GAP_MS + 1];
    for (const t of times) {
      const look = watchHolder(sighting, { holder: 'h', beat: 1 }, t);
      expect(look.dead).toBe(false);
      sighting = look.sighting;
    }
    expect(sighting!.since).toBe(2_000 + LOOK_GAP_MS + 1);
    expect(watch('h', () => 1, 0, 20_000, LOOK_GAP_MS + 1)).toBeUndefined();
  });
});
