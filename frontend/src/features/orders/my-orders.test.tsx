import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { anAddress, anOrder, anOrderPage, aUser } from '@/test/data';
import { renderWithApp } from '@/test/render';
import { server } from '@/test/server';

function signedIn() {
  server.use(http.get('/api/isAuth', () => HttpResponse.json({ success: true, userData: aUser() })));
}

/** An order card, found by the order id it shows. */
async function findOrderCard(orderId: string) {
  const id = await screen.findByText(`OrderId: ${orderId}`);
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
            anOrder({ _id: 'order-0', paymentType: 'Online', status: 'Cancelled', paymentStatus: 'refunded' }),
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
    expect(delivered.getByText('Delivered')).toBeInTheDocument();
    expect(delivered.getByText('Paid · cash on delivery')).toBeInTheDocument();
    expect(delivered.getByRole('heading', { name: 'Delivery address' })).toBeInTheDocument();
    expect(delivered.getByText('7 Park Street, Kolkata')).toBeInTheDocument();
    expect(delivered.getByText('West Bengal, 700016, India')).toBeInTheDocument();

    const placed = await findOrderCard('order-1');
    expect(placed.getByText('Fresh Apples')).toBeInTheDocument();
    expect(placed.getByText('Total Amount: ₹204.00')).toBeInTheDocument();
    expect(placed.getByText('Order Placed')).toBeInTheDocument();
    expect(placed.getByText('Cash on delivery · to be paid')).toBeInTheDocument();
    expect(placed.getByText('12 MG Road, Bengaluru')).toBeInTheDocument();

    const refunded = await findOrderCard('order-0');
    expect(refunded.getByText('Cancelled')).toBeInTheDocument();
    expect(refunded.getByText('Refunded')).toBeInTheDocument();

    expect(screen.getByText('Showing 3 of 3 orders')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(pages).toEqual(['1']);
  });

  it('says so when there are no orders yet', async () => {
    signedIn();
    server.use(http.get('/api/getorder/user', () => HttpResponse.json(anOrderPage([]))));
    renderWithApp('/My-orders');

    expect(await screen.findByText('You have not placed any orders yet.')).toBeInTheDocument();
    expect(screen.queryByText(/OrderId:/)).not.toBeInTheDocument();
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
    expect(screen.queryByText('OrderId: order-2')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByText('OrderId: order-2')).toBeInTheDocument();
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
