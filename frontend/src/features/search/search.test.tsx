import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ProductView } from '@greencart/domain';
import { aProduct } from '@/test/data';
import { renderWithApp } from '@/test/render';
import { server } from '@/test/server';

const onions = aProduct({ _id: 'onions', name: 'Red Onions', category: 'Vegetables', offerPrice: 30, weight: '1 kg' });
const springOnions = aProduct({ _id: 'spring-onions', name: 'Spring Onions', category: 'Vegetables', offerPrice: 20 });
const shallots = aProduct({ _id: 'shallots', name: 'Sambar Shallots', category: 'Vegetables', offerPrice: 60, inStock: false });
const bestSeller = aProduct({ _id: 'milk', name: 'Toned Milk', category: 'Dairy', offerPrice: 28 });
const butter = aProduct({ _id: 'butter', name: 'Salted Butter', category: 'Dairy', offerPrice: 56, weight: '100 g' });

/** The shop's search: "pyaz" is understood as onion; "amul butter…" as butter, without the brand it does not carry; anything else finds nothing; the best sellers are the milk. */
function shop() {
  const asked: string[] = [];
  server.use(
    http.get('/api/products', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const search = params.get('search');
      const limit = Number(params.get('limit') ?? 20);
      if (search !== null) asked.push(search);
      const page = (products: ProductView[], extra: object = {}) =>
        HttpResponse.json({ success: true, products: products.slice(0, limit), page: 1, limit, total: products.length, totalPages: 1, ...extra });
      if (search === null) return page([bestSeller]);
      if (/^p(y(a(z)?)?)?$/.test(search)) return page([onions, springOnions, shallots], { correctedQuery: 'onion' });
      if (search.startsWith('amul butter')) return page([butter], { correctedQuery: 'butter', droppedWords: ['amul'] });
      return page([]);
    }),
  );
  return { asked };
}

const box = () => screen.findByRole('combobox', { name: 'Search products' });

describe('search suggestions in the navbar', () => {
  it('suggests products as you type, moves through them with the keyboard, and opens the chosen one', async () => {
    const { asked } = shop();
    const { user, router } = renderWithApp('/');
    const input = await box();
    await user.type(input, 'pyaz');

    const grid = await screen.findByRole('grid', { name: 'Suggestions for pyaz' });
    expect(within(grid).getAllByRole('row')).toHaveLength(3);
    expect(within(grid).getByText('Red Onions')).toBeVisible();
    expect(screen.getByText(/Showing results for/)).toHaveTextContent('Showing results for ‘onion’');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(asked.at(-1)).toBe('pyaz');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = input.getAttribute('aria-activedescendant')!;
    expect(document.getElementById(active)).toHaveTextContent('Spring Onions');
    await user.keyboard('{ArrowUp}');
    expect(document.getElementById(input.getAttribute('aria-activedescendant')!)).toHaveTextContent('Red Onions');

    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/products/vegetables/onions'));
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });

  it('adds a suggestion to the cart with the keyboard (→ then Enter) or a tap, and shows stock', async () => {
    shop();
    const { user } = renderWithApp('/');
    const input = await box();
    await user.type(input, 'pya');
    const grid = await screen.findByRole('grid');
    expect(within(grid).getByText('Out of stock')).toBeVisible();

    await user.keyboard('{ArrowDown}{ArrowRight}{Enter}');
    expect(await within(grid).findByRole('button', { name: 'Add one more Red Onions' })).toBeVisible();
    expect(screen.getByTestId('cart-count')).toHaveTextContent('1');

    await user.click(within(grid).getByRole('button', { name: 'Add Spring Onions to cart' }));
    await waitFor(() => expect(screen.getByTestId('cart-count')).toHaveTextContent('2'));
    // Still open: the tap stayed inside the search box.
    expect(screen.getByRole('grid')).toBeVisible();
  });

  it('closes with Escape, and Enter in the box opens every result', async () => {
    shop();
    const { user, router } = renderWithApp('/');
    const input = await box();
    await user.type(input, 'pyaz');
    await screen.findByRole('grid');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?search=pyaz'));
  });

  it('says which words it left out (a brand the shop does not carry)', async () => {
    shop();
    const { user } = renderWithApp('/');
    await user.type(await box(), 'amul butter');
    const grid = await screen.findByRole('grid', { name: 'Suggestions for amul butter' });
    expect(within(grid).getByText('Salted Butter')).toBeVisible();
    expect(screen.getByText(/Showing results for/, { selector: 'p:not([role])' })).toHaveTextContent('Showing results for ‘butter’ (no ‘amul’ in the shop)');
  });

  it('follows the address when someone else changes it: a link elsewhere empties the box, one to a search fills it', async () => {
    shop();
    const { user, router } = renderWithApp('/');
    const input = await box();
    await user.type(input, 'pyaz');
    await waitFor(() => expect(router.state.location.search).toBe('?search=pyaz'));
    expect(input).toHaveValue('pyaz');
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'All Products' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(input).toHaveValue('');
    await user.type(input, 'pya');
    await user.click(await screen.findByRole('link', { name: 'See all results for ‘pya’' }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=pya'));
    expect(input).toHaveValue('pya');
  });

  it('says when nothing matches and offers the chat', async () => {
    shop();
    const { user } = renderWithApp('/');
    await user.type(await box(), 'xyzzy');
    expect(await screen.findByText(/Nothing matches ‘xyzzy’/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ask the shop in chat' })).toHaveAttribute('href', '/chat');
  });
});

describe('the results page', () => {
  it('says how it understood a corrected query', async () => {
    shop();
    renderWithApp('/products?search=pyaz');
    expect(await screen.findByText(/Showing results for/, { selector: 'p[role="status"]:not(.sr-only)' })).toHaveTextContent(
      'Showing results for ‘onion’ (you typed ‘pyaz’)',
    );
    expect(await screen.findByRole('link', { name: 'Red Onions' })).toBeVisible();
  });

  it('says which words the answers leave out', async () => {
    shop();
    renderWithApp('/products?search=amul%20butter%20500g');
    expect(await screen.findByText(/Showing results for/, { selector: 'p[role="status"]:not(.sr-only)' })).toHaveTextContent(
      'Showing results for ‘butter’ (you typed ‘amul butter 500g’: no ‘amul’ in the shop)',
    );
    expect(await screen.findByRole('link', { name: 'Salted Butter' })).toBeVisible();
  });

  it('shows popular products and a way to ask the shop when nothing is found', async () => {
    shop();
    renderWithApp('/products?search=xyzzy');
    const page = within(await screen.findByRole('main'));
    expect(await page.findByText("Sorry, xyzzy isn't available.")).toBeVisible();
    expect(page.getByRole('link', { name: 'Ask the shop in chat' })).toHaveAttribute('href', '/chat');
    expect(await screen.findByRole('link', { name: 'Toned Milk' })).toBeVisible();
  });
});
