/** The seller's coupons page loads with its route. */
export const loadSellerCouponsPage = () => import('./routes/seller-coupons');
