import MiniSearch, { type SearchOptions } from 'minisearch';
import { productCodeKey } from '@greencart/domain';
import { IndexedCatalogue, textOf } from './indexed-catalogue';
import { CategoryWords, SynonymGroups } from './synonym-groups';
import { BrandList, everywhere, parseQuery, placesToKeep, type QueryPart } from './search-query';
import { stemOf, typoAllowance } from './search-text';
import { matchingSize } from './sizes';
import { byRank, rankedEntry, type IndexedProduct, type Ranked } from './search-ranking';
import { NameScan } from './name-scan';
import { eachMatch, type TermFields } from './raw-search';
import { buyable, Relevance, type RelevanceLevel, type SearchAnswer, type SearchableProduct, type WordMatch } from './search-answer';

export { Relevance, searchInfoJson, type SearchAnswer, type SearchableProduct } from './search-answer';

/** The fields a typed word may match with typos and as a prefix; the description only word for word. */
const NAME_FIELDS = ['name', 'words'];
const FIELDS = [...NAME_FIELDS, 'description'];
const BOOST = { name: 3, words: 2.5, description: 0.4 };
/** Kinds named for a brand the shop does not carry ("amul" → "butter, milk, paneer"). */
const SHOWN_KINDS = 3;
/** Above any word's score: a brand's first kind ranks before its second. */
const KIND_WEIGHT = 1_000;
/** Typed words whose matches are kept until the catalogue's text changes (shoppers type the same words in new queries). */
const WORDS_KEPT = 2_000;

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
  private readonly brands: BrandList;
  /** What each brand of the brand list finds as the kinds it sells, computed once per change of the catalogue. */
  private brandKinds = new Map<string, { matches: Map<string, WordMatch>; found: string[] }>();
  private mini = ProductSearchIndex.emptyIndex();
  /** The products and the catalogue's words, categories, synonym groups and codes. */
  private catalogue: IndexedCatalogue;
  /** The "name contains" rule. */
  private readonly names = new NameScan<IndexedProduct>();
  /** The products each typed word found (read only), by word and whether it was being typed; forgotten when the text indexed changes. */
  private wordMatches = new Map<string, ReadonlyMap<string, WordMatch>>();

  constructor(synonyms = new SynonymGroups(), brands = new BrandList()) {
    this.synonyms = synonyms;
    this.brands = brands;
    this.catalogue = new IndexedCatalogue(synonyms);
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
    return this.catalogue.products.size;
  }

  /** Indexes `products` from scratch (start-up, a full reload of the catalogue). */
  rebuild(products: Iterable<SearchableProduct>): void {
    this.mini = ProductSearchIndex.emptyIndex();
    this.catalogue = new IndexedCatalogue(this.synonyms);
    this.textChanged();
    const documents: Record<string, string>[] = [];
    for (const product of products) documents.push(this.catalogue.add(product));
    this.mini.addAll(documents);
  }

  /** A product added or changed. */
  put(product: SearchableProduct): void {
    const known = this.catalogue.products.get(product._id);
    // Its stock alone changed (an order, a checkout): what it is found by stays; only its place (in stock first) moves.
    if (known && known.text === textOf(product)) {
      known.inStock = buyable(product);
      return;
    }
    if (known) this.drop(product._id);
    this.textChanged();
    this.mini.add(this.catalogue.add(product));
  }

  /** What the index finds by changed: what was worked out from it before is forgotten. */
  private textChanged(): void {
    this.names.clear();
    this.brandKinds = new Map();
    this.wordMatches = new Map();
  }

  /** A product removed. */
  drop(id: string): void {
    if (!this.catalogue.remove(id)) return;
    this.textChanged();
    this.mini.discard(id);
  }

  /** Every product that answers `query`, best first, and the query as understood; a SKU or barcode typed exactly finds its product first. */
  search(query: string): SearchAnswer {
    const code = productCodeKey(query);
    const byCode = code === undefined ? [] : this.catalogue.codes.find(code);
    const answer = this.searchWords(query);
    if (!byCode.length) return answer;
    const first = new Set(byCode.map((hit) => hit.id));
    const packSizes: Record<string, string> = { ...answer.packSizes };
    // The pack size the code names, of a product with several.
    for (const hit of byCode) if (hit.several) packSizes[hit.id] = hit.variant;
    return { ids: [...first, ...answer.ids.filter((id) => !first.has(id))], ...(Object.keys(packSizes).length ? { packSizes } : {}) };
  }

  private searchWords(query: string): SearchAnswer {
    const { parts, sizes, sizeTexts } = parseQuery(query, this.brands);
    const positions = parts.map((part, i) => this.matchPart(part, i === parts.length - 1));
    // Two typed words may be one in the name ("lady finger" → "Ladyfinger"): the pair counts for both places.
    for (let i = 0; i + 1 < parts.length; i++) {
      if (parts[i].words.length > 1 || parts[i + 1].words.length > 1) continue;
      const [first, second] = [parts[i].text, parts[i + 1].text];
      const joined = first + second;
      for (const [id, match] of this.matchWord(joined, i + 2 === parts.length)) {
        const asTyped = match.display === joined;
        this.offer(positions[i], id, { ...match, display: asTyped ? first : match.display });
        this.offer(positions[i + 1], id, { ...match, display: asTyped ? second : '' });
      }
    }

    // A word nothing answers, or a brand the shop does not carry, is left out ("amul butter" → butter).
    const { kept, ids } = placesToKeep(positions, parts);
    const typedParts = parts.filter((part) => !part.optional);
    const typed = typedParts.map((part) => part.text).join(' ');
    const words = typedParts.flatMap((part) => part.words);
    const stems = words.map(stemOf).join(' ');
    const joined = words.join('');
    const ranked: Ranked[] = [];
    for (const id of ids) {
      const product = this.catalogue.products.get(id)!;
      let relevance: RelevanceLevel = Relevance.ExactName;
      let score = 0;
      for (const place of kept) {
        const match = positions[place].get(id)!;
        score += match.score;
        if (match.relevance > relevance) relevance = match.relevance;
      }
      if (product.nameText === typed || product.nameStems === stems || product.nameJoined === joined) relevance = Relevance.ExactName;
      else if (relevance <= Relevance.Word && product.nameText.startsWith(typed)) relevance = Relevance.NamePrefix;
      ranked.push(rankedEntry(product, relevance, score, sizes));
    }

    // The spec's rule, last: the query is part of the name ("ato" in "Tomatoes", "(" in "Set Curd (Dahi)").
    const lowerQuery = query.trim().toLowerCase();
    if (lowerQuery) {
      const found = new Set(ids);
      for (const product of this.names.containing(lowerQuery, () => this.catalogue.products.values())) {
        if (!found.has(product.id)) ranked.push(rankedEntry(product, Relevance.NameContains, 0, sizes));
      }
    }
    ranked.sort(byRank);
    const answer: SearchAnswer = { ids: ranked.map((entry) => entry.product.id) };
    if (sizes.length) {
      const packSizes: Record<string, string> = {};
      for (const entry of ranked) {
        if (!entry.product.sizeVariants.some(Boolean)) continue;
        const variant = entry.product.sizeVariants[matchingSize(sizes, entry.product.sizes)];
        if (variant) packSizes[entry.product.id] = variant;
      }
      if (Object.keys(packSizes).length) answer.packSizes = packSizes;
    }
    if (!ids.length) return answer;
    const best = answer.ids[0];
    const keptSet = new Set(kept);
    const dropped = parts.filter((part, i) => !part.optional && (!keptSet.has(i) || positions[i].get(best)?.byBrand)).map((part) => part.text);
    if (dropped.length) answer.droppedWords = dropped;
    // A number alone that some name has is a word of the query ("7 up"); otherwise it was a size.
    const asWords = parts.filter((part, i) => !part.optional || keptSet.has(i));
    const typedWords = asWords.map((part) => part.text).join(' ');
    const sizesShown = sizeTexts.filter((text) => !asWords.some((part) => part.optional && part.text === text));
    let understood = this.understood(
      kept.map((i) => positions[i]),
      best,
    );
    // Only a brand the shop does not carry: what it sells, as found.
    if (!understood) understood = kept.flatMap((i) => this.brandKinds.get(parts[i].text)?.found.slice(0, SHOWN_KINDS) ?? []).join(', ');
    if (understood && understood !== typedWords) answer.correctedQuery = [understood, ...sizesShown].join(' ');
    return answer;
  }

  /** The query as the best answer understood it: each word as that product matched it. */
  private understood(positions: Map<string, WordMatch>[], best: string): string {
    const shown: string[] = [];
    const words = new Set<string>();
    for (const matches of positions) {
      const match = matches.get(best)!;
      const display = match.byBrand ? '' : match.display;
      // A word already said by another's reading is not said twice ("kelloggs corn flakes" → "corn flakes").
      if (!display || display.split(' ').every((word) => words.has(word))) continue;
      shown.push(display);
      for (const word of display.split(' ')) words.add(word);
    }
    return shown.join(' ');
  }

  /** The products one place of a query finds: a word, or a brand's words and (below them) the kinds it sells. */
  private matchPart(part: QueryPart, typing: boolean): Map<string, WordMatch> {
    let matches: Map<string, WordMatch>;
    // A copy: the query's places are added to (offer), the words' matches are kept as found.
    if (part.words.length === 1) matches = new Map(this.matchWord(part.words[0], typing));
    else {
      const each = part.words.map((word, k) => this.matchWord(word, typing && k === part.words.length - 1));
      matches = new Map();
      for (const id of everywhere(each, Object.keys(each).map(Number))) {
        const found = each.map((byWord) => byWord.get(id)!);
        const relevance = Math.max(...found.map((match) => match.relevance)) as RelevanceLevel;
        matches.set(id, { score: found.reduce((sum, match) => sum + match.score, 0), relevance, display: part.text });
      }
    }
    if (!part.sells) return matches;
    for (const [id, match] of this.kindsOf(part).matches) if (!matches.has(id)) matches.set(id, match);
    return matches;
  }

  /** The products of the kinds a brand sells ("amul" → butter, milk, paneer…), found by name, search words, synonym or category. */
  private kindsOf(part: QueryPart): { matches: Map<string, WordMatch>; found: string[] } {
    const known = this.brandKinds.get(part.text);
    if (known) return known;
    const matches = new Map<string, WordMatch>();
    const found: string[] = [];
    const sells = part.sells ?? [];
    for (const [k, kind] of sells.entries()) {
      const each = kind.map((word) => this.matchWord(word, false));
      const text = kind.join(' ');
      let any = false;
      for (const id of everywhere(each, Object.keys(each).map(Number))) {
        const byWord = each.map((matched) => matched.get(id)!);
        if (!byWord.every((match) => match.relevance <= Relevance.Synonym || match.byCategory)) continue;
        any = true;
        if (matches.has(id)) continue;
        // What the brand is best known for first ("amul": butter, then milk).
        const score = (sells.length - k) * KIND_WEIGHT + byWord.reduce((sum, match) => sum + match.score, 0);
        matches.set(id, { score, relevance: Relevance.Brand, display: text, byBrand: true });
      }
      if (any) found.push(text);
    }
    const kinds = { matches, found };
    this.brandKinds.set(part.text, kinds);
    return kinds;
  }

  private offer(matches: Map<string, WordMatch>, id: string, match: WordMatch): void {
    const current = matches.get(id);
    if (!current || match.relevance < current.relevance) matches.set(id, match);
  }

  /** The products one typed word finds, each with how it matched (read only: kept for the next query with the word). */
  private matchWord(word: string, typing: boolean): ReadonlyMap<string, WordMatch> {
    const key = `${typing ? '+' : ' '}${word}`;
    const kept = this.wordMatches.get(key);
    if (kept) return kept;
    const matches = this.findWord(word, typing);
    if (this.wordMatches.size >= WORDS_KEPT) this.wordMatches.delete(this.wordMatches.keys().next().value!);
    this.wordMatches.set(key, matches);
    return matches;
  }

  private findWord(word: string, typing: boolean): Map<string, WordMatch> {
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
    const merged = new Map<string, { score: number; match: TermFields[] }>();
    for (const [text, options] of lookups) {
      eachMatch(this.mini, text, options, (id, score, match) => {
        const entry = merged.get(id);
        if (entry) {
          entry.score += score;
          entry.match.push(match);
        } else merged.set(id, { score, match: [match] });
      });
    }
    const known = this.catalogue.vocabulary.has(word) || this.synonyms.vocabulary.has(word);
    const matches = new Map<string, WordMatch>();
    let exactly = false;
    for (const [id, { score, match }] of merged) {
      const found = this.classify(score, match, word, stem, known);
      matches.set(id, found);
      if (found.relevance <= Relevance.Synonym) exactly = true;
    }
    // Another name of the product (synonym list): "pyaz" → every product in the onion group.
    const named = new Set<number>();
    for (const [group, { score, typo }] of this.synonyms.lookup(word, typing, known)) {
      const relevance = typo ? Relevance.Fuzzy : Relevance.Synonym;
      if (!typo) {
        exactly = true;
        named.add(group);
      }
      const name = this.synonyms.groups[group].name;
      for (const id of this.catalogue.byGroup.get(group) ?? []) {
        const current = matches.get(id);
        // A product of one kind before a mix of several ("Desi Tomatoes" before "Tomato Soup Mix" for "tamatar").
        const found = { score: score / this.catalogue.products.get(id)!.groupCount, relevance, display: name };
        if (!current || relevance < current.relevance) matches.set(id, current ? { ...found, score: found.score + current.score } : found);
        else current.score += found.score;
      }
    }
    // A grocery named in the description of another ("for aloo gobi" of the cauliflower) does not find it.
    if (named.size) {
      for (const [id, found] of matches) {
        const groups = found.relevance === Relevance.Description ? this.catalogue.products.get(id)!.groups : [];
        if (groups.length && !groups.some((group) => named.has(group))) matches.delete(id);
      }
    }
    // A word naming a category finds the whole category, after the products that have the word.
    for (const category of this.categoryWords.categoriesOf(word)) {
      for (const id of this.catalogue.byCategory.get(category) ?? []) {
        if (!matches.has(id)) matches.set(id, { score: 0, relevance: Relevance.Description, display: word, byCategory: true });
      }
    }
    // A word some product has as such finds no typo look-alikes ("kanda" is onion, not "anda" the egg).
    if (exactly) for (const [id, found] of matches) if (found.relevance === Relevance.Fuzzy) matches.delete(id);
    return matches;
  }

  /** How a product matched a word in its own fields (name, search words, description). */
  private classify(score: number, matches: TermFields[], word: string, stem: string, known: boolean): WordMatch {
    let relevance: RelevanceLevel = Relevance.Description;
    let display = word;
    for (const match of matches)
      for (const term in match) {
        const fields = match[term];
        const exact = term === word || term === stem;
        for (const field of fields) {
          let level: RelevanceLevel;
          let shown: string;
          if (field === 'name' || field === 'words') {
            const asTyped = exact || term.startsWith(word);
            level = asTyped ? Relevance.Word : Relevance.Fuzzy;
            // A word found only through its stem or a typo reads as the catalogue's word ("tomatos" → "tomatoes").
            shown = asTyped && (known || !exact) ? word : (this.catalogue.display.get(term) ?? word);
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
}
