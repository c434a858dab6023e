import { CATEGORIES, type ProductCategory } from '@greencart/domain';

type Category = (typeof CATEGORIES)[number];

/** Tile background colour of each category. */
export const CATEGORY_COLORS: Record<ProductCategory, string> = {
  Vegetables: '#FEF6DA',
  Fruits: '#FEE0E0',
  Drinks: '#F0F5DE',
  Instant: '#E1F5EC',
  Dairy: '#FEE6CD',
  Bakery: '#E0F6FE',
  Grains: '#F1E3F9',
};

/** Links use the category key lowercased: /products/fruits. */
export function categoryLink(category: { path: string }): string {
  return `/products/${category.path.toLowerCase()}`;
}

/** The category whose key matches the route value, ignoring case. */
export function findCategory(value: string | undefined): Category | undefined {
  if (!value) return undefined;
  const wanted = value.toLowerCase();
  return CATEGORIES.find((category) => category.path.toLowerCase() === wanted);
}

/** What people read for a category key: 'Vegetables' → 'Organic veggies' (the same text on tiles, cards and pages). */
export function categoryText(path: string): string {
  return findCategory(path)?.text ?? path;
}
