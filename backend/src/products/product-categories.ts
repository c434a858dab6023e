/** The seven category keys (the spec's path values). Stored exactly like this on every product. */
export const PRODUCT_CATEGORIES = ['Vegetables', 'Fruits', 'Drinks', 'Instant', 'Dairy', 'Bakery', 'Grains'] as const;

export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/**
 * The categories whose key contains `text`, ignoring case: the spec's "category contains" filter.
 * Every stored category is one of the seven keys, so matching the keys gives the same result
 * as a case-insensitive regex on each product, without a regex and with the category index.
 */
export function categoriesContaining(text: string): ProductCategory[] {
  const needle = text.toLowerCase();
  return PRODUCT_CATEGORIES.filter((category) => category.toLowerCase().includes(needle));
}
