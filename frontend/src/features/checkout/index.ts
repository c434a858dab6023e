/** The cart page (and checkout) loads with its route. */
export const loadCartPage = () => import('./routes/cart');
