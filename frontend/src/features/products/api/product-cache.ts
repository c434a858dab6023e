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
export function patchProductInData<T>(data: T, id: string, patch: Partial<Product>): T {
  if (Array.isArray(data)) {
    let changed = false;
    const next = data.map((item) => {
      const patched = patchProductInData(item, id, patch);
      if (patched !== item) changed = true;
      return patched;
    });
    return (changed ? next : data) as T;
  }
  if (isProduct(data)) return (data._id === id ? { ...data, ...patch } : data) as T;
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

/** The product with this id in `data` of any product query or catalogue answer (`products`, `productsdata`, `pages`), if there. */
export function findProductInData(data: unknown, id: string): Product | undefined {
  if (Array.isArray(data)) {
    for (const item of data) {
      const found = findProductInData(item, id);
      if (found) return found;
    }
    return undefined;
  }
  if (isProduct(data)) return data._id === id ? data : undefined;
  if (data && typeof data === 'object') {
    const record = data as Record<string, unknown>;
    for (const key of ['product', 'products', 'productsdata', 'pages']) {
      if (record[key] !== undefined) {
        const found = findProductInData(record[key], id);
        if (found) return found;
      }
    }
  }
  return undefined;
}

/** The service worker's copy of the catalogue answers it saw (sw.ts: LAST_SEEN, CATALOGUE_READS). */
const LAST_SEEN_CACHE = 'greencart-last-seen';
const CATALOGUE_PATH = /^\/api\/(productList|products)$/;

/**
 * A product as this browser last saw it in a list, when its own request cannot reach the server:
 * first the product queries in memory, then the catalogue answers the service worker kept (after an offline reload).
 */
export async function findCachedProduct(queryClient: QueryClient, id: string): Promise<Product | undefined> {
  for (const [, data] of queryClient.getQueriesData({ queryKey: productKeys.all })) {
    const found = findProductInData(data, id);
    if (found) return found;
  }
  if (typeof caches === 'undefined') return undefined;
  try {
    const cache = await caches.open(LAST_SEEN_CACHE);
    for (const request of await cache.keys()) {
      if (!CATALOGUE_PATH.test(new URL(request.url).pathname)) continue;
      const found = findProductInData(await (await cache.match(request))?.json().catch(() => null), id);
      if (found) return found;
    }
  } catch {
    // No cache storage (private mode): nothing kept.
  }
  return undefined;
}
