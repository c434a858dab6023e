import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { anAddress, anOrder, anOrderPage, aSizedProduct, ATTA_ID, ATTA_SIZES, aUser } from '@/test/data';
import { renderWithApp } from '@/test/render';
import { server, sessionHandler } from '@/test/server';

const atta = aSizedProduct();
const fiveKg = `${ATTA_ID}:${ATTA_SIZES.kg5}`;
/** An order of the 1 kg and the 5 kg packs, as the server records it (each line with its size's id and label). */
const attaOrder = anOrder({
  _id: 'order-atta',
  items: [
    {
      product: { _id: ATTA_ID, name: 'Aashirvaad Atta', category: 'Grains', image: [], offerPrice: 62 },
      name: 'Aashirvaad Atta',
      category: 'Grains',
      image: '',
      offerPrice: 62,
      quantity: 1,
      variant: ATTA_SIZES.kg1,
      label: '1 kg',
    },
    {
      product: { _id: ATTA_ID, name: 'Aashirvaad Atta', category: 'Grains', image: [], offerPrice: 62 },
      name: 'Aashirvaad Atta',
      category: 'Grains',
      image: '',
      offerPrice: 265,
      quantity: 2,
      variant: ATTA_SIZES.kg5,
      label: '5 kg',
    },
  ],
});

/** A signed-in shopper whose saved cart holds `cartItems`; the shop's answers about atta (cash on delivery only). */
function shopperWithCart(cartItems: Record<string, number>) {
  let saved = { ...cartItems };
  const placed: unknown[] = [];
  const productRequests: string[] = [];
  server.use(
    http.get('/api/session', () => HttpResponse.json({ success: true, shopper: aUser({ cartItems: saved }), seller: false })),
    http.get('/api/products', ({ request }) => {
      const ids = new URL(request.url).searchParams.get('ids') ?? '';
      productRequests.push(ids);
      const products = ids.split(',').includes(ATTA_ID) ? [atta] : [];
      return HttpResponse.json({ success: true, products, page: 1, limit: 100, total: products.length, totalPages: 1 });
    }),
    http.patch('/api/cart', async ({ request }) => {
      const lines = ((await request.json()) as { cartItems: Record<string, number> }).cartItems;
      saved = Object.fromEntries(Object.entries({ ...saved, ...lines }).filter(([, quantity]) => quantity > 0));
      return HttpResponse.json({ success: true, cartItems: saved, cartVersion: 2, cartNotices: [] });
    }),
    http.get('/api/Address/get', () => HttpResponse.json({ success: true, address: [anAddress()] })),
    http.get('/api/payments/options', () =>
      HttpResponse.json({
        success: true,
        online: { available: false, reason: 'Online payment is not set up on this shop yet.' },
        checkoutUrl: 'https://checkout.test/v1/checkout.js',
        shop: { name: 'GreenCart', email: 'help@greencart.test', phone: '+91 90000 00000' },
      }),
    ),
    http.post('/api/placeorders', async ({ request }) => {
      placed.push(await request.json());
      saved = {};
      return HttpResponse.json({ success: true, message: 'Order Placed', order: attaOrder }, { status: 201 });
    }),
    http.get('/api/getorder/user', () => HttpResponse.json(anOrderPage(placed.length ? [attaOrder] : []))),
  );
  return { placed, productRequests, saved: () => saved };
}

function cartLine(name: string) {
  const line = screen.getByRole('button', { name: `Remove ${name} from cart` }).closest('li');
  if (!line) throw new Error(`no cart line for ${name}`);
  return within(line);
}

describe('a cart of several pack sizes of one product', () => {
  it('shows one line per size, named and priced by its size, and orders each with its variant (none for the default)', async () => {
    const { placed, productRequests } = shopperWithCart({ [ATTA_ID]: 1, [fiveKg]: 2 });
    const { user } = renderWithApp('/cart');

    expect(await screen.findByRole('heading', { name: /Shopping Cart/ })).toHaveTextContent('3 Items');
    expect(screen.getAllByTestId('cart-line')).toHaveLength(2);
    expect(cartLine('Aashirvaad Atta 1 kg').getByText('₹62.00')).toBeInTheDocument();
    expect(cartLine('Aashirvaad Atta 5 kg').getByText('₹530.00')).toBeInTheDocument();
    expect(cartLine('Aashirvaad Atta 5 kg').getByTestId('line-size')).toHaveTextContent('5 kg');
    // ₹592 of items + 2% tax.
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹603.84');
    // The product is asked for once, whatever its sizes in the cart.
    expect(productRequests.every((ids) => ids === ATTA_ID)).toBe(true);

    await user.click(cartLine('Aashirvaad Atta 5 kg').getByRole('button', { name: 'Add one more Aashirvaad Atta 5 kg' }));
    await waitFor(() => expect(cartLine('Aashirvaad Atta 5 kg').getByText('₹795.00')).toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('heading', { name: 'Order placed' })).toBeInTheDocument();
    expect(placed).toEqual([
      {
        address: 'address-1',
        items: [
          { product: ATTA_ID, quantity: 1 },
          { product: ATTA_ID, variant: ATTA_SIZES.kg5, quantity: 3 },
        ],
      },
    ]);
    // The confirmation names each line's size.
    expect(screen.getByText('Aashirvaad Atta 1 kg')).toBeInTheDocument();
    expect(screen.getByText('Aashirvaad Atta 5 kg')).toBeInTheDocument();
  });

  it('says a size the shop no longer sells is gone and offers to remove it, keeping the other sizes', async () => {
    const gone = `${ATTA_ID}:64b0000000000000000000ff`;
    const cart = shopperWithCart({ [fiveKg]: 1, [gone]: 1 });
    const { user } = renderWithApp('/cart');

    expect(await screen.findByText('One product in your cart is no longer sold.')).toBeInTheDocument();
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Remove it' }));
    await waitFor(() => expect(cart.saved()).toEqual({ [fiveKg]: 1 }));
  });

  it('checks what is left of each size: a line asking for more than its size has is held back until lowered', async () => {
    shopperWithCart({ [fiveKg]: 3 });
    server.use(
      http.get('/api/products', () =>
        HttpResponse.json({ success: true, products: [aSizedProduct({ kg5: { stock: 2 } })], page: 1, limit: 100, total: 1, totalPages: 1 }),
      ),
    );
    renderWithApp('/cart');
    expect(await screen.findByTestId('line-problem')).toHaveTextContent('Only 2 left — you have 3');
    expect(screen.getByRole('button', { name: 'Change to 2' })).toBeInTheDocument();
  });
});

describe('orders name the pack size of each line', () => {
  it('in My orders, and Buy again puts each size back under its one cart key (the default size under the plain id)', async () => {
    const { saved } = shopperWithCart({});
    server.use(http.get('/api/getorder/user', () => HttpResponse.json(anOrderPage([attaOrder]))));
    const { user } = renderWithApp('/My-orders');

    const card = within((await screen.findByText('GC-order-atta')).closest('li')!);
    expect(card.getByText('Aashirvaad Atta 1 kg')).toBeInTheDocument();
    expect(card.getByText('Aashirvaad Atta 5 kg')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Buy again' }));
    // Not `${ATTA_ID}:${kg1}`: the server takes an ordered default size out of the cart under the plain id.
    await waitFor(() => expect(saved()).toEqual({ [ATTA_ID]: 1, [fiveKg]: 2 }));
  });

  it("in the seller's orders", async () => {
    server.use(
      sessionHandler({ seller: true }),
      http.get('/api/getorder/admin/seller', () => HttpResponse.json(anOrderPage([attaOrder], { limit: 20 }))),
    );
    renderWithApp('/seller/orders');
    expect(await screen.findByText('Aashirvaad Atta 1 kg')).toBeInTheDocument();
    expect(screen.getByText('Aashirvaad Atta 5 kg')).toBeInTheDocument();
  });
});
