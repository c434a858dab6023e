export { cartKeys } from './api/keys';
export { getCartProductsQueryOptions } from './api/get-cart-products';
export { takeOrderedLines } from './api/cart-cache';
/** Only a signed-in shopper's pages keep the cart in step with other tabs: its code loads then (not in the first download). */
export const loadCartSync = () => import('./components/cart-sync');
export type { CartSummary } from './cart-summary';
export { orderableLines, orderItemOf, pricedLinesOf } from './cart-summary';
export { AddToCartControl } from './components/add-to-cart-control';
export { CartView } from './components/cart-view';
/** Folds a guest cart into the account once a shopper is signed in: loads with the first signed-in page. */
export const loadGuestCartAdoption = () => import('./components/guest-cart-adoption');
/** The phone's bottom cart bar shows once something is in the cart: its code loads then. */
export const loadPhoneCartBar = () => import('./components/phone-cart-bar');
export { useCartCount } from './cart-items';
export { useCart, type Cart } from './use-cart';
