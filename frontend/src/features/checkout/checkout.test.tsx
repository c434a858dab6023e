import { formatRupees, priceCart } from '@greencart/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aProduct, anAddress, anOrder, anOrderPage, aUser } from '@/test/data';
import { renderWithApp } from '@/test/render';
import { server } from '@/test/server';

const apples = aProduct({ _id: 'product-1', name: 'Fresh Apples', offerPrice: 100 });
const carrots = aProduct({ _id: 'product-2', name: 'Organic Carrots', category: 'Vegetables', offerPrice: 45.5 });
const home = anAddress({ _id: 'address-1', street: '12 MG Road', city: 'Bengaluru', state: 'Karnataka' });
const office = anAddress({ _id: 'address-2', street: '7 Park Street', city: 'Kolkata', state: 'West Bengal', pincode: '700016', zipcode: '700016' });

/** A signed-in shopper with 2 apples and 3 carrots saved in the cart, and the shop's answers about them (cash on delivery only). */
function shopperWithCart({ addresses = [home, office] } = {}) {
  let cartItems: Record<string, number> = { 'product-1': 2, 'product-2': 3 };
  const placed: { body: unknown; idempotencyKey: string | null }[] = [];
  server.use(
    // Read at each request: the saved cart is emptied once an order is placed.
    http.get('/api/session', () => HttpResponse.json({ success: true, shopper: aUser({ cartItems }), seller: false })),
    http.get('/api/products', ({ request }) => {
      const ids = new URL(request.url).searchParams.get('ids')?.split(',') ?? [];
      const products = [apples, carrots].filter((product) => ids.includes(product._id));
      return HttpResponse.json({ success: true, products, page: 1, limit: 100, total: products.length, totalPages: 1 });
    }),
    http.get('/api/Address/get', () => HttpResponse.json({ success: true, address: addresses })),
    http.get('/api/payments/options', () =>
      HttpResponse.json({
        success: true,
        online: { available: false, reason: 'Online payment is not set up on this shop yet.' },
        checkoutUrl: 'https://checkout.test/v1/checkout.js',
        shop: { name: 'GreenCart', email: 'help@greencart.test', phone: '+91 90000 00000' },
      }),
    ),
    http.post('/api/placeorders', async ({ request }) => {
      placed.push({ body: await request.json(), idempotencyKey: request.headers.get('Idempotency-Key') });
      cartItems = {};
      return HttpResponse.json({ success: true, message: 'Order Placed', order: anOrder({ _id: 'order-new', address: office }) }, { status: 201 });
    }),
    http.get('/api/getorder/user', () => HttpResponse.json(anOrderPage(placed.length ? [anOrder({ _id: 'order-new', address: office })] : []))),
  );
  return { placed };
}

function orderSummary() {
  return within(screen.getByRole('complementary', { name: 'Order Summary' }));
}

/** Wait for the cart to load, then for its summary to show the delivery address `text`. */
async function findAddress(text: string) {
  await screen.findByRole('complementary', { name: 'Order Summary' });
  return orderSummary().findByText(text);
}

/** The figure next to a label of the summary's list (dt → dd). */
function summaryFigure(label: string) {
  return orderSummary().getByText(label, { selector: 'dt' }).nextElementSibling;
}

function cartLine(productName: string) {
  const line = screen.getByRole('button', { name: `Remove ${productName} from cart` }).closest('li');
  if (!line) throw new Error(`no cart line for ${productName}`);
  return within(line);
}

describe('cart and checkout', () => {
  it("adds the delivery area's fee after tax and says what is left to free delivery", async () => {
    shopperWithCart();
    const minimumOrder = 99;
    server.use(
      http.get('/api/delivery', ({ request }) => {
        const pincode = new URL(request.url).searchParams.get('pincode') ?? '';
        return HttpResponse.json({
          success: true,
          pincode,
          serviceable: true,
          etaMinutes: 25,
          fee: 20,
          freeDeliveryAbove: 499,
          minimumOrder,
          open: true,
          message: 'Delivery in 25 min',
        });
      }),
    );
    renderWithApp('/cart');
    await findAddress('12 MG Road, Bengaluru, Karnataka, India');
    // ₹336.50 + ₹6.73 tax + ₹20 fee; ₹162.50 short of free delivery.
    expect(await orderSummary().findByText('₹20.00', { selector: 'dd' })).toBeInTheDocument();
    expect(summaryFigure('Total Amount:')).toHaveTextContent('₹363.23');
    expect(orderSummary().getByText('Add ₹162.50 for free delivery')).toBeInTheDocument();
    expect(orderSummary().getByText('Delivery in 25 min to 560001')).toBeInTheDocument();
    expect(orderSummary().queryByTestId('checkout-blocked')).not.toBeInTheDocument();
  });

  it('blocks an order under the minimum, saying how much is missing', async () => {
    shopperWithCart();
    const minimumOrder = 400;
    server.use(
      http.get('/api/delivery', () =>
        HttpResponse.json({
          success: true,
          pincode: '560001',
          serviceable: true,
          etaMinutes: 25,
          fee: 20,
          minimumOrder,
          open: true,
          message: 'Delivery in 25 min',
        }),
      ),
      http.get('/api/session', () => HttpResponse.json({ success: true, shopper: aUser({ cartItems: { 'product-1': 1 } }), seller: false })),
    );
    renderWithApp('/cart');
    expect(await screen.findByTestId('checkout-blocked')).toHaveTextContent(
      'Add ₹300.00 of itemsThe minimum order is ₹400.00 of items, before tax and delivery.',
    );
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();
  });

  it('says the shop does not deliver to the address, and does not let the order be placed', async () => {
    shopperWithCart();
    server.use(
      http.get('/api/delivery', ({ request }) => {
        const pincode = new URL(request.url).searchParams.get('pincode') ?? '';
        return HttpResponse.json({ success: true, pincode, serviceable: false, open: true, message: `Sorry, we don't deliver to ${pincode} yet` });
      }),
    );
    renderWithApp('/cart');
    expect(await screen.findByTestId('checkout-blocked')).toHaveTextContent("Choose another addressSorry, we don't deliver to 560001 yet.");
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();
  });

  it('shows the lines and the total with 2% tax, priced by the shared pricing function', async () => {
    shopperWithCart();
    renderWithApp('/cart');

    expect(await screen.findByRole('heading', { name: /Shopping Cart/ })).toHaveTextContent('5 Items');
    expect(cartLine('Fresh Apples').getByTestId('stepper-quantity')).toHaveTextContent('In cart: 2');
    expect(cartLine('Fresh Apples').getByText('₹200.00')).toBeInTheDocument();
    expect(cartLine('Organic Carrots').getByTestId('stepper-quantity')).toHaveTextContent('In cart: 3');
    expect(cartLine('Organic Carrots').getByText('₹136.50')).toBeInTheDocument();

    const price = priceCart([
      { offerPrice: 100, quantity: 2 },
      { offerPrice: 45.5, quantity: 3 },
    ]);
    expect(summaryFigure('Items subtotal')).toHaveTextContent(formatRupees(price.subtotalPaise));
    expect(summaryFigure('Delivery fee')).toHaveTextContent('Free');
    expect(summaryFigure('Tax (2%)')).toHaveTextContent(formatRupees(price.taxPaise));
    expect(summaryFigure('Total Amount:')).toHaveTextContent(formatRupees(price.totalPaise));
    // ₹336.50 + 2% (₹6.73) = ₹343.23
    expect(summaryFigure('Total Amount:')).toHaveTextContent('₹343.23');
  });

  it('changes a line with the same −/+ stepper as the cards, sending only that line', async () => {
    shopperWithCart();
    const sent: unknown[] = [];
    let version = 1;
    server.use(
      http.patch('/api/cart', async ({ request }) => {
        const body = (await request.json()) as { cartItems: Record<string, number> };
        sent.push(body);
        return HttpResponse.json({ success: true, cartItems: { 'product-1': 2, 'product-2': 3, ...body.cartItems }, cartVersion: ++version, cartNotices: [] });
      }),
    );
    const { user } = renderWithApp('/cart');
    await screen.findByRole('heading', { name: /Shopping Cart/ });
    expect(cartLine('Fresh Apples').queryByRole('combobox')).not.toBeInTheDocument();
    await user.click(cartLine('Fresh Apples').getByRole('button', { name: 'Add one more Fresh Apples' }));
    expect(cartLine('Fresh Apples').getByTestId('stepper-quantity')).toHaveTextContent('In cart: 3');
    await user.click(cartLine('Organic Carrots').getByRole('button', { name: 'Remove one Organic Carrots' }));
    expect(cartLine('Organic Carrots').getByTestId('stepper-quantity')).toHaveTextContent('In cart: 2');
    await waitFor(() => expect(sent).toEqual([{ cartItems: { 'product-1': 3 } }, { cartItems: { 'product-2': 2 } }]));
  });

  it('places a cash-on-delivery order to the chosen address, then shows its confirmation', async () => {
    const { placed } = shopperWithCart();
    const { user, router } = renderWithApp('/cart');

    expect(await findAddress('12 MG Road, Bengaluru, Karnataka, India')).toBeInTheDocument();
    await user.click(orderSummary().getByRole('button', { name: 'Change' }));
    await user.click(
      within(orderSummary().getByRole('list', { name: 'Saved addresses' })).getByRole('button', { name: /^7 Park Street, Kolkata, West Bengal, India/ }),
    );
    expect(orderSummary().getByText('7 Park Street, Kolkata, West Bengal, India')).toBeInTheDocument();
    // The phone as people read it, whichever way it was stored.
    expect(orderSummary().getByTestId('selected-address')).toHaveTextContent(/ · \+91 \d{5} \d{5}$/);
    expect(orderSummary().getByLabelText('Payment Method')).toHaveValue('COD');

    await user.click(orderSummary().getByRole('button', { name: 'Place Order' }));

    // The confirmation: number, promised time, payment, items, the bill and the address.
    expect(await screen.findByRole('heading', { name: 'Order placed' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/order-placed');
    expect(screen.getByTestId('order-number')).toHaveTextContent('GC-order-new');
    expect(screen.getByTestId('order-promised')).not.toBeEmptyDOMElement();
    expect(screen.getByTestId('order-payment')).toHaveTextContent('Cash on delivery · to be paid');
    expect(screen.getByText('Fresh Apples')).toBeInTheDocument();
    const bill = within(screen.getByTestId('order-bill'));
    expect(bill.getByText('Items').nextElementSibling).toHaveTextContent('₹200.00');
    expect(bill.getByText('Tax (2%)').nextElementSibling).toHaveTextContent('₹4.00');
    expect(bill.getByText('Delivery fee').nextElementSibling).toHaveTextContent('Free');
    expect(bill.getByText('Total').nextElementSibling).toHaveTextContent('₹204.00');
    expect(screen.getByTestId('order-address')).toHaveTextContent('7 Park Street, Kolkata');
    expect(screen.getByTestId('order-address')).toHaveTextContent(/\+91 \d{5} \d{5}/);

    await user.click(screen.getByRole('link', { name: 'Track this order' }));
    expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
    expect(await screen.findByText('GC-order-new')).toBeInTheDocument();
    expect(placed).toHaveLength(1);
    expect(placed[0].body).toEqual({
      address: 'address-2',
      items: [
        { product: 'product-1', quantity: 2 },
        { product: 'product-2', quantity: 3 },
      ],
    });
    expect(placed[0].idempotencyKey).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
  });

  it.each([
    {
      answer: 'a refusal with a message',
      response: () => HttpResponse.json({ success: false, message: 'Organic Carrots is out of stock' }, { status: 409 }),
      shown: 'Organic Carrots is out of stock',
    },
    {
      answer: 'a server failure without one',
      response: () => new HttpResponse('<html>Bad gateway</html>', { status: 502 }),
      shown: 'Something went wrong on our side. Please try again.',
    },
  ])('shows $answer as a readable message and stays on the cart', async ({ response, shown }) => {
    shopperWithCart();
    server.use(http.post('/api/placeorders', response));
    const { user, router } = renderWithApp('/cart');

    await findAddress('12 MG Road, Bengaluru, Karnataka, India');
    await user.click(orderSummary().getByRole('button', { name: 'Place Order' }));

    expect(await screen.findByText(shown)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cart');
    expect(orderSummary().getByRole('button', { name: 'Place Order' })).toBeEnabled();
  });

  it('does not place an order without a delivery address', async () => {
    const { placed } = shopperWithCart({ addresses: [] });
    const { user, router } = renderWithApp('/cart');

    expect(await findAddress('No address found')).toBeInTheDocument();
    await user.click(orderSummary().getByRole('button', { name: 'Place Order' }));

    expect(await screen.findByText('Please select an address')).toBeInTheDocument();
    expect(placed).toEqual([]);
    expect(router.state.location.pathname).toBe('/cart');
  });
});
