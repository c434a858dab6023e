import { matchingSize, type Quantity } from './sizes';
import { Relevance, type RelevanceLevel } from './search-answer';

/** A product as the index keeps it, and how the answers are put in order. */
export interface IndexedProduct {
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
  /** Its sizes (its weight, a size in its name), each as the quantities of its label. */
  sizes: Quantity[][];
  /** The pack size each of `sizes` is (undefined: its weight or name), for a product with several sizes. */
  sizeVariants: (string | undefined)[];
  /** What it was indexed from besides its availability: a change of stock alone indexes nothing again. */
  text: string;
}

/** A product in the answers, with what it is ranked by. */
export interface Ranked {
  product: IndexedProduct;
  /** Relevance, except that a query with a size ranks every product matching as well as by word alike before its size. */
  tier: number;
  /** 0 when its size is the size asked for. */
  size: number;
  relevance: number;
  inStock: number;
  score: number;
}

/** A size asked for ranks the products of that size first among those that match as well by name. */
export function rankedEntry(product: IndexedProduct, relevance: RelevanceLevel, score: number, sizes: readonly Quantity[]): Ranked {
  const tier = sizes.length && relevance <= Relevance.Word ? Relevance.Word : relevance;
  const size = sizes.length && matchingSize(sizes, product.sizes) >= 0 ? 0 : 1;
  return { product, tier, size, relevance, inStock: product.inStock ? 0 : 1, score };
}

/** Best first: by tier, size, relevance, in stock, score, then catalogue order. */
export function byRank(a: Ranked, b: Ranked): number {
  return (
    a.tier - b.tier ||
    a.size - b.size ||
    a.relevance - b.relevance ||
    a.inStock - b.inStock ||
    b.score - a.score ||
    a.product.createdAt - b.product.createdAt ||
    (a.product.id < b.product.id ? -1 : a.product.id > b.product.id ? 1 : 0)
  );
}
