export { cartKeys } from './api/keys';
export { clearCartAfterOrder } from './api/cart-cache';
export type { CartSummary } from './cart-summary';
export { orderableLines } from './cart-summary';
export { AddToCartControl } from './components/add-to-cart-control';
export { CartView } from './components/cart-view';
export { GuestCartAdoption } from './components/guest-cart-adoption';
export { useCart } from './use-cart';
