import type { QueryClient } from '@tanstack/react-query';
import { cartKeys } from '@/features/cart';
import type { Product } from '../types';
import { productKeys } from './keys';

function isProduct(value: unknown): value is Product {
  return Boolean(value) && typeof value === 'object' && typeof (value as Product)._id === 'string' && Array.isArray((value as Product).image);
}

/**
 * `data` of any product query (one product, a list, a page, pages of an infinite list)
 * with one product changed; the same object when that product is not in it.
 */
export function patchProductInData<T>(data: T, id: string, patch: Partial<Product> | ((product: Product) => Partial<Product>)): T {
  if (Array.isArray(data)) {
    let changed = false;
    const next = data.map((item) => {
      const patched = patchProductInData(item, id, patch);
      if (patched !== item) changed = true;
      return patched;
    });
    return (changed ? next : data) as T;
  }
  if (isProduct(data)) return (data._id === id ? { ...data, ...(typeof patch === 'function' ? patch(data) : patch) } : data) as T;
  if (data && typeof data === 'object') {
    const record = data as Record<string, unknown>;
    if (Array.isArray(record.products)) {
      const products = patchProductInData(record.products, id, patch);
      return (products === record.products ? data : { ...record, products }) as T;
    }
    if (Array.isArray(record.pages)) {
      const pages = patchProductInData(record.pages, id, patch);
      return (pages === record.pages ? data : { ...record, pages }) as T;
    }
  }
  return data;
}

/** Product queries are under `productKeys.all`; the cart page keeps its own copy of its products. */
export const PRODUCT_QUERY_ROOTS = [productKeys.all, cartKeys.all] as const;

/** After any change to the catalogue: reload every list, page and detail that may show it. */
export function invalidateProducts(queryClient: QueryClient): Promise<void> {
  return Promise.all(PRODUCT_QUERY_ROOTS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);
}
