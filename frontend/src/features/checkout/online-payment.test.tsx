import type { AddressView, PaymentSuccessBody } from '@greencart/domain';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { anAddress, anOrder, anOrderPage, aProduct, aUser } from '@/test/data';
import { renderWithApp } from '@/test/render';
import { server } from '@/test/server';
import type { RazorpayCheckoutOptions, RazorpayFailure } from './razorpay-checkout';

/** What the page did with checkout.js: each `new Razorpay(options)` and whether it was opened. */
class FakeCheckout {
  static opened: FakeCheckout[] = [];
  failed?: (response: RazorpayFailure) => void;
  constructor(readonly options: RazorpayCheckoutOptions) {}
  on(_event: 'payment.failed', listener: (response: RazorpayFailure) => void) {
    this.failed = listener;
  }
  open() {
    FakeCheckout.opened.push(this);
  }
}

const SHOP = { name: 'GreenCart', email: 'help@greencart.test', phone: '+91 90000 00000' };
const PAID = { razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_rzp1', razorpay_signature: 'a'.repeat(64) } satisfies PaymentSuccessBody;

/** A signed-in shopper with two apples in the cart and a saved address; Razorpay set up. */
function shopWithOnlinePayment(address: AddressView = anAddress(), accountEmail = 'asha@example.com') {
  let cartItems: Record<string, number> = { 'product-1': 2 };
  const started: unknown[] = [];
  const confirmed: unknown[] = [];
  server.use(
    // Read at each request: the saved cart is emptied once an order is placed.
    http.get('/api/session', () => HttpResponse.json({ success: true, shopper: aUser({ cartItems, email: accountEmail }), seller: false })),
    http.get('/api/products', () => HttpResponse.json({ success: true, products: [aProduct()], page: 1, limit: 100, total: 1, totalPages: 1 })),
    http.get('/api/Address/get', () => HttpResponse.json({ success: true, address: [address] })),
    http.get('/api/payments/options', () =>
      HttpResponse.json({ success: true, online: { available: true }, checkoutUrl: 'https://checkout.test/v1/checkout.js', shop: SHOP }),
    ),
    http.get('/api/getkey', () => HttpResponse.json({ success: true, key: 'rzp_test_key' })),
    http.post('/api/paymentonline', async ({ request }) => {
      started.push(await request.json());
      return HttpResponse.json(
        { success: true, order: { id: `order_rzp${started.length}`, entity: 'order', amount: 20400, currency: 'INR', receipt: 'r1', status: 'created' } },
        { status: 201 },
      );
    }),
    http.post('/api/payment-success', async ({ request }) => {
      confirmed.push(await request.json());
      cartItems = {};
      return HttpResponse.json(
        { success: true, message: 'Payment received', order: anOrder({ paymentType: 'Online', paymentStatus: 'paid', isPaid: true }) },
        { status: 201 },
      );
    }),
    http.get('/api/getorder/user', () =>
      HttpResponse.json(anOrderPage(confirmed.length ? [anOrder({ _id: 'order-9', paymentType: 'Online', paymentStatus: 'paid', isPaid: true })] : [])),
    ),
  );
  return { started, confirmed };
}

async function chooseOnline(user: ReturnType<typeof renderWithApp>['user']) {
  // The first render of the app is slow on a busy machine.
  const select = await screen.findByLabelText('Payment Method', {}, { timeout: 5000 });
  await waitFor(() => expect(screen.getByRole('option', { name: 'Online Payment' })).toBeEnabled());
  await user.selectOptions(select, 'Online');
  return screen.getByRole('button', { name: 'Proceed to Checkout' });
}

async function checkoutOpened(count: number) {
  await waitFor(() => expect(FakeCheckout.opened).toHaveLength(count));
  return FakeCheckout.opened[count - 1]!;
}

beforeEach(() => {
  FakeCheckout.opened = [];
  // checkout.js already on the page: nothing is loaded from the network.
  window.Razorpay = FakeCheckout as unknown as Window['Razorpay'];
});
afterEach(() => {
  delete window.Razorpay;
});

describe('online payment at checkout', () => {
  it('opens Razorpay Checkout for the server’s order, then records the payment and shows the order’s confirmation', async () => {
    const { started, confirmed } = shopWithOnlinePayment();
    const { user, router } = renderWithApp('/cart');

    await user.click(await chooseOnline(user));
    const checkout = await checkoutOpened(1);

    expect(started).toEqual([{ address: 'address-1', items: [{ product: 'product-1', quantity: 2 }] }]);
    expect(checkout.options).toMatchObject({
      key: 'rzp_test_key',
      order_id: 'order_rzp1',
      amount: 20400,
      currency: 'INR',
      name: 'GreenCart',
      prefill: { name: 'Asha Rao', email: 'asha@example.com', contact: '9876543210' },
      theme: { color: '#4fbf8b' },
    });
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
    expect(screen.getByText(/help@greencart\.test/)).toBeInTheDocument();

    act(() => checkout.options.handler(PAID));

    expect(await screen.findByText('Payment received, order placed')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-placed'));
    expect(confirmed).toEqual([PAID]);
    expect(await screen.findByTestId('order-payment')).toHaveTextContent('Paid online');
  });

  it('fills Razorpay’s form with the account’s email when the address has none', async () => {
    const { email: _none, ...withoutEmail } = anAddress();
    shopWithOnlinePayment(withoutEmail, 'asha.rao@example.net');
    const { user } = renderWithApp('/cart');
    await user.click(await chooseOnline(user));
    const checkout = await checkoutOpened(1);
    expect(checkout.options.prefill).toEqual({ name: 'Asha Rao', email: 'asha.rao@example.net', contact: '9876543210' });
  });

  it('keeps the cart when the shopper closes checkout or the payment fails, and lets them try again', async () => {
    const { started, confirmed } = shopWithOnlinePayment();
    const { user, router } = renderWithApp('/cart');
    const proceed = await chooseOnline(user);

    // Closed without paying.
    await user.click(proceed);
    const first = await checkoutOpened(1);
    act(() => first.options.modal.ondismiss());
    expect(await screen.findByText('Payment not completed. Your cart is kept; you can try again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cart');
    expect(screen.getByText('Fresh Apples')).toBeInTheDocument();

    // A declined card: checkout stays open for another try and the page says what happened; closing it keeps the reason.
    await waitFor(() => expect(proceed).toBeEnabled());
    await user.click(proceed);
    const second = await checkoutOpened(2);
    act(() => second.failed?.({ error: { code: 'BAD_REQUEST_ERROR', description: 'Your card was declined.' } }));
    expect(await screen.findByText('Payment failed: Your card was declined. You can try again, or choose Cash On Delivery.')).toBeInTheDocument();
    act(() => second.options.modal.ondismiss());
    expect(await screen.findByText('Payment failed: Your card was declined. Your cart is kept; you can try again.')).toBeInTheDocument();
    expect(screen.queryByText(/You can try again, or choose Cash On Delivery/)).not.toBeInTheDocument();
    expect(screen.getByText('Fresh Apples')).toBeInTheDocument();
    expect(confirmed).toEqual([]);

    // Paying on the third try.
    await waitFor(() => expect(proceed).toBeEnabled());
    await user.click(proceed);
    const third = await checkoutOpened(3);
    expect(third.options.order_id).toBe('order_rzp3');
    expect(started).toHaveLength(3);
    act(() => third.options.handler({ ...PAID, razorpay_order_id: 'order_rzp3' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-placed'));
    expect(confirmed).toEqual([{ ...PAID, razorpay_order_id: 'order_rzp3' }]);
  });

  it('keeps Online chosen after a cancelled payment and a reload', async () => {
    shopWithOnlinePayment();
    const first = renderWithApp('/cart');
    await first.user.click(await chooseOnline(first.user));
    const checkout = await checkoutOpened(1);
    act(() => checkout.options.modal.ondismiss());
    expect(await screen.findByText('Payment not completed. Your cart is kept; you can try again.')).toBeInTheDocument();
    first.unmount();

    renderWithApp('/cart');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Online Payment' })).toBeEnabled(), { timeout: 5000 });
    expect(screen.getByLabelText('Payment Method')).toHaveValue('Online');
  });

  it('shows Online as unavailable, with the reason, when the shop has not set it up', async () => {
    shopWithOnlinePayment();
    server.use(
      http.get('/api/payments/options', () =>
        HttpResponse.json({
          success: true,
          online: { available: false, reason: 'Online payment is not set up for this shop yet; please choose cash on delivery' },
          checkoutUrl: 'https://checkout.test/v1/checkout.js',
          shop: SHOP,
        }),
      ),
    );
    renderWithApp('/cart');

    expect(
      await screen.findByText('Online payment is not set up for this shop yet; please choose cash on delivery', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Online Payment (unavailable)' })).toBeDisabled();
    expect(screen.getByLabelText('Payment Method')).toHaveValue('COD');
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeInTheDocument();
  });

  it('says what went wrong when Razorpay cannot be reached, and keeps the cart', async () => {
    shopWithOnlinePayment();
    server.use(
      http.post('/api/paymentonline', () =>
        HttpResponse.json(
          { success: false, message: 'Online payment is unavailable right now. Please try again in a moment or choose cash on delivery.' },
          { status: 503 },
        ),
      ),
    );
    const { user } = renderWithApp('/cart');

    await user.click(await chooseOnline(user));

    expect(await screen.findByText('Online payment is unavailable right now. Please try again in a moment or choose cash on delivery.')).toBeInTheDocument();
    expect(FakeCheckout.opened).toHaveLength(0);
    expect(screen.getByText('Fresh Apples')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled());
  });
});
