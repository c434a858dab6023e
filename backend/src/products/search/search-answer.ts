/** What the index needs of a product. */
export interface SearchableProduct {
  _id: string;
  name: string;
  description: readonly string[];
  category: string;
  searchWords?: readonly string[];
  /** Its size as labelled ("5 kg", "1 L", "6 pcs"): a query's size ranks the products of that size first. */
  weight?: string;
  inStock: boolean;
  /** Its pack sizes (issue 37): a query's size finds the pack of that size, and the product is in stock while one is. */
  variants?: readonly { _id: string; label: string; inStock: boolean; sku?: string; barcode?: string }[];
  createdAt: Date | string;
}

/** Whether a shopper can buy some size of it. */
export const buyable = (product: SearchableProduct): boolean => (product.variants?.length ? product.variants.some((v) => v.inStock) : product.inStock);

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
  /** A word is a brand the product is not of, and the product is of a kind the brand sells ("amul" → butter). */
  Brand: 5,
  /** A word is only in the description or the category's words. */
  Description: 6,
  /** Only the old rule finds it: the query is part of the name ("ato" in "Tomatoes"). */
  NameContains: 7,
} as const;
export type RelevanceLevel = (typeof Relevance)[keyof typeof Relevance];

/** How one word of a query matched one product. */
export interface WordMatch {
  score: number;
  relevance: RelevanceLevel;
  /** The word as understood ("onion" for "pyaz", "bananas" for "bananna"); "" when the word before covers it. */
  display: string;
  /** Found as a kind its brand sells, not by the brand itself: the brand is a word the answer leaves out. */
  byBrand?: true;
  /** Found because the word names the product's category ("sabzi"). */
  byCategory?: true;
}

export interface SearchAnswer {
  /** Product ids, best answer first. */
  ids: string[];
  /** The query as understood, when that differs from what was typed ("tomato" for "tamatar"). */
  correctedQuery?: string;
  /** Words of the query the answers leave out: a brand the shop does not carry, a word it does not know ("amul" of "amul butter"). */
  droppedWords?: string[];
  /** The pack size the query asked for, per product with several sizes ("atta 5kg" → its 5 kg pack); absent when none. */
  packSizes?: Record<string, string>;
}

/** What GET /api/products adds to a page for a search: `,"correctedQuery":…,"droppedWords":[…]` (nothing when understood as typed). */
export function searchInfoJson(answer: SearchAnswer | undefined, shownIds: readonly string[] = []): string {
  if (!answer) return '';
  const corrected = answer.correctedQuery === undefined ? '' : `,"correctedQuery":${JSON.stringify(answer.correctedQuery)}`;
  const dropped = answer.droppedWords?.length ? `,"droppedWords":${JSON.stringify(answer.droppedWords)}` : '';
  // The sizes asked for, of the products on this page only.
  const sizes = answer.packSizes ? shownIds.filter((id) => answer.packSizes![id]).map((id) => [id, answer.packSizes![id]]) : [];
  const packSizes = sizes.length ? `,"packSizes":${JSON.stringify(Object.fromEntries(sizes))}` : '';
  return corrected + dropped + packSizes;
}
