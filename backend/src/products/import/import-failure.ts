/** Why the writes of an import cannot be made, whatever the tries (its planned writes lost, a picture it needs not stored). */
export class ImportCannotApply extends Error {}

/** Tries of a committed import's writes before it is given up (the pauses between them add up to about two minutes). */
export const APPLY_TRIES = 10;

/** Errors of the database driver and of mongoose that the same write meets again, however often it is made. */
const LASTING = new Set(['ValidationError', 'CastError', 'BSONError', 'MongooseBulkWriteError', 'StrictModeError']);

/** Whether making the writes again could end otherwise than with `error`. */
export function retryMayHelp(error: unknown): boolean {
  if (error instanceof ImportCannotApply) return false;
  return !LASTING.has((error as { name?: unknown } | undefined)?.name as string);
}

/** The pause after the `tries`-th failed try: doubling from half a second, at most 30 s. */
export function retryPause(tries: number): number {
  return Math.min(500 * 2 ** (tries - 1), 30_000);
}

/** Whether a committed import that failed its `tries`-th try is given up now. */
export function givesUp(error: unknown, tries: number): boolean {
  return !retryMayHelp(error) || tries >= APPLY_TRIES;
}

/** What the seller's import page says of a committed import given up after `tries` tries. */
export function givenUpMessage(error: unknown, tries: number): string {
  const reason = (error as Error | undefined)?.message || String(error);
  const why = retryMayHelp(error) ? `${tries} tries to write it failed, the last with: ${reason}` : reason;
  return `The import stopped part-way (${why}). Some rows may already be applied: fix what is said and import the file again (rows already applied count as unchanged).`;
}
