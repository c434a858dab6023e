export { offerKeys } from './api/keys';
export { appliedCouponStore, couponInCart, isCouponRefusal, useAppliedCoupon, type AppliedCoupon, type CouponInCart } from './applied-coupon';
export { CartCoupons } from './components/cart-coupons';
/** The seller's coupons page loads with its route. */
export const loadSellerCouponsPage = () => import('./routes/seller-coupons');
