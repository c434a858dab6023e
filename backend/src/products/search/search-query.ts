import { GROCERY_BRANDS, type GroceryBrand } from '@greencart/domain';
import { normaliseText, queryWordsOf, wordsOf } from './search-text';
import { readQuantities, type Quantity } from './sizes';

/** Words of a query beyond this are ignored (a query is at most 100 characters). */
export const MAX_QUERY_WORDS = 8;

/** One place of a query: a word, or the words of a brand ("mother dairy"), that every answer should match. */
export interface QueryPart {
  /** As typed, normalised ("amul", "mother dairy", "30"). */
  text: string;
  words: string[];
  /** A brand: what it sells, each as its words (a product of those kinds answers the brand, below its own products). */
  sells?: readonly string[][];
  /** A number alone: read as a size too, so it is left out without a word when nothing has it ("eggs 30"). */
  optional: boolean;
}

/** A query read: its places, and the sizes it asks for ("atta 5kg" → atta, 5 kg). */
export interface ParsedQuery {
  parts: QueryPart[];
  sizes: Quantity[];
  /** The sizes as typed, to show with the query as understood ("butter 500g"). */
  sizeTexts: string[];
}

const NUMBER = /^\p{N}+$/u;

/** The brand list of the domain package, by first word, longest name first. */
export class BrandList {
  private readonly byFirst = new Map<string, { words: string[]; sells: string[][] }[]>();

  constructor(brands: readonly GroceryBrand[] = GROCERY_BRANDS) {
    for (const { brand, sells } of brands) {
      const words = wordsOf(brand);
      if (!words.length) continue;
      const kinds = sells.map(wordsOf).filter((kind) => kind.length);
      this.add(words, kinds);
      // "coca cola" is also typed "cocacola".
      if (words.length > 1) this.add([words.join('')], kinds);
    }
    for (const list of this.byFirst.values()) list.sort((a, b) => b.words.length - a.words.length);
  }

  get size(): number {
    let count = 0;
    for (const list of this.byFirst.values()) count += list.length;
    return count;
  }

  /** The brand whose words start at `words[at]`, if any (the longest). */
  at(words: readonly string[], at: number): { words: string[]; sells: string[][] } | undefined {
    return this.byFirst.get(words[at])?.find((brand) => brand.words.every((word, k) => words[at + k] === word));
  }

  private add(words: string[], sells: string[][]): void {
    const list = this.byFirst.get(words[0]);
    if (list) list.push({ words, sells });
    else this.byFirst.set(words[0], [{ words, sells }]);
  }
}

/**
 * Reads a typed query: sizes in any spacing ("5kg", "5 kg", "1 litre", "200 gm", "pack of 6", a bare
 * "30") come out as sizes (a bare number stays a word too: "7 up"); brands ("amul", "mother dairy")
 * become one place each; the other words one place each.
 */
export function parseQuery(query: string, brands: BrandList): ParsedQuery {
  const sizeTexts: string[] = [];
  const lower = normaliseText(query);
  const { quantities, rest } = readQuantities(lower, { bare: true, found: sizeTexts });
  const words = queryWordsOf(rest).slice(0, MAX_QUERY_WORDS);
  const parts: QueryPart[] = [];
  for (let i = 0; i < words.length;) {
    const brand = brands.at(words, i);
    if (brand) {
      parts.push({ text: brand.words.join(' '), words: words.slice(i, i + brand.words.length), sells: brand.sells, optional: false });
      i += brand.words.length;
    } else {
      parts.push({ text: words[i], words: [words[i]], optional: NUMBER.test(words[i]) });
      i++;
    }
  }
  return { parts, sizes: quantities, sizeTexts };
}

/**
 * Which places of a query the answers match when not every place can be (a word the shop does not
 * know, "amul" where it has no Amul): places nothing answers are left out, then the fewest others, the
 * numbers alone first, then brands, then earlier words (the last word is most often what is wanted:
 * "amul butter"). `matched[i]` holds the products answering place i. Returns the places kept and the
 * products answering all of them.
 */
export function placesToKeep(matched: readonly ReadonlyMap<string, unknown>[], parts: readonly QueryPart[]): { kept: number[]; ids: string[] } {
  const all = matched.map((_, i) => i);
  // A number alone is no query of its own ("eggs 30" where nothing is eggs finds nothing).
  const words = (kept: number[]) => kept.some((i) => !parts[i].optional);
  const ids = everywhere(matched, all);
  if (!words(all)) return { kept: [], ids: [] };
  if (ids.length) return { kept: all, ids };
  const known = all.filter((i) => matched[i].size > 0);
  const cost = (i: number) => (parts[i].optional ? 0 : parts[i].sells ? 1 : 2 + i / (matched.length + 1));
  let best: { kept: number[]; ids: string[]; cost: number } | undefined;
  // Every subset of the known places (a query has at most 8), most places kept first, then the cheapest to drop.
  for (let mask = (1 << known.length) - 1; mask > 0; mask--) {
    const kept = known.filter((_, k) => mask & (1 << k));
    if ((best && kept.length < best.kept.length) || !words(kept)) continue;
    const dropped = known.filter((_, k) => !(mask & (1 << k))).reduce((sum, i) => sum + cost(i), 0);
    if (best && kept.length === best.kept.length && dropped >= best.cost) continue;
    const found = everywhere(matched, kept);
    if (found.length) best = { kept, ids: found, cost: dropped };
  }
  return best ? { kept: best.kept, ids: best.ids } : { kept: [], ids: [] };
}

/** Ids that answer every place in `places`. */
export function everywhere(matched: readonly ReadonlyMap<string, unknown>[], places: readonly number[]): string[] {
  if (!places.length) return [];
  const [smallest, ...others] = places.map((i) => matched[i]).sort((a, b) => a.size - b.size);
  return [...smallest.keys()].filter((id) => others.every((matches) => matches.has(id)));
}
