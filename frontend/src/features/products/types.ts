export interface Product {
  _id: string;
  name: string;
  description: string[];
  category: string;
  /** Rupees, at most 2 decimals. */
  price: number;
  /** Rupees, at most 2 decimals. */
  offerPrice: number;
  /** URLs like /api/images/<id>; `<url>/thumb` is a small version for cards. */
  image: string[];
  inStock: boolean;
  weight?: string;
  createdAt: string;
  updatedAt: string;
}

export interface ProductPage {
  success: true;
  products: Product[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}

export interface ProductFilters {
  search?: string;
  category?: string;
  inStock?: boolean;
  ids?: string[];
  limit?: number;
}

export function productPath(product: Pick<Product, '_id' | 'category'>): string {
  return `/products/${encodeURIComponent(product.category.toLowerCase())}/${product._id}`;
}

export function thumbnailUrl(product: Pick<Product, 'image'>): string | undefined {
  const first = product.image[0];
  return first ? `${first}/thumb` : undefined;
}
