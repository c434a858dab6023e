import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeliverySlots } from '@greencart/domain';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aProduct, anAddress, anOrder, anOrderPage, aUser } from '@/test/data';
import { renderWithApp } from '@/test/render';
import { server } from '@/test/server';

const apples = aProduct({ _id: 'product-1', name: 'Fresh Apples', offerPrice: 100 });
const home = anAddress({ _id: 'address-1', street: '12 MG Road', city: 'Bengaluru', state: 'Karnataka' });

/** The shop is closed (no express); tomorrow has one slot with 2 places and one full. */
const TOMORROWS_SLOTS: DeliverySlots = {
  success: true,
  express: { available: false, message: 'Closed now · opens at 07:00' },
  days: [
    {
      date: '2026-11-29',
      label: 'Tomorrow',
      slots: [
        { id: '2026-11-29T07:00', start: '07:00', end: '09:00', left: 2, available: true },
        { id: '2026-11-29T18:00', start: '18:00', end: '20:00', left: 0, available: false, reason: 'Full' },
      ],
    },
  ],
};

/** A signed-in shopper with 2 apples; the shop is closed now and offers tomorrow's slots. */
function closedShopWithSlots() {
  const placed: unknown[] = [];
  server.use(
    http.get('/api/session', () => HttpResponse.json({ success: true, shopper: aUser({ cartItems: { 'product-1': 2 } }), seller: false })),
    http.get('/api/products', () => HttpResponse.json({ success: true, products: [apples], page: 1, limit: 100, total: 1, totalPages: 1 })),
    http.get('/api/payments/options', () =>
      HttpResponse.json({
        success: true,
        online: { available: false, reason: 'Not set up' },
        checkoutUrl: 'https://checkout.test/v1/checkout.js',
        shop: { name: 'GreenCart', email: 'help@greencart.test', phone: '+91 90000 00000' },
      }),
    ),
    http.get('/api/Address/get', () => HttpResponse.json({ success: true, address: [home] })),
    http.get('/api/delivery', ({ request }) => {
      const pincode = new URL(request.url).searchParams.get('pincode') ?? '';
      return HttpResponse.json({
        success: true,
        pincode,
        serviceable: true,
        etaMinutes: 30,
        fee: 0,
        open: false,
        opensAt: '07:00',
        message: 'Closed now · opens at 07:00',
      });
    }),
    http.get('/api/delivery/slots', () => HttpResponse.json(TOMORROWS_SLOTS)),
    http.post('/api/placeorders', async ({ request }) => {
      placed.push(await request.json());
      return HttpResponse.json({ success: true, message: 'Order Placed', order: anOrder({ _id: 'order-new', address: home }) }, { status: 201 });
    }),
    http.get('/api/getorder/user', () => HttpResponse.json(anOrderPage([]))),
  );
  return { placed };
}

describe('checkout with delivery slots', () => {
  it('while the shop is closed, waits for a slot, then orders for it', async () => {
    const { placed } = closedShopWithSlots();
    renderWithApp('/cart');
    // Once the slots are in: not "Order from 07:00" but a slot to choose.
    await waitFor(() => expect(screen.getByTestId('checkout-blocked')).toHaveTextContent('Choose a delivery slotClosed now · opens at 07:00.'));
    const button = screen.getByRole('button', { name: 'Place Order' });
    expect(button).toBeDisabled();
    const chooser = within(screen.getByTestId('slot-chooser'));
    expect(chooser.getByRole('radio', { name: 'Tomorrow 18:00–20:00, Full' })).toBeDisabled();
    await userEvent.click(chooser.getByRole('radio', { name: 'Tomorrow 07:00–09:00, Only 2 left' }));
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await waitFor(() => expect(placed).toHaveLength(1));
    expect(placed[0]).toMatchObject({ address: 'address-1', delivery: { slot: '2026-11-29T07:00' } });
  });

  it('says it is checking, not "Order from 07:00", until the slots have answered', async () => {
    closedShopWithSlots();
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/delivery/slots', async () => {
        await answered;
        return HttpResponse.json(TOMORROWS_SLOTS);
      }),
    );
    renderWithApp('/cart');
    // The shop's hours are in (a step is shown only once they are), the slots are not.
    await waitFor(() => expect(screen.getByTestId('checkout-blocked')).toHaveAttribute('data-step', 'checking'));
    expect(screen.getByTestId('checkout-blocked')).toHaveTextContent('Checking delivery times…');
    expect(screen.getByTestId('checkout-blocked')).toHaveAttribute('role', 'status');
    expect(screen.queryByText(/Order from/)).not.toBeInTheDocument();
    expect(screen.queryByText(/The shop is closed now/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('slot-chooser')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();

    answer();
    await waitFor(() => expect(screen.getByTestId('checkout-blocked')).toHaveTextContent('Choose a delivery slot'));
    expect(screen.queryByText(/Order from/)).not.toBeInTheDocument();
    expect(screen.getByTestId('slot-chooser')).toBeInTheDocument();
  });
});
