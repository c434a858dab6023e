/** The seller pages are code-split from the storefront: shoppers never download them. */
export const loadSellerPages = () => import('./seller-pages');
