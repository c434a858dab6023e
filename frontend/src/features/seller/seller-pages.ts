/** The seller area's pages, loaded as one chunk of their own (see loadSellerPages). */
export { AddProductRoute } from './routes/add-product';
export { SellerChatsRoute } from './routes/chats';
export { SellerMailRoute } from './routes/mail';
export { SellerOrdersRoute } from './routes/orders';
export { ProductListRoute } from './routes/product-list';
export { SellerNotFoundRoute } from './routes/seller-not-found';
export { SellerRoot } from './routes/seller-root';
