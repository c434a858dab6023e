/**
 * Whether a lock's holder died, as a caller waiting for the lock judges it. Every instance holding lock
 * documents writes its heartbeat (a new value) every BEAT_MS; a caller waiting for a lock looks at the
 * holder's heartbeat every LOOK_MS. The holder is dead once its heartbeat has stayed the same for
 * LAPSE_MS of the caller's own watch, with every look coming promptly after the one before: a slow look
 * (the database or this process held up) starts the watch again, since the holder could not beat then
 * either. Only values are compared, never one machine's clock with another's.
 */

/** How often an instance holding lock documents writes its heartbeat. */
export const BEAT_MS = 1_000;

/** A heartbeat unchanged this long (three beats missed) means its instance died. */
export const LAPSE_MS = 3_000;

/** How often a waiting caller looks at the holder of the lock it waits for. */
export const LOOK_MS = 250;

/** A look this long after the previous one starts the watch again. */
export const LOOK_GAP_MS = BEAT_MS;

/** What a waiting caller saw of the lock's holder. */
export interface Sighting {
  /** The holding run (a new holder is a new watch). */
  holder: string;
  /** The holder instance's heartbeat as last read (null: it has none). */
  beat: number | null;
  /** Since when (the caller's clock) this heartbeat has been seen unchanged. */
  since: number;
  /** When the caller last looked. */
  looked: number;
}

/** The watch after a look at `now` that saw `seen`, and whether the holder has died. */
export function watchHolder(previous: Sighting | undefined, seen: { holder: string; beat: number | null }, now: number): { sighting: Sighting; dead: boolean } {
  const unchanged = previous !== undefined && previous.holder === seen.holder && previous.beat === seen.beat && now - previous.looked <= LOOK_GAP_MS;
  if (!unchanged) return { sighting: { ...seen, since: now, looked: now }, dead: false };
  return { sighting: { ...previous, looked: now }, dead: now - previous.since >= LAPSE_MS };
}
