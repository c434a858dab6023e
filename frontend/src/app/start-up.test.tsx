import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getSessionQueryOptions } from '@/features/auth';
import { createQueryClient } from '@/lib/query-client';
import { aProduct } from '@/test/data';
import { server } from '@/test/server';
import { startUp } from './start-up';

const potatoes = aProduct({ _id: 'product-7', name: 'Fresh Potatoes', category: 'Vegetables' });

/** Every API request the start-up makes, as "path?query". */
function recordRequests() {
  const asked: string[] = [];
  const record = (request: Request) => {
    const url = new URL(request.url);
    asked.push(url.pathname + url.search);
  };
  server.use(
    http.get('/api/session', ({ request }) => {
      record(request);
      return HttpResponse.json({ success: true, shopper: null, seller: false });
    }),
    http.get('/api/products', ({ request }) => {
      record(request);
      return HttpResponse.json({ success: true, products: [potatoes], page: 1, limit: 20, total: 1, totalPages: 1 });
    }),
    http.get('/api/products/:id', ({ request }) => {
      record(request);
      return HttpResponse.json({ success: true, product: potatoes });
    }),
  );
  return asked;
}

describe('start-up', () => {
  it('asks for the searched page of all products', async () => {
    const asked = recordRequests();
    startUp(createQueryClient(), { pathname: '/products', search: '?search=potato' });
    await waitFor(() => expect(asked).toContain('/api/products?search=potato&page=1&limit=20'));
  });

  it("asks for a product and answers the catalogue pages' code, for the first frame to wait for", async () => {
    const asked = recordRequests();
    const code = startUp(createQueryClient(), { pathname: '/products/vegetables/product-7', search: '' });
    expect(await code).toHaveProperty('ProductDetailRoute');
    await waitFor(() => expect(asked.filter((path) => path.startsWith('/api/products'))).toEqual(['/api/products/product-7']));
  });

  it('answers no code to wait for outside the catalogue pages', () => {
    recordRequests();
    expect(startUp(createQueryClient(), { pathname: '/', search: '' })).toBeUndefined();
    expect(startUp(createQueryClient(), { pathname: '/cart', search: '' })).toBeUndefined();
  });

  it.each(['/contact', '/products/nonsense'])(
    'asks only for the session on %s (a category page asks for its products once it knows the category)',
    async (pathname) => {
      const asked = recordRequests();
      const queryClient = createQueryClient();
      // Everything the start-up began has finished: its code, if any, and every request of the client.
      await startUp(queryClient, { pathname, search: '' });
      await waitFor(() => expect(asked).toContain('/api/session'));
      await waitFor(() => expect(queryClient.isFetching()).toBe(0));
      expect(asked).toEqual(['/api/session']);
      expect(
        queryClient
          .getQueryCache()
          .getAll()
          .map((query) => query.queryKey),
      ).toEqual([getSessionQueryOptions().queryKey]);
    },
  );

  it('asks for the session and, on the home page, for its best sellers', async () => {
    const asked = recordRequests();
    startUp(createQueryClient(), { pathname: '/', search: '' });
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked).toEqual(expect.arrayContaining(['/api/session', '/api/products?inStock=true&page=1&limit=5']));
  });
});
