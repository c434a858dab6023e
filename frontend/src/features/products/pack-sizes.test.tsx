import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aSizedProduct, ATTA_ID, ATTA_SIZES, aUser } from '@/test/data';
import { renderWithApp } from '@/test/render';
import { server, sessionHandler } from '@/test/server';

/** The catalogue with these products, and a signed-in shopper whose saved cart records every PATCH /api/cart. */
function shopWith(products = [aSizedProduct()]) {
  const saved: { cart: Record<string, number> } = { cart: {} };
  server.use(
    sessionHandler({ shopper: aUser({ cartItems: {} }) }),
    http.get('/api/Address/get', () => HttpResponse.json({ success: true, address: [] })),
    http.get('/api/products', () => HttpResponse.json({ success: true, products, page: 1, limit: 20, total: products.length, totalPages: 1 })),
    http.get('/api/products/:id', ({ params }) => {
      const product = products.find((candidate) => candidate._id === params.id);
      return product ? HttpResponse.json({ success: true, product }) : HttpResponse.json({ success: false, message: 'Product not found' }, { status: 404 });
    }),
    http.patch('/api/cart', async ({ request }) => {
      const lines = ((await request.json()) as { cartItems: Record<string, number> }).cartItems;
      saved.cart = Object.fromEntries(Object.entries({ ...saved.cart, ...lines }).filter(([, quantity]) => quantity > 0));
      return HttpResponse.json({ success: true, cartItems: saved.cart, cartVersion: 1, cartNotices: [] });
    }),
  );
  return saved;
}

describe('pack sizes on the product card', () => {
  it('shows the sizes as a radio group of 44 px chips, the first in stock chosen, with its price, unit price and what is left', async () => {
    // The default (1 kg) is sold out: the card still sells the product, in 5 kg.
    shopWith([aSizedProduct({ kg1: { inStock: false, stock: 0 }, kg5: { stock: 3 } })]);
    renderWithApp('/products');

    const card = within(await screen.findByTestId('product-card'));
    const group = card.getByRole('group', { name: 'Pack size of Aashirvaad Atta' });
    const chips = within(group).getAllByRole('radio');
    expect(chips.map((chip) => chip.closest('label')?.textContent)).toEqual(['1 kg (sold out)', '5 kg', '10 kg']);
    expect(within(group).getByRole('radio', { name: '5 kg' })).toBeChecked();
    for (const chip of chips) expect(chip.closest('label')).toHaveClass('min-h-11', 'min-w-11');
    expect(card.getByText('₹265.00')).toBeInTheDocument();
    expect(card.getByText('₹300.00')).toBeInTheDocument();
    expect(card.getByTestId('unit-price')).toHaveTextContent('₹53/kg');
    expect(card.getByTestId('few-left')).toHaveTextContent('Only 3 left');
    expect(card.getByRole('button', { name: 'Add Aashirvaad Atta 5 kg to cart' })).toBeInTheDocument();
    // The single-size weight line gives way to the chips.
    expect(card.queryByTestId('pack-size')).not.toBeInTheDocument();
  });

  it('adds the chosen size under its own cart key; the default size under the plain product id', async () => {
    const saved = shopWith();
    const { user } = renderWithApp('/products');

    const card = within(await screen.findByTestId('product-card'));
    await user.click(card.getByRole('radio', { name: '10 kg' }));
    expect(card.getByText('₹499.00')).toBeInTheDocument();
    expect(card.getByTestId('unit-price')).toHaveTextContent('₹49.90/kg');
    await user.click(card.getByRole('button', { name: 'Add Aashirvaad Atta 10 kg to cart' }));
    await waitFor(() => expect(saved.cart).toEqual({ [`${ATTA_ID}:${ATTA_SIZES.kg10}`]: 1 }));
    expect(card.getByRole('button', { name: 'Add one more Aashirvaad Atta 10 kg' })).toBeInTheDocument();

    await user.click(card.getByRole('radio', { name: '1 kg' }));
    await user.click(card.getByRole('button', { name: 'Add Aashirvaad Atta 1 kg to cart' }));
    await waitFor(() => expect(saved.cart).toEqual({ [`${ATTA_ID}:${ATTA_SIZES.kg10}`]: 1, [ATTA_ID]: 1 }));
  });

  it('shows a sold-out size, which can be chosen to see it but not added', async () => {
    shopWith([aSizedProduct({ kg10: { inStock: false, stock: 0 } })]);
    const { user } = renderWithApp('/products');

    const card = within(await screen.findByTestId('product-card'));
    await user.click(card.getByRole('radio', { name: /^10 kg.*sold out/ }));
    expect(card.getByText('Sold out')).toBeInTheDocument();
    expect(card.queryByRole('button', { name: /to cart/ })).not.toBeInTheDocument();
  });

  it('shows a product of one size as before: its weight, no chips', async () => {
    shopWith([aSizedProduct({}, { variants: [{ _id: ATTA_SIZES.kg1, label: '1 kg', price: 70, offerPrice: 62, stock: null, inStock: true }] })]);
    renderWithApp('/products');
    const card = within(await screen.findByTestId('product-card'));
    expect(card.queryByRole('group', { name: /Pack size/ })).not.toBeInTheDocument();
    expect(card.getByTestId('pack-size')).toHaveTextContent('1 kg');
    expect(card.getByRole('button', { name: 'Add Aashirvaad Atta to cart' })).toBeInTheDocument();
  });
});

describe('pack sizes on the product page', () => {
  it('chooses a size, shows its price and unit price, and adds that size', async () => {
    const saved = shopWith();
    const { user } = renderWithApp(`/products/grains/${ATTA_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Aashirvaad Atta' })).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Pack size of Aashirvaad Atta' });
    expect(within(group).getByRole('radio', { name: /^1 kg/ })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: /^5 kg/ }));
    expect(screen.getByText(/^Price:/)).toHaveTextContent('Price: ₹265.00 for 5 kg');
    expect(screen.getByText('MRP:')).toHaveTextContent('MRP: ₹300.00');
    expect(screen.getByTestId('unit-price')).toHaveTextContent('₹53/kg');

    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(saved.cart).toEqual({ [`${ATTA_ID}:${ATTA_SIZES.kg5}`]: 1 }));
    expect(await screen.findByText(/In your cart \(5 kg\): 1/)).toBeInTheDocument();
  });

  it('says a chosen sold-out size cannot be had, while the product stays buyable in its other sizes', async () => {
    shopWith([aSizedProduct({ kg1: { inStock: false, stock: 0 } })]);
    const { user } = renderWithApp(`/products/grains/${ATTA_ID}`);

    expect(await screen.findByRole('button', { name: 'Add to cart' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /^1 kg/ }));
    expect(screen.getByText('1 kg is sold out — choose another size.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
  });
});
