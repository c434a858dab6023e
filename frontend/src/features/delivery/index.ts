export { getDeliveryCheckQueryOptions, useDeliveryCheck } from './api/get-delivery-check';
export { DeliveryLine } from './components/delivery-line';
export { pincodeStore, useStoredPincode } from './pincode-store';
/** The seller's delivery settings page loads with its route. */
export const loadSellerDeliveryPage = () => import('./routes/seller-delivery');
