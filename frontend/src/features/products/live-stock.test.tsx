import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aProduct } from '@/test/data';
import { renderWithApp } from '@/test/render';
import { server } from '@/test/server';

describe('an open product page follows stock', () => {
  it('shows a change of what is left within about a second, with no reload', async () => {
    let stock = 3;
    let asked = 0;
    server.use(
      http.get('/api/session', () => HttpResponse.json({ success: true, shopper: null, seller: false })),
      http.get('/api/products', () => HttpResponse.json({ success: true, products: [], page: 1, limit: 20, total: 0, totalPages: 0 })),
      http.get('/api/products/:id', () => {
        asked++;
        return HttpResponse.json({ success: true, product: aProduct({ _id: 'product-1', name: 'Fresh Apples', stock, inStock: stock > 0 }) });
      }),
    );
    renderWithApp('/products/fruits/product-1');
    expect(await screen.findByTestId('few-left')).toHaveTextContent('Only 3 left');

    const before = asked;
    stock = 0;
    // The page asks again by itself (every second): the next answer is shown.
    expect(await screen.findByText(/Sold out — check back soon/, undefined, { timeout: 3000 })).toBeInTheDocument();
    expect(asked).toBeGreaterThan(before);
  });
});
