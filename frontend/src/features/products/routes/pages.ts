/** The catalogue's pages, loaded as one chunk (see loadProductPages). */
export { CategoryProductsRoute } from './category-products';
export { ProductDetailRoute } from './product-detail';
export { ProductsRoute } from './products';
