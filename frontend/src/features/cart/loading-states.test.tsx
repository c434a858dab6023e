import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aProduct, aUser } from '@/test/data';
import { renderWithApp } from '@/test/render';
import { server } from '@/test/server';

const apples = aProduct({ _id: 'product-1', name: 'Fresh Apples', offerPrice: 100 });

/** A gate a mocked answer waits at until the test opens it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/**
 * A signed-in shopper with 2 apples saved, whose session answers only when `releaseSession` (or
 * `release`, both) is called, and the products only when `releaseProducts` (or `release`) is.
 */
function slowSession() {
  const session = gate();
  const products = gate();
  server.use(
    http.get('/api/session', async () => {
      await session.opened;
      return HttpResponse.json({ success: true, shopper: aUser({ cartItems: { 'product-1': 2 } }), seller: false });
    }),
    http.get('/api/products', async () => {
      await products.opened;
      return HttpResponse.json({ success: true, products: [apples], page: 1, limit: 100, total: 1, totalPages: 1 });
    }),
    http.get('/api/Address/get', () => HttpResponse.json({ success: true, address: [] })),
    http.get('/api/payments/options', () =>
      HttpResponse.json({
        success: true,
        online: { available: false, reason: 'Not set up.' },
        checkoutUrl: 'https://checkout.test/v1/checkout.js',
        shop: { name: 'GreenCart', email: 'help@greencart.test', phone: '+91 90000 00000' },
      }),
    ),
  );
  const release = () => {
    session.open();
    products.open();
  };
  return { release, releaseSession: session.open, releaseProducts: products.open };
}

describe('loading states', () => {
  it('the cart shows a skeleton, never "No Items in cart", until the session and the products have answered', async () => {
    const { releaseSession, releaseProducts } = slowSession();
    renderWithApp('/cart');
    expect(await screen.findByTestId('cart-skeleton')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your cart…');
    expect(screen.queryByText('No Items in cart')).not.toBeInTheDocument();
    // The badge shows no number, not a false 0.
    expect(screen.getByTestId('cart-count')).toHaveTextContent('');
    expect(screen.getByRole('link', { name: 'Cart' })).toBeInTheDocument();

    // The session has answered (the badge knows the 2 apples), the products not yet: still the skeleton.
    releaseSession();
    await waitFor(() => expect(screen.getByTestId('cart-count')).toHaveTextContent('2'));
    expect(screen.getByTestId('cart-skeleton')).toBeInTheDocument();
    expect(screen.queryByText('No Items in cart')).not.toBeInTheDocument();

    releaseProducts();
    expect(await screen.findByText('Fresh Apples')).toBeInTheDocument();
    expect(screen.queryByText('No Items in cart')).not.toBeInTheDocument();
    expect(screen.getByTestId('cart-count')).toHaveTextContent('2');
  });

  it('the header is neither signed in nor signed out until the session answers', async () => {
    const { release } = slowSession();
    renderWithApp('/');
    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    expect(screen.getByTestId('session-pending')).toBeInTheDocument();
    expect(nav.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    release();
    await screen.findByRole('link', { name: 'My orders' });
    expect(screen.queryByTestId('session-pending')).not.toBeInTheDocument();
    expect(nav.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('"Seller Dashboard" shows only for the signed-in seller', async () => {
    renderWithApp('/');
    await screen.findByRole('button', { name: 'Login' });
    expect(screen.queryByRole('link', { name: 'Seller Dashboard' })).not.toBeInTheDocument();
  });

  it('"Seller Dashboard" shows for the signed-in seller', async () => {
    server.use(http.get('/api/session', () => HttpResponse.json({ success: true, shopper: null, seller: true })));
    renderWithApp('/');
    expect(await screen.findByRole('link', { name: 'Seller Dashboard' })).toBeInTheDocument();
  });
});
