export { useAddresses } from './api/get-addresses';
export { AddAddressRoute } from './routes/add-address';
export { formatAddressLine } from './types';
