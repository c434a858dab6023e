export { shopKeys } from './api/keys';
export { getShopTaxQueryOptions, useShopTax } from './api/get-shop';
