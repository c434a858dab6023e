export interface Category {
  /** The category key stored on products; links use it lowercased. */
  path: string;
  text: string;
  /** Tile background colour. */
  bgColor: string;
}

/** The seven categories of the shop (spec §2), in display order. */
export const CATEGORIES: readonly Category[] = [
  { path: 'Vegetables', text: 'Organic veggies', bgColor: '#FEF6DA' },
  { path: 'Fruits', text: 'Fresh Fruits', bgColor: '#FEE0E0' },
  { path: 'Drinks', text: 'Cold Drinks', bgColor: '#F0F5DE' },
  { path: 'Instant', text: 'Instant Food', bgColor: '#E1F5EC' },
  { path: 'Dairy', text: 'Dairy Products', bgColor: '#FEE6CD' },
  { path: 'Bakery', text: 'Bakery & Breads', bgColor: '#E0F6FE' },
  { path: 'Grains', text: 'Grains & Cereals', bgColor: '#F1E3F9' },
];

export function categoryLink(category: Pick<Category, 'path'>): string {
  return `/products/${category.path.toLowerCase()}`;
}

/** The category whose path matches the route value, ignoring case. */
export function findCategory(value: string | undefined): Category | undefined {
  if (!value) return undefined;
  const wanted = value.toLowerCase();
  return CATEGORIES.find((category) => category.path.toLowerCase() === wanted);
}
