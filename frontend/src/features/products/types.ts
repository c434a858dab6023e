import type { ProductPageResponse, ProductView } from '@greencart/domain';

export type Product = ProductView;
export type ProductPage = ProductPageResponse;

export interface ProductFilters {
  search?: string;
  category?: string;
  inStock?: boolean;
  ids?: string[];
  limit?: number;
}
