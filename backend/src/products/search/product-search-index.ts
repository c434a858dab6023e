import MiniSearch, { type SearchOptions } from 'minisearch';
import { CategoryWords, SynonymGroups } from './synonym-groups';
import { indexTermsOf, queryWordsOf, stemOf, typoAllowance, wordsOf } from './search-text';

/** What the index needs of a product. */
export interface SearchableProduct {
  _id: string;
  name: string;
  description: readonly string[];
  category: string;
  searchWords?: readonly string[];
  inStock: boolean;
  createdAt: Date | string;
}

/** How a product answers a query, best first: the order of the answers (issue 21). */
export const Relevance = {
  /** The name is the query ("corn flakes", "Corn Flakes", "cornflakes"). */
  ExactName: 0,
  /** The name starts with the query ("set curd" → "Set Curd (Dahi)"). */
  NamePrefix: 1,
  /** Every word is a word of the name or of the seller's search words (or the start of one). */
  Word: 2,
  /** A word is another name of the product (synonym list): "pyaz" → "Red Onions". */
  Synonym: 3,
  /** A word is a typo of a word of the name, search words or synonyms. */
  Fuzzy: 4,
  /** A word is only in the description or the category's words. */
  Description: 5,
  /** Only the old rule finds it: the query is part of the name ("ato" in "Tomatoes"). */
  NameContains: 6,
} as const;
type RelevanceLevel = (typeof Relevance)[keyof typeof Relevance];

/** The fields a typed word may match with typos and as a prefix; the description only word for word. */
const NAME_FIELDS = ['name', 'words'];
const FIELDS = [...NAME_FIELDS, 'description'];
const BOOST = { name: 3, words: 2.5, description: 0.4 };
/** Words of a query beyond this are ignored (a query is at most 100 characters). */
const MAX_QUERY_WORDS = 8;

interface IndexedProduct {
  id: string;
  inStock: boolean;
  createdAt: number;
  /** Normalised words of the name, joined by spaces; their stems; and all run together. */
  nameText: string;
  nameStems: string;
  nameJoined: string;
  /** The name in lower case, for the old "name contains" rule. */
  lowerName: string;
  /** How many synonym groups it belongs to (a product of one kind answers that kind's names before a mix of several). */
  groupCount: number;
  groups: number[];
  category: string;
  /** Its words as typed (name, search words, description), counted in the vocabulary. */
  words: string[];
}

/** How one word of a query matched one product. */
interface WordMatch {
  score: number;
  relevance: RelevanceLevel;
  /** The word as understood ("onion" for "pyaz", "bananas" for "bananna"); "" when the word before covers it. */
  display: string;
}

export interface SearchAnswer {
  /** Product ids, best answer first. */
  ids: string[];
  /** The query as understood, when that differs from what was typed ("tomato" for "tamatar"). */
  correctedQuery?: string;
}

/**
 * The search index over the catalogue (MiniSearch: an inverted index in a radix tree with BM25
 * scoring, prefix and Levenshtein fuzzy search). Each product is indexed as three fields: its name
 * (words, stems, neighbouring words run together), the seller's search words (the same), and its
 * description; beside it, the synonym groups (SynonymGroups) and the category each product is in. Each
 * word of a query is looked up on its own, with typos allowed by its length and as a prefix while
 * typing, in the products and in the synonym list; a product must answer every word, and the answers are ranked by how they matched (Relevance), then
 * in stock first, then score, then catalogue order.
 */
export class ProductSearchIndex {
  private readonly synonyms: SynonymGroups;
  private readonly categoryWords = new CategoryWords();
  private mini = ProductSearchIndex.emptyIndex();
  private products = new Map<string, IndexedProduct>();
  /** Index term → the word people read for it ("banana" → "bananas", "cornflakes" → "corn flakes"). */
  private display = new Map<string, string>();
  /** Words of the catalogue as typed, with the number of products using each. */
  private vocabulary = new Map<string, number>();
  /** Product ids by category, for words that name a category ("sabzi"). */
  private byCategory = new Map<string, Set<string>>();
  /** Product ids by synonym group. */
  private byGroup = new Map<number, Set<string>>();
  /** Every name in lower case, run together with NUL between them (which no text can hold), for the "name contains" rule. */
  private names: { text: string; starts: number[]; products: IndexedProduct[] } | undefined;

  constructor(synonyms = new SynonymGroups()) {
    this.synonyms = synonyms;
  }

  private static emptyIndex(): MiniSearch {
    return new MiniSearch({
      fields: FIELDS,
      idField: 'id',
      // Documents and queries arrive as normalised terms separated by single spaces.
      tokenize: (text) => text.split(' '),
      processTerm: (term) => term || null,
      searchOptions: { tokenize: (text) => [text], processTerm: (term) => term, boost: BOOST },
    });
  }

  get size(): number {
    return this.products.size;
  }

  /** Indexes `products` from scratch (start-up, a full reload of the catalogue). */
  rebuild(products: Iterable<SearchableProduct>): void {
    this.mini = ProductSearchIndex.emptyIndex();
    this.products = new Map();
    this.display = new Map();
    this.vocabulary = new Map();
    this.byCategory = new Map();
    this.byGroup = new Map();
    this.names = undefined;
    const documents: Record<string, string>[] = [];
    for (const product of products) documents.push(this.prepare(product));
    this.mini.addAll(documents);
  }

  /** A product added or changed. */
  put(product: SearchableProduct): void {
    if (this.products.has(product._id)) this.drop(product._id);
    this.names = undefined;
    this.mini.add(this.prepare(product));
  }

  /** A product removed. */
  drop(id: string): void {
    const known = this.products.get(id);
    if (!known) return;
    this.products.delete(id);
    this.names = undefined;
    this.byCategory.get(known.category)?.delete(id);
    for (const group of known.groups) this.byGroup.get(group)?.delete(id);
    for (const word of known.words) {
      const count = (this.vocabulary.get(word) ?? 1) - 1;
      if (count > 0) this.vocabulary.set(word, count);
      else this.vocabulary.delete(word);
    }
    this.mini.discard(id);
  }

  /** Every product that answers `query`, best first, and the query as understood. */
  search(query: string): SearchAnswer {
    const words = queryWordsOf(query).slice(0, MAX_QUERY_WORDS);
    const positions = words.map((word, i) => this.matchWord(word, i === words.length - 1));
    // Two typed words may be one in the name ("lady finger" → "Ladyfinger"): the pair counts for both places.
    for (let i = 0; i + 1 < words.length; i++) {
      const joined = words[i] + words[i + 1];
      for (const [id, match] of this.matchWord(joined, i + 2 === words.length)) {
        const asTyped = match.display === joined;
        this.offer(positions[i], id, { ...match, display: asTyped ? words[i] : match.display });
        this.offer(positions[i + 1], id, { ...match, display: asTyped ? words[i + 1] : '' });
      }
    }

    const ids = this.everywhere(positions);
    const typed = words.join(' ');
    const stems = words.map(stemOf).join(' ');
    const ranked = ids.map((id) => {
      const product = this.products.get(id)!;
      let relevance: RelevanceLevel = Relevance.ExactName;
      let score = 0;
      for (const matches of positions) {
        const match = matches.get(id)!;
        score += match.score;
        if (match.relevance > relevance) relevance = match.relevance;
      }
      if (product.nameText === typed || product.nameStems === stems || product.nameJoined === words.join('')) relevance = Relevance.ExactName;
      else if (product.nameText.startsWith(typed) && relevance <= Relevance.Word) relevance = Relevance.NamePrefix;
      return { product, relevance, score };
    });

    // The spec's rule, last: the query is part of the name ("ato" in "Tomatoes", "(" in "Set Curd (Dahi)").
    const lowerQuery = query.trim().toLowerCase();
    if (lowerQuery) {
      const found = new Set(ids);
      for (const product of this.namesContaining(lowerQuery)) {
        if (!found.has(product.id)) ranked.push({ product, relevance: Relevance.NameContains, score: 0 });
      }
    }

    ranked.sort(
      (a, b) =>
        a.relevance - b.relevance ||
        Number(b.product.inStock) - Number(a.product.inStock) ||
        b.score - a.score ||
        a.product.createdAt - b.product.createdAt ||
        (a.product.id < b.product.id ? -1 : a.product.id > b.product.id ? 1 : 0),
    );
    const answer: SearchAnswer = { ids: ranked.map((entry) => entry.product.id) };
    const understood = ids.length ? this.understood(positions, answer.ids[0]) : undefined;
    if (understood && understood !== typed) answer.correctedQuery = understood;
    return answer;
  }

  /** The products whose lower-case name contains `text`: one scan of all names run together. */
  private namesContaining(text: string): IndexedProduct[] {
    if (!this.names) {
      const products = [...this.products.values()];
      const starts: number[] = [];
      let at = 0;
      for (const product of products) {
        starts.push(at);
        at += product.lowerName.length + 1;
      }
      this.names = { text: products.map((product) => product.lowerName).join('\0'), starts, products };
    }
    const { text: all, starts, products } = this.names;
    const found: IndexedProduct[] = [];
    for (let at = all.indexOf(text); at !== -1;) {
      // The name holding this place: the last one starting at or before it.
      let low = 0;
      let high = starts.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (starts[middle] <= at) low = middle;
        else high = middle - 1;
      }
      found.push(products[low]);
      at = low + 1 < starts.length ? all.indexOf(text, starts[low + 1]) : -1;
    }
    return found;
  }

  /** Ids that answer every place of the query. */
  private everywhere(positions: Map<string, WordMatch>[]): string[] {
    if (!positions.length) return [];
    const [smallest, ...others] = [...positions].sort((a, b) => a.size - b.size);
    return [...smallest.keys()].filter((id) => others.every((matches) => matches.has(id)));
  }

  /** The query as the best answer understood it: each word as that product matched it. */
  private understood(positions: Map<string, WordMatch>[], best: string): string {
    const shown: string[] = [];
    for (const matches of positions) {
      const display = matches.get(best)!.display;
      if (display && display !== shown[shown.length - 1]) shown.push(display);
    }
    return shown.join(' ');
  }

  private offer(matches: Map<string, WordMatch>, id: string, match: WordMatch): void {
    const current = matches.get(id);
    if (!current || match.relevance < current.relevance) matches.set(id, match);
  }

  /** The products one typed word finds, each with how it matched. */
  private matchWord(word: string, typing: boolean): Map<string, WordMatch> {
    const stem = stemOf(word);
    const typos = typoAllowance(word);
    // Two look-ups, merged here (MiniSearch's OR of sub-queries keeps one field list per matched term): the
    // name and search words with the word (typos, prefix) and its stem (as such), the description word for word.
    const both = stem !== word ? `${word} ${stem}` : word;
    const split = (text: string) => text.split(' ');
    const lookups: [string, SearchOptions][] = [
      [
        both,
        {
          fields: NAME_FIELDS,
          tokenize: split,
          fuzzy: (term) => (term === word ? typos || false : false),
          prefix: (term) => term === word && (typing || word.length >= 3),
        },
      ],
      [both, { fields: ['description'], tokenize: split }],
    ];
    const merged = new Map<string, { score: number; match: [string, string[]][] }>();
    for (const [text, options] of lookups) {
      for (const result of this.mini.search(text, options)) {
        const id = result.id as string;
        const entry = merged.get(id);
        if (entry) {
          entry.score += result.score;
          entry.match.push(...Object.entries(result.match));
        } else merged.set(id, { score: result.score, match: Object.entries(result.match) });
      }
    }
    const known = this.vocabulary.has(word) || this.synonyms.vocabulary.has(word);
    const matches = new Map<string, WordMatch>();
    let exactly = false;
    for (const [id, { score, match }] of merged) {
      const found = this.classify(score, match, word, stem, known);
      matches.set(id, found);
      if (found.relevance <= Relevance.Synonym) exactly = true;
    }
    // Another name of the product (synonym list): "pyaz" → every product in the onion group.
    for (const [group, { score, typo }] of this.synonyms.lookup(word, typing, known)) {
      const relevance = typo ? Relevance.Fuzzy : Relevance.Synonym;
      if (!typo) exactly = true;
      const name = this.synonyms.groups[group].name;
      for (const id of this.byGroup.get(group) ?? []) {
        const current = matches.get(id);
        // A product of one kind before a mix of several ("Desi Tomatoes" before "Tomato Soup Mix" for "tamatar").
        const found = { score: score / this.products.get(id)!.groupCount, relevance, display: name };
        if (!current || relevance < current.relevance) matches.set(id, current ? { ...found, score: found.score + current.score } : found);
        else current.score += found.score;
      }
    }
    // A word naming a category finds the whole category, after the products that have the word.
    for (const category of this.categoryWords.categoriesOf(word)) {
      for (const id of this.byCategory.get(category) ?? []) {
        if (!matches.has(id)) matches.set(id, { score: 0, relevance: Relevance.Description, display: word });
      }
    }
    // A word some product has as such finds no typo look-alikes ("kanda" is onion, not "anda" the egg).
    if (exactly) for (const [id, found] of matches) if (found.relevance === Relevance.Fuzzy) matches.delete(id);
    return matches;
  }

  /** How a product matched a word in its own fields (name, search words, description). */
  private classify(score: number, match: [string, string[]][], word: string, stem: string, known: boolean): WordMatch {
    let relevance: RelevanceLevel = Relevance.Description;
    let display = word;
    for (const [term, fields] of match) {
      const exact = term === word || term === stem;
      for (const field of fields) {
        let level: RelevanceLevel;
        let shown: string;
        if (field === 'name' || field === 'words') {
          const asTyped = exact || term.startsWith(word);
          level = asTyped ? Relevance.Word : Relevance.Fuzzy;
          // A word found only through its stem or a typo reads as the catalogue's word ("tomatos" → "tomatoes").
          shown = asTyped && (known || !exact) ? word : (this.display.get(term) ?? word);
        } else {
          level = Relevance.Description;
          shown = word;
        }
        if (level < relevance) {
          relevance = level;
          display = shown;
        }
      }
    }
    return { score, relevance, display };
  }

  /** Remembers the product and gives the document MiniSearch indexes. */
  private prepare(product: SearchableProduct): Record<string, string> {
    const nameWords = wordsOf(product.name);
    const searchWords = (product.searchWords ?? []).map(wordsOf).filter((words) => words.length);
    const descriptionWords = product.description.flatMap(wordsOf);
    const groups = new Set<number>();
    for (const words of [nameWords, ...searchWords]) {
      for (const group of this.synonyms.groupsIn(words)) groups.add(group);
      this.remember(words);
    }
    const words = [...new Set([...nameWords, ...searchWords.flat(), ...descriptionWords])];
    for (const word of words) this.vocabulary.set(word, (this.vocabulary.get(word) ?? 0) + 1);
    this.products.set(product._id, {
      id: product._id,
      inStock: product.inStock,
      createdAt: new Date(product.createdAt).getTime(),
      nameText: nameWords.join(' '),
      nameStems: nameWords.map(stemOf).join(' '),
      nameJoined: nameWords.join(''),
      lowerName: product.name.toLowerCase(),
      groupCount: groups.size,
      groups: [...groups],
      category: product.category,
      words,
    });
    for (const group of groups) {
      const members = this.byGroup.get(group);
      if (members) members.add(product._id);
      else this.byGroup.set(group, new Set([product._id]));
    }
    const inCategory = this.byCategory.get(product.category);
    if (inCategory) inCategory.add(product._id);
    else this.byCategory.set(product.category, new Set([product._id]));
    const nameTerms = indexTermsOf(nameWords);
    const inName = new Set(nameTerms);
    // A word of the name is found there (and ranked by it); the description adds the others.
    const descriptionTerms = new Set<string>();
    for (const word of descriptionWords) {
      if (!inName.has(word)) descriptionTerms.add(word);
      if (!inName.has(stemOf(word))) descriptionTerms.add(stemOf(word));
    }
    return {
      id: product._id,
      name: nameTerms.join(' '),
      words: [...new Set(searchWords.flatMap((phrase) => indexTermsOf(phrase)))].join(' '),
      description: [...descriptionTerms].join(' '),
    };
  }

  /** How the index terms of a run of words read ("banana" → "bananas", "cornflakes" → "corn flakes"). */
  private remember(words: readonly string[]): void {
    words.forEach((word, i) => {
      this.display.set(word, word);
      if (!this.display.has(stemOf(word))) this.display.set(stemOf(word), word);
      const next = words[i + 1];
      if (next !== undefined) {
        const joined = word + next;
        if (!this.display.has(joined)) this.display.set(joined, `${word} ${next}`);
        if (!this.display.has(stemOf(joined))) this.display.set(stemOf(joined), `${word} ${next}`);
      }
    });
  }
}
