/*
 * The marks of a counted thing (see counted.ts for the model), as pure rules over the fields every
 * counted document already stores: `ref`, `until` (a hold's deadline), `at` (when an order's take was
 * made, until the order is known to be stored) and, on a product, `taken` (the units are off the count).
 */

/** A take older than this belongs to an order whose placing stopped half-way: the sweep settles or gives it back. */
export const STALE_TAKE_MS = 60_000;

export interface Mark {
  /** `order:<id>`, `checkout:<id>`, …: whose mark it is (one per ref). */
  ref: string;
  /** A hold's deadline: it lapses then by itself. */
  until?: Date | string | null;
  /** When an order's take was made, while the order is not known to be stored. */
  at?: Date | string | null;
  /** A product's: the units are off the count (an order's take; without it, a checkout's hold). */
  taken?: boolean;
}

const time = (value: Date | string) => new Date(value).getTime();

/** A checkout's hold (it lapses at `until`), as opposed to an order's take. */
export function isHold(mark: Mark): boolean {
  return !mark.taken && !!mark.until;
}

/** Whether the mark still counts at `now`: an order's always, a hold until its deadline. */
export function isLive(mark: Mark, now: number): boolean {
  return !isHold(mark) || time(mark.until!) > now;
}

/** The marks that still count at `now` (lapsed holds drop out with the next write). */
export function liveMarks<M extends Mark>(marks: readonly M[], now: number): M[] {
  return marks.filter((mark) => isLive(mark, now));
}

/** An order's take whose order is not known to be stored yet. */
export function isUnstored(mark: Mark): boolean {
  return !isHold(mark) && !!mark.at;
}

/** An order's take older than STALE_TAKE_MS whose order is still not known to be stored: the sweep's to put right. */
export function isStale(mark: Mark, now: number): boolean {
  return isUnstored(mark) && now - time(mark.at!) > STALE_TAKE_MS;
}

/** The live hold of `holdRef`, which an order's take may turn into its own (fromHold). */
export function heldBy<M extends Mark>(marks: readonly M[], holdRef: string | undefined, now: number): M | undefined {
  return holdRef === undefined ? undefined : marks.find((mark) => mark.ref === holdRef && isHold(mark) && isLive(mark, now));
}

/**
 * Gives back the mark of `ref` that `which` accepts: the mark and the marks without it, or undefined when
 * there is none (given back already: a second give-back finds nothing and changes nothing).
 */
export function giveBackMark<M extends Mark>(marks: readonly M[], ref: string, which: (mark: M) => boolean = () => true): { mark: M; rest: M[] } | undefined {
  const mark = marks.find((m) => m.ref === ref && which(m));
  return mark ? { mark, rest: marks.filter((m) => m !== mark) } : undefined;
}

/**
 * The marks once the orders `refs` are known stored: their takes lose the `at` (`keep`: the mark stays and
 * counts, as a slot's place) or go altogether (the count says it, as a product's units).
 */
export function settleMarks<M extends Mark>(marks: readonly M[], refs: ReadonlySet<string> | undefined, { keep }: { keep: boolean }): M[] {
  if (!refs?.size) return [...marks];
  return marks.flatMap((mark) => {
    if (!isUnstored(mark) || !refs.has(mark.ref)) return [mark];
    if (!keep) return [];
    const { at: _at, ...rest } = mark;
    return [rest as M];
  });
}

/**
 * Takes each of `lines` in turn, all or none: when one refuses, what this call took is given back (`undo`;
 * its failure is only reported) and the refusal is thrown. `take` answers whether it took anything (a
 * retried take of the same ref takes nothing more). Returns the lines this call took.
 */
export async function takeAll<L>(
  lines: readonly L[],
  take: (line: L) => Promise<boolean>,
  undo: (taken: L[]) => Promise<unknown>,
  undoFailed: (error: Error) => void,
): Promise<L[]> {
  const taken: L[] = [];
  try {
    for (const line of lines) if (await take(line)) taken.push(line);
  } catch (error) {
    await undo(taken).catch(undoFailed);
    throw error;
  }
  return taken;
}

/**
 * Orders known to be stored, per document, whose marks go with the document's next write (no write of
 * their own): noted by `confirm`, forgotten once a write carried them.
 */
export class Confirmations {
  private readonly byDocument = new Map<string, Set<string>>();

  note(document: string, ref: string): void {
    this.byDocument.set(document, (this.byDocument.get(document) ?? new Set<string>()).add(ref));
  }

  of(document: string): ReadonlySet<string> | undefined {
    return this.byDocument.get(document);
  }

  /** A write of `document` carried `refs` (as they were when it read): they need no carrying any more. */
  written(document: string, refs: Iterable<string>): void {
    const noted = this.byDocument.get(document);
    if (!noted) return;
    for (const ref of refs) noted.delete(ref);
    if (!noted.size) this.byDocument.delete(document);
  }
}
