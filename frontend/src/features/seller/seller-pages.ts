/** The seller area, loaded as one chunk of its own (see loadSellerPages). */
export { SellerApp } from './seller-app';
