import MiniSearch from 'minisearch';
import { CATEGORY_SEARCH_WORDS, GROCERY_SYNONYMS, type GrocerySynonyms } from '@greencart/domain';
import { indexTermsOf, stemOf, typoAllowance, wordsOf } from './search-text';

/** One line of the synonym list, ready to match product names and typed words. */
export interface SynonymGroup {
  /** The word shown for it ("onion"). */
  name: string;
  /** Every term its names are indexed as (words, stems, neighbouring words run together). */
  terms: ReadonlySet<string>;
  /** Its names written as one word, with their stems ("tel", "surajmukhitel"). */
  names: ReadonlySet<string>;
}

/** How a typed word names a group: as one of its words (or the start of one, while typing), or as a typo of one. */
export interface GroupMatch {
  score: number;
  typo: boolean;
  /** The word is one of the group's names by itself ("tel" for oil, not only in "surajmukhi tel"). */
  whole: boolean;
}

/** A name of a group as the stems of its words ("lady finger" → ["ladi", "finger"]). */
interface Phrase {
  group: number;
  stems: string[];
}

/**
 * The synonym list of the domain package, compiled once. A product belongs to a group when its name
 * or seller search words contain one of the group's names (compared word by word on stems; two
 * neighbouring words also as one word). A typed word finds groups through a small MiniSearch index of
 * the groups' words (typos and prefixes as for product names), and through them their products.
 */
export class SynonymGroups {
  readonly groups: SynonymGroup[];
  /** Every normalised word of the list: a word found among them was understood as typed. */
  readonly vocabulary: ReadonlySet<string>;
  /** The phrases of all groups, by the stem of their first word. */
  private readonly byFirstStem = new Map<string, Phrase[]>();
  private readonly index = new MiniSearch({
    fields: ['terms'],
    tokenize: (text) => text.split(' '),
    processTerm: (term) => term || null,
    searchOptions: { tokenize: (text) => [text], processTerm: (term) => term },
  });

  constructor(lines: readonly GrocerySynonyms[] = GROCERY_SYNONYMS) {
    const vocabulary = new Set<string>();
    this.groups = lines.map((line, group) => {
      const names = [line.name, ...line.also].map(wordsOf).filter((words) => words.length);
      for (const words of names) {
        words.forEach((word) => vocabulary.add(word));
        if (words.length > 1) vocabulary.add(words.join(''));
        this.addPhrase(group, words.map(stemOf));
        // "lady finger" also as the one word "ladyfinger" (and, through a name's joined pairs, the other way round).
        if (words.length > 1) this.addPhrase(group, [stemOf(words.join(''))]);
      }
      const whole = names.map((words) => words.join(''));
      return { name: line.name, terms: new Set(names.flatMap((words) => indexTermsOf(words))), names: new Set([...whole, ...whole.map(stemOf)]) };
    });
    this.vocabulary = vocabulary;
    this.index.addAll(this.groups.map((group, id) => ({ id, terms: [...group.terms].join(' ') })));
  }

  /** Indexes of the groups whose names appear in `words` (a product's name or one of its search words). */
  groupsIn(words: readonly string[]): number[] {
    const stems = words.map(stemOf);
    const found = new Set<number>();
    const at = (sequence: string[]) => {
      for (let i = 0; i < sequence.length; i++) {
        for (const phrase of this.byFirstStem.get(sequence[i]) ?? []) {
          if (phrase.stems.every((stem, k) => sequence[i + k] === stem)) found.add(phrase.group);
        }
      }
    };
    at(stems);
    for (let i = 0; i + 1 < words.length; i++) at([stemOf(words[i] + words[i + 1])]);
    return [...found];
  }

  /**
   * The groups a typed word names. `typing`: the word may be the start of a group's word, unless it is
   * a word of its own (`known`: "dal" does not find "dalimb", pomegranate).
   */
  lookup(word: string, typing: boolean, known: boolean): Map<number, GroupMatch> {
    const stem = stemOf(word);
    const found = new Map<number, GroupMatch>();
    const typos = typoAllowance(word);
    const results = this.index.search(word, { fuzzy: typos || false, prefix: typing && !known });
    if (stem !== word) results.push(...this.index.search(stem));
    for (const result of results) {
      const group = result.id as number;
      const typo = !Object.keys(result.match).some((term) => term === word || term === stem || term.startsWith(word));
      const current = found.get(group);
      if (!current || (current.typo && !typo) || (current.typo === typo && result.score > current.score)) {
        found.set(group, { score: result.score, typo, whole: this.groups[group].names.has(word) || this.groups[group].names.has(stem) });
      }
    }
    // Whole names first, then the closest: the first group to name a product is the one shown for it.
    return new Map([...found].sort(([, a], [, b]) => Number(b.whole) - Number(a.whole) || Number(a.typo) - Number(b.typo) || b.score - a.score));
  }

  private addPhrase(group: number, stems: string[]): void {
    const list = this.byFirstStem.get(stems[0]);
    if (list) list.push({ group, stems });
    else this.byFirstStem.set(stems[0], [{ group, stems }]);
  }
}

/** The categories a word names ("sabzi" → Vegetables, "fruits" → Fruits), from the domain's category words. */
export class CategoryWords {
  private readonly byTerm = new Map<string, string[]>();

  constructor(words: Readonly<Record<string, readonly string[]>> = CATEGORY_SEARCH_WORDS) {
    for (const [category, phrases] of Object.entries(words)) {
      for (const term of new Set(phrases.flatMap((phrase) => indexTermsOf(wordsOf(phrase))))) {
        const categories = this.byTerm.get(term);
        if (!categories) this.byTerm.set(term, [category]);
        else if (!categories.includes(category)) categories.push(category);
      }
    }
  }

  /** The categories `word` (or its stem) names. */
  categoriesOf(word: string): readonly string[] {
    return this.byTerm.get(word) ?? this.byTerm.get(stemOf(word)) ?? [];
  }
}
