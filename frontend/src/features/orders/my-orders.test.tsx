import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { anAddress, anOrder, anOrderPage, aProduct, aSizedProduct, ATTA_ID, ATTA_SIZES, aUser } from '@/test/data';
import { renderWithApp } from '@/test/render';
import { server, sessionHandler } from '@/test/server';

function signedIn() {
  server.use(sessionHandler({ shopper: aUser() }));
}

/** An order card, found by the order number it shows (the test orders are numbered GC-<id>). */
async function findOrderCard(orderId: string) {
  const id = await screen.findByText(`GC-${orderId}`);
  const card = id.closest('li');
  if (!card) throw new Error(`no card for ${orderId}`);
  return within(card);
}

describe('My orders', () => {
  it('lists the shopper’s orders with their items, total, status, delivery address and payment', async () => {
    signedIn();
    const pages: string[] = [];
    server.use(
      http.get('/api/getorder/user', ({ request }) => {
        pages.push(new URL(request.url).searchParams.get('page') ?? '');
        return HttpResponse.json(
          anOrderPage([
            anOrder({
              _id: 'order-2',
              items: [
                { product: null, name: 'Organic Carrots', category: 'Vegetables', image: '', offerPrice: 45.5, quantity: 3 },
                {
                  product: { _id: 'product-9', name: 'Brown Bread', category: 'Bakery', image: [], offerPrice: 40 },
                  name: 'Brown Bread',
                  category: 'Bakery',
                  image: '',
                  offerPrice: 40,
                  quantity: 1,
                },
              ],
              status: 'Delivered',
              paymentStatus: 'paid',
              isPaid: true,
              address: anAddress({ _id: 'address-2', street: '7 Park Street', city: 'Kolkata', state: 'West Bengal', pincode: '700016', zipcode: '700016' }),
            }),
            anOrder({ _id: 'order-1' }),
            anOrder({
              _id: 'order-0',
              paymentType: 'Online',
              status: 'Cancelled',
              paymentStatus: 'refunded',
              statusHistory: [
                { status: 'Order Placed', at: '2025-01-01T10:00:00.000Z' },
                { status: 'Packing', at: '2025-01-01T10:05:00.000Z' },
                { status: 'Cancelled', at: '2025-01-01T10:12:00.000Z' },
              ],
            }),
          ]),
        );
      }),
    );
    renderWithApp('/My-orders');

    expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
    const delivered = await findOrderCard('order-2');
    expect(delivered.getByText('Organic Carrots')).toBeInTheDocument();
    expect(delivered.getByText('Brown Bread')).toBeInTheDocument();
    expect(delivered.getByText('Quantity: 3')).toBeInTheDocument();
    // 3 × ₹45.50 + ₹40 = ₹176.50, plus 2% tax (₹3.53) = ₹180.03, priced by the server.
    expect(delivered.getByText('Total Amount: ₹180.03')).toBeInTheDocument();
    expect(delivered.getByTestId('order-status')).toHaveTextContent('Delivered');
    expect(delivered.getByText('Paid · cash on delivery')).toBeInTheDocument();
    expect(delivered.getByRole('heading', { name: 'Delivery address' })).toBeInTheDocument();
    expect(delivered.getByText('7 Park Street, Kolkata')).toBeInTheDocument();
    expect(delivered.getByText('West Bengal, 700016, India')).toBeInTheDocument();

    const placed = await findOrderCard('order-1');
    expect(placed.getByText('Fresh Apples')).toBeInTheDocument();
    expect(placed.getByText('Total Amount: ₹204.00')).toBeInTheDocument();
    expect(placed.getByTestId('order-status')).toHaveTextContent('Order Placed');
    // The timeline: the step reached with its time, the steps still to come.
    const timeline = within(placed.getByTestId('order-timeline'));
    expect(timeline.getAllByRole('listitem').map((step) => step.textContent)).toEqual([
      `Order Placed${new Date('2025-01-01T10:00:00.000Z').toLocaleDateString('en-IN', { day: 'numeric', month: 'short' })}, ${new Date('2025-01-01T10:00:00.000Z').toLocaleTimeString('en-IN', { hour: 'numeric', minute: '2-digit' })}`,
      'Packingnot yet',
      'Out for deliverynot yet',
      'Deliverednot yet',
    ]);
    const bill = within(placed.getByTestId('order-bill'));
    expect(bill.getByText('Tax (2%)').nextElementSibling).toHaveTextContent('₹4.00');
    expect(bill.getByText('Delivery fee').nextElementSibling).toHaveTextContent('Free');
    expect(placed.getByText('Cash on delivery · to be paid')).toBeInTheDocument();
    expect(placed.getByText('12 MG Road, Bengaluru')).toBeInTheDocument();

    const refunded = await findOrderCard('order-0');
    expect(refunded.getByTestId('order-status')).toHaveTextContent('Cancelled');
    expect(refunded.getByText('Refunded')).toBeInTheDocument();
    expect(
      within(refunded.getByTestId('order-timeline'))
        .getAllByRole('listitem')
        .map((step) => step.firstElementChild?.nextSibling?.textContent),
    ).toEqual(['Order Placed', 'Packing', 'Cancelled']);
    expect(refunded.getByTestId('cancellation-note')).toHaveTextContent('This order was cancelled.');
    expect(refunded.getByTestId('refund-line')).toHaveTextContent('₹204.00 refunded to the card, UPI or bank account you paid with');

    expect(screen.getByText('Showing 3 of 3 orders')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(pages).toEqual(['1']);
  });

  it('says so when there are no orders yet', async () => {
    signedIn();
    server.use(http.get('/api/getorder/user', () => HttpResponse.json(anOrderPage([]))));
    renderWithApp('/My-orders');

    expect(await screen.findByText('You have not placed any orders yet.')).toBeInTheDocument();
    expect(screen.queryByTestId('order-number')).not.toBeInTheDocument();
  });

  it('loads the next page when asked, until there is none', async () => {
    signedIn();
    const firstPage = Array.from({ length: 10 }, (_, index) => anOrder({ _id: `order-${12 - index}` }));
    server.use(
      http.get('/api/getorder/user', ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        return HttpResponse.json(
          page === 1 ? anOrderPage(firstPage, { page: 1, total: 11 }) : anOrderPage([anOrder({ _id: 'order-2' })], { page: 2, total: 11 }),
        );
      }),
    );
    const { user } = renderWithApp('/My-orders');

    expect(await screen.findByText('Showing 10 of 11 orders')).toBeInTheDocument();
    expect(screen.queryByText('GC-order-2')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByText('GC-order-2')).toBeInTheDocument();
    expect(screen.getByText('Showing 11 of 11 orders')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in', async () => {
    const { user } = renderWithApp('/My-orders');

    expect(await screen.findByText('Sign in to see your orders.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('dialog', { name: 'User Login' })).toHaveAttribute('open');
  });
});

describe('My orders: number, cancel, buy again, search', () => {
  it('shows the readable order number and the date in Indian English', async () => {
    signedIn();
    server.use(
      http.get('/api/getorder/user', () =>
        HttpResponse.json(anOrderPage([anOrder({ _id: 'order-7', orderNumber: 'GC-104273', createdAt: '2026-11-21T18:55:00.000Z' })])),
      ),
    );
    renderWithApp('/My-orders');

    const card = await screen.findByTestId('order-card');
    expect(within(card).getByTestId('order-number')).toHaveTextContent('GC-104273');
    expect(within(card).queryByText(/order-7/)).not.toBeInTheDocument();
    expect(within(card).getByText(/2026/)).toHaveTextContent(
      new Date('2026-11-21T18:55:00.000Z').toLocaleString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' }),
    );
    expect(within(card).getAllByText(/^Payment:/)).toHaveLength(1);
  });

  it('cancels an order that is still “Order Placed”, and only that one', async () => {
    signedIn();
    let cancelled = false;
    const cancels: string[] = [];
    const bodies: string[] = [];
    server.use(
      http.get('/api/getorder/user', () =>
        HttpResponse.json(
          anOrderPage([
            anOrder({ _id: 'order-2', status: cancelled ? 'Cancelled' : 'Order Placed', paymentStatus: cancelled ? 'void' : 'pending' }),
            anOrder({ _id: 'order-1', status: 'Packing' }),
          ]),
        ),
      ),
      http.post('/api/orders/:id/cancel', async ({ params, request }) => {
        cancels.push(String(params.id));
        bodies.push(await request.text());
        cancelled = true;
        return HttpResponse.json({ success: true, message: 'Order cancelled', order: anOrder({ _id: 'order-2', status: 'Cancelled', paymentStatus: 'void' }) });
      }),
    );
    const { user } = renderWithApp('/My-orders');

    const placed = await findOrderCard('order-2');
    const packing = await findOrderCard('order-1');
    expect(packing.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    // The in-app dialog asks first; keeping the order sends nothing.
    await user.click(placed.getByRole('button', { name: 'Cancel order' }));
    const ask = await screen.findByRole('dialog', { name: 'Cancel order GC-order-2?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep order' }));
    expect(screen.queryByRole('dialog', { name: 'Cancel order GC-order-2?' })).not.toBeInTheDocument();
    expect(cancels).toEqual([]);
    await user.click(placed.getByRole('button', { name: 'Cancel order' }));
    // The dialog asks why (optional): the shop reads it.
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order GC-order-2?' });
    await user.type(within(dialog).getByLabelText('Why are you cancelling? (optional)'), 'Ordered by mistake');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));

    expect(await screen.findByText('Order GC-order-2 cancelled')).toBeInTheDocument();
    expect(bodies).toEqual([JSON.stringify({ reason: 'Ordered by mistake' })]);
    await waitFor(() => expect(placed.getByTestId('order-status')).toHaveTextContent('Cancelled'));
    expect(placed.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    expect(cancels).toEqual(['order-2']);
  });

  it('says why a cancel was refused (the shop started packing)', async () => {
    signedIn();
    server.use(
      http.get('/api/getorder/user', () => HttpResponse.json(anOrderPage([anOrder({ _id: 'order-2' })]))),
      http.post('/api/orders/:id/cancel', () => HttpResponse.json({ success: false, message: 'This order is already being packed' }, { status: 409 })),
    );
    const { user } = renderWithApp('/My-orders');

    await user.click((await findOrderCard('order-2')).getByRole('button', { name: 'Cancel order' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('This order is already being packed')).toBeInTheDocument();
  });

  it('says who cancelled and why, and where the refund of a paid online order stands', async () => {
    signedIn();
    const cancelledAt = '2025-01-01T10:12:00.000Z';
    const refundedAt = '2025-01-02T09:30:00.000Z';
    const history = [
      { status: 'Order Placed' as const, at: '2025-01-01T10:00:00.000Z' },
      { status: 'Cancelled' as const, at: cancelledAt },
    ];
    const paid = { provider: 'razorpay' as const, razorpayOrderId: 'order_rzp', razorpayPaymentId: 'pay_1', refundId: 'rfnd_1' };
    server.use(
      http.get('/api/getorder/user', () =>
        HttpResponse.json(
          anOrderPage([
            anOrder({
              _id: 'order-3',
              paymentType: 'Online',
              status: 'Cancelled',
              paymentStatus: 'paid',
              cancelledBy: 'shop',
              cancelReason: 'The mangoes sold out this morning',
              statusHistory: history,
              payment: { ...paid, refundStatus: 'pending' },
            }),
            anOrder({
              _id: 'order-2',
              paymentType: 'Online',
              status: 'Cancelled',
              paymentStatus: 'refunded',
              cancelledBy: 'shop',
              statusHistory: history,
              payment: { ...paid, refundStatus: 'processed', refundedAt },
            }),
            anOrder({ _id: 'order-1', status: 'Cancelled', paymentStatus: 'void', cancelledBy: 'shopper', statusHistory: history }),
          ]),
        ),
      ),
    );
    renderWithApp('/My-orders');

    const started = await findOrderCard('order-3');
    expect(started.getByTestId('cancellation-note')).toHaveTextContent('Cancelled by the shop: The mangoes sold out this morning');
    expect(started.getByTestId('refund-line')).toHaveTextContent(/^₹204\.00 refund started/);

    const refunded = await findOrderCard('order-2');
    expect(refunded.getByTestId('cancellation-note')).toHaveTextContent('Cancelled by the shop.');
    const day = new Date(refundedAt).toLocaleDateString('en-IN', { day: 'numeric', month: 'short' });
    const time = new Date(refundedAt).toLocaleTimeString('en-IN', { hour: 'numeric', minute: '2-digit' });
    expect(refunded.getByTestId('refund-line')).toHaveTextContent(`₹204.00 refunded on ${day}, ${time} to the card, UPI or bank account you paid with`);

    const mine = await findOrderCard('order-1');
    expect(mine.getByTestId('cancellation-note')).toHaveTextContent('You cancelled this order.');
    expect(mine.getByTestId('refund-line')).toHaveTextContent('Nothing was charged for this order.');
  });

  it('buys again: the products still sold go into the cart, each size under its one cart key, and says what it could not add', async () => {
    const saved: unknown[] = [];
    server.use(
      sessionHandler({ shopper: aUser({ cartItems: { 'product-1': 1 } }) }),
      http.get('/api/getorder/user', () =>
        HttpResponse.json(
          anOrderPage([
            anOrder({
              _id: 'order-2',
              status: 'Delivered',
              items: [
                {
                  product: { _id: 'product-1', name: 'Fresh Apples', category: 'Fruits', image: [], offerPrice: 100 },
                  name: 'Fresh Apples',
                  category: 'Fruits',
                  image: '',
                  offerPrice: 100,
                  quantity: 2,
                },
                { product: null, name: 'Old Jam', category: 'Instant', image: '', offerPrice: 50, quantity: 1 },
                {
                  // The default size of a product in sizes: the plain product id in the cart, never "id:size".
                  product: { _id: ATTA_ID, name: 'Aashirvaad Atta', category: 'Grains', image: [], offerPrice: 62 },
                  name: 'Aashirvaad Atta',
                  category: 'Grains',
                  image: '',
                  offerPrice: 62,
                  quantity: 0,
                  ordered: 2,
                  variant: ATTA_SIZES.kg1,
                  label: '1 kg',
                },
              ],
            }),
          ]),
        ),
      ),
      http.get('/api/products', () =>
        HttpResponse.json({ success: true, products: [aProduct(), aSizedProduct()], page: 1, limit: 100, total: 2, totalPages: 1 }),
      ),
      http.patch('/api/cart', async ({ request }) => {
        const body = (await request.json()) as { cartItems: Record<string, number> };
        saved.push(body.cartItems);
        return HttpResponse.json({ success: true, cartItems: body.cartItems, cartVersion: saved.length, cartNotices: [] });
      }),
      http.get('/api/Address/get', () => HttpResponse.json({ success: true, address: [] })),
      http.get('/api/payments/options', () =>
        HttpResponse.json({
          success: true,
          online: { available: false, reason: 'Not set up' },
          checkoutUrl: 'https://checkout.test/v1/checkout.js',
          shop: { name: 'G', email: 'g@x.test', phone: '1' },
        }),
      ),
    );
    const { user, router } = renderWithApp('/My-orders');

    await user.click((await findOrderCard('order-2')).getByRole('button', { name: 'Buy again' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    await waitFor(() => expect(saved).toEqual([{ 'product-1': 3, [ATTA_ID]: 2 }]));
    expect(await screen.findByText('Not added: Old Jam is not sold any more')).toBeInTheDocument();
  });

  it('finds an order by its number on the server', async () => {
    signedIn();
    const searches: string[] = [];
    server.use(
      http.get('/api/getorder/user', ({ request }) => {
        const search = new URL(request.url).searchParams.get('search') ?? '';
        searches.push(search);
        return HttpResponse.json(
          anOrderPage(
            search
              ? [anOrder({ _id: 'order-9', orderNumber: 'GC-104273' })]
              : [anOrder({ _id: 'order-1' }), anOrder({ _id: 'order-9', orderNumber: 'GC-104273' })],
          ),
        );
      }),
    );
    const { user } = renderWithApp('/My-orders');

    expect(await screen.findAllByTestId('order-card')).toHaveLength(2);
    await user.type(screen.getByLabelText('Search by order number'), '104273');
    await waitFor(() => expect(screen.getAllByTestId('order-card')).toHaveLength(1));
    expect(searches.at(-1)).toBe('104273');
  });
});
