export { staffKeys } from './api/keys';
export { getSellerAccountQueryOptions, useSellerAccount, useSellerMay } from './api/get-seller-account';
export { homeOf, roleMayOpen } from './seller-paths';
export { NotAllowedForRole } from './routes/not-allowed';
export { InviteRoute } from './routes/invite';
/** The owner's Staff and Activity pages load with their routes. */
export const loadStaffPages = () => import('./staff-pages');
