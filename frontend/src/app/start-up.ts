import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router-dom';
import { getSessionQueryOptions } from '@/features/auth';
import { loadHomeSections } from '@/features/home';
import { loadProductPages, prefetchBestSellers, prefetchProduct, prefetchProductList } from '@/features/products';

/**
 * The catalogue pages (routes as in router.tsx): what the first one shown needs, its code and its data,
 * is asked for at once and in parallel, instead of code, then render, then data.
 */
const FIRST_VIEWS: readonly {
  path: string;
  start: (queryClient: QueryClient, params: Record<string, string | undefined>, search: URLSearchParams) => Promise<unknown> | void;
}[] = [
  {
    path: '/',
    start: (queryClient) => {
      void loadHomeSections();
      prefetchBestSellers(queryClient);
    },
  },
  {
    path: '/products',
    start: (queryClient, _params, search) => {
      prefetchProductList(queryClient, { search: search.get('search')?.trim() || undefined });
      return loadProductPages();
    },
  },
  // Only the code: whether the category exists (or the page is "not found") is the page's to say.
  { path: '/products/:category', start: () => loadProductPages() },
  {
    path: '/products/:category/:id',
    start: (queryClient, { id = '' }) => {
      prefetchProduct(queryClient, id);
      return loadProductPages();
    },
  },
];

/**
 * At start: one session check for the whole page (shopper and seller, GET /api/session; signed out
 * is a normal 200 answer, so nothing is logged), and the first page's code and data. The catalogue
 * is asked for only by the pages that show it. Answers the catalogue page's code on its way, if any.
 */
export function startUp(queryClient: QueryClient, { pathname, search }: Pick<Location, 'pathname' | 'search'> = window.location): Promise<unknown> | void {
  void queryClient.prefetchQuery(getSessionQueryOptions());
  for (const view of FIRST_VIEWS) {
    const match = matchPath(view.path, pathname);
    if (match) return view.start(queryClient, match.params, new URLSearchParams(search));
  }
}
