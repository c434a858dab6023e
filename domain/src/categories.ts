/** The seven categories (spec §2): `path` is the key stored on products, `text` what people read. */
export const CATEGORIES = [
  { path: 'Vegetables', text: 'Organic veggies' },
  { path: 'Fruits', text: 'Fresh Fruits' },
  { path: 'Drinks', text: 'Cold Drinks' },
  { path: 'Instant', text: 'Instant Food' },
  { path: 'Dairy', text: 'Dairy Products' },
  { path: 'Bakery', text: 'Bakery & Breads' },
  { path: 'Grains', text: 'Grains & Cereals' },
] as const;

export type ProductCategory = (typeof CATEGORIES)[number]['path'];

/** The seven category keys, in display order. */
export const PRODUCT_CATEGORIES: readonly ProductCategory[] = CATEGORIES.map((category) => category.path);

export function isProductCategory(value: unknown): value is ProductCategory {
  return typeof value === 'string' && (PRODUCT_CATEGORIES as readonly string[]).includes(value);
}

/**
 * The categories whose key contains `text`, ignoring case: the spec's "category contains" filter.
 * Every stored category is one of the seven keys, so matching the keys gives the same result as a
 * case-insensitive regex on each product.
 */
export function categoriesContaining(text: string): ProductCategory[] {
  const needle = text.toLowerCase();
  return PRODUCT_CATEGORIES.filter((category) => category.toLowerCase().includes(needle));
}
