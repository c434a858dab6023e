import type { ProductView } from '@greencart/domain';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

function isProduct(value: unknown): value is ProductView {
  return Boolean(value) && typeof value === 'object' && typeof (value as ProductView)._id === 'string' && Array.isArray((value as ProductView).image);
}

/** Every product in `data` of a product query or catalogue answer (`product`, `products`, `productsdata`, `pages`, arrays of these). */
export function productsInData(data: unknown, found: Map<string, ProductView> = new Map()): Map<string, ProductView> {
  if (Array.isArray(data)) {
    for (const item of data) productsInData(item, found);
  } else if (isProduct(data)) {
    if (!found.has(data._id)) found.set(data._id, data);
  } else if (data && typeof data === 'object') {
    const record = data as Record<string, unknown>;
    for (const key of ['product', 'products', 'productsdata', 'pages']) if (record[key] !== undefined) productsInData(record[key], found);
  }
  return found;
}

/** The service worker's copy of the catalogue answers it saw (service-worker/sw.ts: LAST_SEEN, LAST_SEEN_READS). */
const LAST_SEEN_CACHE = 'greencart-last-seen';
const CATALOGUE_PATH = /^\/api\/(productList|products(\/[^/]+)?)$/;

/**
 * The products with these ids as this browser last saw them, for when their own request cannot reach the
 * server: first the queries in memory under `roots`, then the catalogue answers the service worker kept
 * (what an offline reload still has). Products not found are left out.
 */
export async function findCachedProducts(queryClient: QueryClient, roots: readonly QueryKey[], ids: readonly string[]): Promise<ProductView[]> {
  const wanted = new Set(ids);
  const found = new Map<string, ProductView>();
  const take = (data: unknown) => {
    for (const [id, product] of productsInData(data)) if (wanted.has(id) && !found.has(id)) found.set(id, product);
  };
  for (const queryKey of roots) for (const [, data] of queryClient.getQueriesData({ queryKey })) take(data);
  if (found.size < wanted.size && typeof caches !== 'undefined') {
    try {
      const cache = await caches.open(LAST_SEEN_CACHE);
      for (const request of await cache.keys()) {
        if (found.size === wanted.size) break;
        if (!CATALOGUE_PATH.test(new URL(request.url).pathname)) continue;
        take(await (await cache.match(request))?.json().catch(() => null));
      }
    } catch {
      // No cache storage (private mode): nothing kept.
    }
  }
  return ids.flatMap((id) => found.get(id) ?? []);
}
