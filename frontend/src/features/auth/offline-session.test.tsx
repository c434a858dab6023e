import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aProduct, aUser } from '@/test/data';
import { renderWithApp } from '@/test/render';
import { server } from '@/test/server';
import { sessionStatus } from './api/get-session';

/** The browser's connection as the page sees it: navigator.onLine and its event. */
function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

const apples = aProduct({ _id: 'product-1', name: 'Fresh Apples', offerPrice: 100 });
const pears = aProduct({ _id: 'product-2', name: 'Green Pears', offerPrice: 80 });

describe('a session that cannot be read', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    onlineManager.setOnline(true);
  });

  it('sessionStatus: checking before the first answer, unknown after a failure with nothing known, known once answered', () => {
    expect(sessionStatus({ data: undefined, isError: false, errorUpdateCount: 0 })).toBe('checking');
    expect(sessionStatus({ data: undefined, isError: true, errorUpdateCount: 1 })).toBe('unknown');
    // Asked again after a failure: unknown until it answers (pages waiting for it stay as they are).
    expect(sessionStatus({ data: undefined, isError: false, errorUpdateCount: 1 })).toBe('unknown');
    // A failed re-check keeps what was known.
    expect(sessionStatus({ data: { shopper: null }, isError: true, errorUpdateCount: 1 })).toBe('known');
  });

  it('offline: neither "Login" nor the account\'s cart; an item added goes to the guest cart; back online the shopper is signed in without a reload and the item is saved to the account', async () => {
    let reachable = false;
    const merged: unknown[] = [];
    server.use(
      http.get('/api/session', () =>
        reachable ? HttpResponse.json({ success: true, shopper: aUser({ cartItems: { 'product-2': 2 } }), seller: false }) : HttpResponse.error(),
      ),
      http.get('/api/products', () => HttpResponse.json({ success: true, products: [apples, pears], page: 1, limit: 20, total: 2, totalPages: 1 })),
      http.get('/api/Address/get', () => HttpResponse.json({ success: true, address: [] })),
      http.post('/api/cart/merge', async ({ request }) => {
        const { cartItems } = (await request.json()) as { cartItems: Record<string, number> };
        merged.push(cartItems);
        return HttpResponse.json({ success: true, cartItems: { 'product-2': 2, ...cartItems } });
      }),
    );
    setOnline(false);
    onlineManager.setOnline(false);
    const { user } = renderWithApp('/products');

    expect(await screen.findByTestId('session-unknown')).toHaveTextContent('Offline — we’ll check your sign-in when you’re back');
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Add Fresh Apples to cart' }));
    await waitFor(() => expect(screen.getByTestId('cart-count')).toHaveTextContent('1'));

    reachable = true;
    setOnline(true);
    // Signed in again with no reload, and the apple added offline is in the account's cart.
    await waitFor(() => expect(screen.queryByTestId('session-unknown')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    await waitFor(() => expect(merged).toEqual([{ 'product-1': 1 }]));
    await waitFor(() => expect(screen.getByTestId('cart-count')).toHaveTextContent('3'));
  });

  it('a server that answers "signed out" is signed out: Login shows', async () => {
    server.use(http.get('/api/session', () => HttpResponse.json({ success: true, shopper: null, seller: false })));
    renderWithApp('/contact');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByTestId('session-unknown')).not.toBeInTheDocument();
  });
});

describe('a product page offline', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    onlineManager.setOnline(true);
  });

  it('shows a product never opened from the catalogue list in memory when its own request fails', async () => {
    server.use(
      http.get('/api/session', () => HttpResponse.json({ success: true, shopper: null, seller: false })),
      http.get('/api/products', () => HttpResponse.json({ success: true, products: [apples, pears], page: 1, limit: 20, total: 2, totalPages: 1 })),
      http.get('/api/products/:id', () => HttpResponse.error()),
    );
    const { user } = renderWithApp('/products');
    await screen.findAllByText('Green Pears');
    await user.click(screen.getAllByText('Green Pears')[0]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Green Pears' })).toBeInTheDocument();
    expect(screen.queryByText('Loading product…')).not.toBeInTheDocument();
    // No pincode given: no promise of free delivery.
    expect(screen.getByTestId('tax-note')).toHaveTextContent('+2% tax at checkout · delivery fee at checkout');
  });

  it('a 404 stays "Product not found" (only a network failure falls back)', async () => {
    server.use(
      http.get('/api/session', () => HttpResponse.json({ success: true, shopper: null, seller: false })),
      http.get('/api/products', () => HttpResponse.json({ success: true, products: [apples], page: 1, limit: 20, total: 1, totalPages: 1 })),
      http.get('/api/products/:id', () => HttpResponse.json({ success: false, message: 'Product not found' }, { status: 404 })),
    );
    renderWithApp('/products/fruits/product-1');
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
  });
});
