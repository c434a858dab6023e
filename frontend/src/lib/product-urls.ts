import type { ProductView } from '@greencart/domain';

/** The storefront page of a product: /products/<category>/<id>. */
export function productPath(product: Pick<ProductView, '_id' | 'category'>): string {
  return `/products/${encodeURIComponent(product.category.toLowerCase())}/${product._id}`;
}

/** Our stored images have a small version at `<url>/thumb`; other URLs are used as they are. */
export function thumbnailOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  return /^\/api\/images\/[^/]+$/.test(url) ? `${url}/thumb` : url;
}

/** The small version of a product's first picture, for cards and lists. */
export function thumbnailUrl(product: Pick<ProductView, 'image'>): string | undefined {
  return thumbnailOf(product.image[0]);
}
