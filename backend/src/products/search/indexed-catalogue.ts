import { ProductCodes } from './product-codes';
import type { SynonymGroups } from './synonym-groups';
import { indexTermsOf, stemOf, wordsOf } from './search-text';
import { sizesOf, type Quantity } from './sizes';
import type { IndexedProduct } from './search-ranking';
import { buyable, type SearchableProduct } from './search-answer';

/** What a product is indexed from besides its availability. */
export const textOf = (p: SearchableProduct) =>
  JSON.stringify([
    p.name,
    p.description,
    p.category,
    p.searchWords ?? null,
    p.weight ?? null,
    p.variants?.map((v) => [v._id, v.label, v.sku ?? null, v.barcode ?? null]) ?? null,
    p.createdAt,
  ]);

/**
 * What the search index knows of each product besides MiniSearch's terms: the product as ranked, the words of the
 * catalogue (how index terms read, how many products use each word), the products of each category and synonym group,
 * and SKUs and barcodes. Made anew when the index is rebuilt.
 */
export class IndexedCatalogue {
  readonly products = new Map<string, IndexedProduct>();
  /** Index term → the word people read for it ("banana" → "bananas", "cornflakes" → "corn flakes"). */
  readonly display = new Map<string, string>();
  /** Words of the catalogue as typed, with the number of products using each. */
  readonly vocabulary = new Map<string, number>();
  /** Product ids by category, for words that name a category ("sabzi"). */
  readonly byCategory = new Map<string, Set<string>>();
  /** Product ids by synonym group. */
  readonly byGroup = new Map<number, Set<string>>();
  /** SKUs and barcodes typed exactly (issue 38). */
  readonly codes = new ProductCodes();

  constructor(private readonly synonyms: SynonymGroups) {}

  /** Remembers the product and gives the document MiniSearch indexes. */
  add(product: SearchableProduct): Record<string, string> {
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
      inStock: buyable(product),
      createdAt: new Date(product.createdAt).getTime(),
      nameText: nameWords.join(' '),
      nameStems: nameWords.map(stemOf).join(' '),
      nameJoined: nameWords.join(''),
      lowerName: product.name.toLowerCase(),
      groupCount: groups.size,
      groups: [...groups],
      category: product.category,
      words,
      ...indexedSizes(product),
      text: textOf(product),
    });
    for (const group of groups) {
      const members = this.byGroup.get(group);
      if (members) members.add(product._id);
      else this.byGroup.set(group, new Set([product._id]));
    }
    const inCategory = this.byCategory.get(product.category);
    if (inCategory) inCategory.add(product._id);
    else this.byCategory.set(product.category, new Set([product._id]));
    this.codes.put(product);
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

  /** Forgets a product; false when it was not known. */
  remove(id: string): boolean {
    const known = this.products.get(id);
    if (!known) return false;
    this.products.delete(id);
    this.codes.drop(id);
    this.byCategory.get(known.category)?.delete(id);
    for (const group of known.groups) this.byGroup.get(group)?.delete(id);
    for (const word of known.words) {
      const count = (this.vocabulary.get(word) ?? 1) - 1;
      if (count > 0) this.vocabulary.set(word, count);
      else this.vocabulary.delete(word);
    }
    return true;
  }
}

/** Its sizes to search by: each pack size's label (a product with several), then its weight and name. */
function indexedSizes(product: SearchableProduct): { sizes: Quantity[][]; sizeVariants: (string | undefined)[] } {
  const packs =
    (product.variants?.length ?? 0) > 1 ? product.variants!.map((v) => ({ label: v.label as string | undefined, variant: v._id as string | undefined })) : [];
  const labelled = [...packs, { label: product.weight, variant: undefined }, { label: product.name, variant: undefined }];
  const found = labelled.flatMap((entry) => sizesOf([entry.label]).map((quantities) => ({ quantities, variant: entry.variant })));
  return { sizes: found.map((f) => f.quantities), sizeVariants: found.map((f) => f.variant) };
}
