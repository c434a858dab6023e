export { cartKeys } from './api/keys';
export { takeOrderedLines } from './api/cart-cache';
/** Only a signed-in shopper's pages keep the cart in step with other tabs: its code loads then (not in the first download). */
export const loadCartSync = () => import('./components/cart-sync');
export type { CartSummary } from './cart-summary';
export { orderableLines } from './cart-summary';
export { AddToCartControl } from './components/add-to-cart-control';
export { CartView } from './components/cart-view';
export { GuestCartAdoption } from './components/guest-cart-adoption';
export { PhoneCartBar } from './components/phone-cart-bar';
export { useCartCount } from './cart-items';
export { useCart, type Cart } from './use-cart';
