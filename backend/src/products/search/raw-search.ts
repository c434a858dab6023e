import type MiniSearch from 'minisearch';
import type { SearchOptions } from 'minisearch';

/** Which of a document's fields each matched term was found in. */
export type TermFields = Record<string, string[]>;

type RawResults = Map<number, { score: number; terms: string[]; match: TermFields }>;
interface Internals {
  executeQuery?: (query: string, options: SearchOptions) => RawResults;
  _documentIds?: Map<number, unknown>;
}

/**
 * Every document `query` finds, with the score `search()` gives it and its matched terms, without
 * the result objects, copies and sort of `search()` (the index ranks by its own rules): at 10,000
 * products a common word finds a thousand of them. Falls back to `search()` if MiniSearch's query
 * runner (private in 7.x) is not there.
 */
export function eachMatch(mini: MiniSearch, query: string, options: SearchOptions, found: (id: string, score: number, match: TermFields) => void): void {
  const internals = mini as unknown as Internals;
  const ids = internals._documentIds;
  if (typeof internals.executeQuery !== 'function' || !ids) {
    for (const result of mini.search(query, options)) found(result.id as string, result.score, result.match);
    return;
  }
  for (const [docId, { score, terms, match }] of internals.executeQuery.call(mini, query, options)) {
    // As search() scores it: the raw score times the number of query terms matched.
    found(ids.get(docId) as string, score * (terms.length || 1), match);
  }
}
