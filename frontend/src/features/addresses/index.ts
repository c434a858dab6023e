export { useAddresses } from './api/get-addresses';
/** The address pages load with the route that shows them. */
export const loadAddressPages = () => import('./routes/add-address');
export { formatAddressLine, type Address } from './types';
