import { remember } from '@/lib/remember';
export { useAddProduct } from './api/add-product';
export { useChangeStock } from './api/change-stock';
export { useSellerStock } from './api/get-seller-stock';
export { useSetStockCount } from './api/set-stock-count';
export { invalidateProducts as invalidateProductQueries } from './api/product-cache';
export { useDeleteProduct } from './api/delete-product';
export { getInfiniteProductsQueryOptions, useInfiniteProducts, useNewestProducts, useProducts } from './api/get-products';
export { useUpdateProduct } from './api/update-product';
export { BestSellers } from './components/best-sellers';
export { categoryText } from './categories';
export { CategoryTiles } from './components/category-tiles';
export { prefetchBestSellers, prefetchProduct, prefetchProductList } from './first-view';
/** The catalogue pages load with their routes (one chunk, they share the grid); start-up asks first. */
export const loadProductPages = remember(() => import('./routes/pages'));
export type { Product } from './types';
export { getProductQueryOptions } from './api/get-product';
