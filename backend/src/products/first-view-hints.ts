import type { Catalogue } from './catalogue';
import type { ProductView } from './view';

/** The storefront's page size (frontend/src/features/products/api/get-products.ts PAGE_SIZE). */
const STOREFRONT_PAGE_SIZE = 20;
/** Cards on a phone's first screen of /products: two rows of two at 390 px; their pictures are asked for at once. */
const FIRST_SCREEN_CARDS = 2;
const PRODUCT_PAGE = /^\/products\/[^/]+\/([0-9a-f]{24})\/?$/i;
/** The catalogue's pages: /products, a category, a product (frontend/src/app/router.tsx). */
const CATALOGUE_PAGE = /^\/products(\/[^/]+){0,2}\/?$/;
/** The HTML never waits longer than this for the catalogue (only possible while it loads at start-up). */
const WAIT_MS = 150;

const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const preloadData = (href: string) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${attribute(href)}">`;
const preloadModule = (href: string) => `<link rel="modulepreload" crossorigin href="${attribute(href)}">`;
const preloadImage = (href: string) => `<link rel="preload" as="image" fetchpriority="high" href="${attribute(href)}">`;
/** As frontend/src/lib/product-urls.ts thumbnailOf: our stored images have a small version at `<url>/thumb`. */
const thumbnailOf = (url: string) => (/^\/api\/images\/[^/]+$/.test(url) ? `${url}/thumb` : url);
/** Only pictures of this shop are worth asking for early (another host would need its own connection first). */
const ownImage = (url: string | undefined): url is string => typeof url === 'string' && url.startsWith('/api/');

/**
 * What the storefront's first page will ask for, as `<link rel="preload">` tags for index.html: the
 * catalogue pages' scripts, the product page's product and picture, the catalogue's first page and its
 * first pictures. The app asks
 * for exactly these URLs at start-up (app/start-up.ts), and the browser hands it what is on its way
 * instead of asking again once the code has arrived: the largest picture of the page starts loading
 * with the code rather than after it. Other pages get nothing (the first page's own code and data
 * are asked for by start-up.ts as before).
 */
export async function firstViewHints(catalogue: Catalogue, views: FirstViews, path: string, query: Record<string, unknown>): Promise<string> {
  const modules = CATALOGUE_PAGE.test(path) ? (views.products ?? []).map(preloadModule).join('') : '';
  return modules + (await firstData(catalogue, path, query));
}

/** The storefront build's `.vite/first-views.json` (frontend/vite.config.ts firstViews): each page's scripts beyond index.html's. */
export interface FirstViews {
  products?: string[];
}

async function firstData(catalogue: Catalogue, path: string, query: Record<string, unknown>): Promise<string> {
  const product = PRODUCT_PAGE.exec(path);
  if (product) {
    const view = await within(catalogue.get(product[1].toLowerCase()));
    if (!view) return '';
    const image = view.image[0];
    return [preloadData(`/api/products/${product[1]}`), ...(ownImage(image) ? [preloadImage(image)] : [])].join('');
  }
  if (/^\/products\/?$/.test(path) && Object.keys(query).length === 0) {
    const page = await within(catalogue.page({ page: 1, limit: STOREFRONT_PAGE_SIZE }));
    if (!page) return '';
    const { products } = JSON.parse(page.identity.toString()) as { products: ProductView[] };
    const pictures = products
      .slice(0, FIRST_SCREEN_CARDS)
      .map((p) => p.image[0])
      .filter(ownImage)
      .map(thumbnailOf);
    return [preloadData(`/api/products?page=1&limit=${STOREFRONT_PAGE_SIZE}`), ...pictures.map(preloadImage)].join('');
  }
  return '';
}

/** The answer, or undefined when it fails or takes longer than WAIT_MS. */
async function within<T>(work: Promise<T>): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), WAIT_MS)));
  try {
    return await Promise.race([work.catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
  }
}
