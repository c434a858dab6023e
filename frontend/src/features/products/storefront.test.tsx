import { MAX_LINE_QUANTITY } from '@greencart/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aProduct, aUser } from '@/test/data';
import { renderWithApp } from '@/test/render';
import { server, sessionHandler } from '@/test/server';

const carrots = aProduct({ _id: 'product-2', name: 'Organic Carrots', category: 'Vegetables', offerPrice: 45.5, price: 50 });

function catalogue(products = [carrots]) {
  const asked: string[] = [];
  server.use(
    http.get('/api/products', ({ request }) => {
      asked.push(new URL(request.url).search);
      return HttpResponse.json({ success: true, products, page: 1, limit: 20, total: products.length, totalPages: 1 });
    }),
    http.get('/api/products/:id', ({ params }) => {
      const product = products.find((candidate) => candidate._id === params.id);
      return product ? HttpResponse.json({ success: true, product }) : HttpResponse.json({ success: false, message: 'Product not found' }, { status: 404 });
    }),
  );
  return asked;
}

describe('the storefront', () => {
  it('asks who is signed in once per page (GET /api/session), never the two old checks', async () => {
    const sessions: string[] = [];
    const oldChecks: string[] = [];
    server.use(
      http.get('/api/session', ({ request }) => {
        sessions.push(request.url);
        return HttpResponse.json({ success: true, shopper: null, seller: false });
      }),
      http.get('/api/isAuth', ({ request }) => {
        oldChecks.push(request.url);
        return HttpResponse.json({ success: false, message: 'Not signed in' }, { status: 401 });
      }),
      http.get('/api/is-auth-seller', ({ request }) => {
        oldChecks.push(request.url);
        return HttpResponse.json({ success: false, message: 'Not signed in' }, { status: 401 });
      }),
    );
    catalogue();
    renderWithApp('/');

    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(await screen.findByText('Organic Carrots')).toBeInTheDocument();
    expect(sessions).toHaveLength(1);
    expect(oldChecks).toEqual([]);
  });

  it('does not fetch the catalogue on pages that do not show it', async () => {
    const asked = catalogue();
    renderWithApp('/contact');
    expect(await screen.findByRole('heading', { name: 'Contact us' })).toBeInTheDocument();
    expect(screen.getByText(/2% tax is added at checkout/)).toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('names the category with the same words on the tile, the card and the product page, and says the tax honestly', async () => {
    catalogue();
    const { user } = renderWithApp('/');

    expect(await screen.findByRole('link', { name: 'Organic veggies' })).toBeInTheDocument();
    const card = within(await screen.findByTestId('product-card'));
    expect(card.getByText('Organic veggies')).toBeInTheDocument();
    // The pack size, when the product has one.
    expect(card.getByTestId('pack-size')).toHaveTextContent('1 kg');
    expect(card.queryByText('Vegetables')).not.toBeInTheDocument();

    await user.click(card.getByRole('link', { name: 'Organic Carrots' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Organic Carrots' })).toBeInTheDocument();
    expect(screen.getByTestId('tax-note')).toHaveTextContent('+2% tax at checkout');
    expect(screen.queryByText(/inclusive of all taxes/i)).not.toBeInTheDocument();
    expect(screen.getByText('Category:').parentElement).toHaveTextContent('Category: Organic veggies');
    await waitFor(() => expect(document.title).toBe('Organic Carrots · GreenCart'));
  });

  it('shows the not-found page for a category or product that does not exist', async () => {
    catalogue();
    renderWithApp('/products/nonsense');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'nonsense' })).not.toBeInTheDocument();
  });

  it('keeps focus on the stepper after “Add”, and caps “+” at the server’s line limit', async () => {
    catalogue();
    server.use(sessionHandler({ shopper: aUser({ cartItems: {} }) }));
    let cart: Record<string, number> = {};
    server.use(
      http.patch('/api/cart', async ({ request }) => {
        const lines = ((await request.json()) as { cartItems: Record<string, number> }).cartItems;
        cart = Object.fromEntries(Object.entries({ ...cart, ...lines }).filter(([, quantity]) => quantity > 0));
        return HttpResponse.json({ success: true, cartItems: cart, cartVersion: 1, cartNotices: [] });
      }),
    );
    const { user } = renderWithApp('/products');

    const card = within(await screen.findByTestId('product-card'));
    card.getByRole('button', { name: 'Add Organic Carrots to cart' }).focus();
    await user.keyboard('{Enter}');
    const plus = await card.findByRole('button', { name: 'Add one more Organic Carrots' });
    expect(plus).toHaveFocus();
    await waitFor(() => expect(cart).toEqual({ 'product-2': 1 }));
    expect(MAX_LINE_QUANTITY).toBe(99);
  });

  it('disables “+” once the line holds the most the server takes', async () => {
    catalogue();
    server.use(sessionHandler({ shopper: aUser({ cartItems: { 'product-2': MAX_LINE_QUANTITY } }) }));
    renderWithApp('/products');
    const card = within(await screen.findByTestId('product-card'));
    expect(await card.findByRole('button', { name: 'Add one more Organic Carrots' })).toBeDisabled();
  });

  it('gives each page its own document title', async () => {
    catalogue();
    renderWithApp('/products?search=carrot');
    await waitFor(() => expect(document.title).toBe('“carrot” · GreenCart'));
  });
});
