import { couponTitle, formatRupees, priceCart, type OfferView, type PaymentSuccessBody } from '@greencart/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { anAddress, anOrder, anOrderPage, aProduct, aUser } from '@/test/data';
import { renderWithApp } from '@/test/render';
import { server } from '@/test/server';
import type { RazorpayCheckoutOptions } from './razorpay-checkout';

const apples = aProduct({ _id: 'product-1', name: 'Fresh Apples', offerPrice: 100 });
const carrots = aProduct({ _id: 'product-2', name: 'Organic Carrots', category: 'Vegetables', offerPrice: 45.5 });

/** An offer as GET /api/coupons or POST /api/coupons/check answers it. */
function anOffer(terms: Pick<OfferView, 'code' | 'kind' | 'value'> & Partial<OfferView>): OfferView {
  const offer = { maxDiscount: null, minSubtotal: null, endsAt: null, firstOrderOnly: false, applies: true, discountPaise: 0, ...terms };
  return { ...offer, title: couponTitle(offer) };
}

const FLAT50 = anOffer({ code: 'FLAT50', kind: 'flat', value: 50, minSubtotal: 499 });
const WELCOME10 = anOffer({ code: 'WELCOME10', kind: 'percent', value: 10, maxDiscount: 100, firstOrderOnly: true });
const USED20 = anOffer({ code: 'USED20', kind: 'flat', value: 20, applies: false, message: 'You have already used coupon USED20' });

/**
 * A signed-in shopper with 2 apples and 3 carrots (₹336.50) saved in the cart, the shop's offers judged against
 * it, and a check that refuses FLAT50 below ₹499 and unknown codes like the server does.
 */
function shopperWithOffers({ cart = { 'product-1': 2, 'product-2': 3 } as Record<string, number> } = {}) {
  let cartItems = cart;
  const placed: { body: unknown; idempotencyKey: string | null }[] = [];
  const checked: unknown[] = [];
  const offers = [FLAT50, WELCOME10, USED20];
  const subtotalOf = (items: { product: string; quantity: number }[]) =>
    priceCart(items.map((item) => ({ offerPrice: item.product === 'product-1' ? 100 : 45.5, quantity: item.quantity }))).subtotalPaise;
  server.use(
    http.get('/api/session', () => HttpResponse.json({ success: true, shopper: aUser({ cartItems }), seller: false })),
    http.get('/api/products', ({ request }) => {
      const ids = new URL(request.url).searchParams.get('ids')?.split(',') ?? [];
      const products = [apples, carrots].filter((product) => ids.includes(product._id));
      return HttpResponse.json({ success: true, products, page: 1, limit: 100, total: products.length, totalPages: 1 });
    }),
    http.patch('/api/cart', async ({ request }) => {
      const body = (await request.json()) as { cartItems: Record<string, number> };
      cartItems = { ...cartItems, ...body.cartItems };
      return HttpResponse.json({ success: true, cartItems, cartVersion: 2, cartNotices: [] });
    }),
    http.get('/api/Address/get', () => HttpResponse.json({ success: true, address: [anAddress()] })),
    http.get('/api/payments/options', () =>
      HttpResponse.json({
        success: true,
        online: { available: true },
        checkoutUrl: 'https://checkout.test/v1/checkout.js',
        shop: { name: 'GreenCart', email: 'help@greencart.test', phone: '+91 90000 00000' },
      }),
    ),
    http.get('/api/coupons', () => {
      const subtotalPaise = subtotalOf(Object.entries(cartItems).map(([product, quantity]) => ({ product, quantity })));
      const judged = offers.map((offer) =>
        offer === FLAT50 && subtotalPaise < 49_900
          ? { ...offer, applies: false, message: `Add ${formatRupees(49_900 - subtotalPaise)} more of items to use FLAT50 (orders of ₹499.00 or more)` }
          : offer,
      );
      return HttpResponse.json({ success: true, coupons: judged, subtotalPaise });
    }),
    http.post('/api/coupons/check', async ({ request }) => {
      const body = (await request.json()) as { code: string; items: { product: string; quantity: number }[] };
      checked.push(body);
      const offer = offers.find((candidate) => candidate.code === body.code.toUpperCase());
      if (!offer) return HttpResponse.json({ success: false, message: `Coupon ${body.code.toUpperCase()} is not valid` }, { status: 400 });
      if (offer.message && !offer.applies) return HttpResponse.json({ success: false, message: offer.message }, { status: 400 });
      const subtotalPaise = subtotalOf(body.items);
      if (offer === FLAT50 && subtotalPaise < 49_900)
        return HttpResponse.json(
          { success: false, message: `Add ${formatRupees(49_900 - subtotalPaise)} more of items to use FLAT50 (orders of ₹499.00 or more)` },
          { status: 400 },
        );
      const price = priceCart([{ offerPrice: subtotalPaise / 100, quantity: 1 }], null, offer);
      return HttpResponse.json({ success: true, coupon: { ...offer, discountPaise: price.discountPaise }, price });
    }),
    http.post('/api/placeorders', async ({ request }) => {
      placed.push({ body: await request.json(), idempotencyKey: request.headers.get('Idempotency-Key') });
      cartItems = {};
      const price = priceCart([{ offerPrice: 336.5, quantity: 1 }], null, WELCOME10);
      return HttpResponse.json(
        {
          success: true,
          message: 'Order Placed',
          order: anOrder({
            _id: 'order-new',
            subtotalPaise: price.subtotalPaise,
            discountPaise: price.discountPaise,
            coupon: { code: 'WELCOME10', discountPaise: price.discountPaise },
            taxPaise: price.taxPaise,
            amountPaise: price.totalPaise,
            amount: price.totalPaise / 100,
          }),
        },
        { status: 201 },
      );
    }),
    http.get('/api/getorder/user', () => HttpResponse.json(anOrderPage([]))),
  );
  return { placed, checked };
}

function orderSummary() {
  return within(screen.getByRole('complementary', { name: 'Order Summary' }));
}

/** The summary, once the cart has loaded. */
async function loadedSummary() {
  return within(await screen.findByRole('complementary', { name: 'Order Summary' }));
}

function summaryFigure(label: string) {
  return orderSummary().getByText(label, { selector: 'dt' }).nextElementSibling;
}

function offer(code: string) {
  return within(orderSummary().getByRole('listitem', { name: `Offer ${code}` }));
}

function cartLine(productName: string) {
  const line = screen.getByRole('button', { name: `Remove ${productName} from cart` }).closest('li');
  if (!line) throw new Error(`no cart line for ${productName}`);
  return within(line);
}

const CART = [
  { offerPrice: 100, quantity: 2 },
  { offerPrice: 45.5, quantity: 3 },
];

afterEach(() => {
  delete window.Razorpay;
});

describe('coupons in the cart', () => {
  it('lists the offers judged against the cart as it is now, and applies one from its button', async () => {
    const { checked } = shopperWithOffers();
    const { user } = renderWithApp('/cart');

    expect(await (await loadedSummary()).findByRole('listitem', { name: 'Offer FLAT50' })).toBeInTheDocument();
    expect(offer('FLAT50').getByText('₹50 off on orders of ₹499 or more')).toBeInTheDocument();
    expect(offer('FLAT50').getByTestId('offer-fit')).toHaveTextContent('Add ₹162.50 more to use it');
    // 10% of ₹336.50, rounded down to the paisa.
    expect(offer('WELCOME10').getByTestId('offer-fit')).toHaveTextContent('You save ₹33.65');
    // A reason only the server knows: said as it says it, and not offered.
    expect(offer('USED20').getByTestId('offer-fit')).toHaveTextContent('You have already used coupon USED20');
    expect(offer('USED20').getByRole('button', { name: 'Apply USED20' })).toBeDisabled();

    // One that needs more in the cart: the server's message.
    await user.click(offer('FLAT50').getByRole('button', { name: 'Apply FLAT50' }));
    expect(await (await loadedSummary()).findByTestId('coupon-refusal')).toHaveTextContent(
      'Add ₹162.50 more of items to use FLAT50 (orders of ₹499.00 or more)',
    );
    expect(orderSummary().queryByTestId('coupon-line')).not.toBeInTheDocument();

    await user.click(offer('WELCOME10').getByRole('button', { name: 'Apply WELCOME10' }));
    expect(await orderSummary().findByTestId('applied-coupon')).toHaveTextContent('WELCOME10 applied — you save ₹33.65');
    expect(offer('WELCOME10').getByText('Applied')).toBeInTheDocument();
    expect(orderSummary().queryByTestId('coupon-refusal')).not.toBeInTheDocument();
    expect(checked).toEqual([
      {
        code: 'FLAT50',
        items: [
          { product: 'product-1', quantity: 2 },
          { product: 'product-2', quantity: 3 },
        ],
      },
      {
        code: 'WELCOME10',
        items: [
          { product: 'product-1', quantity: 2 },
          { product: 'product-2', quantity: 3 },
        ],
      },
    ]);

    // The bill with the discount, the tax on the discounted items, and the same total in the phone's bar.
    const price = priceCart(CART, null, WELCOME10);
    expect(summaryFigure('Coupon WELCOME10')).toHaveTextContent('−₹33.65');
    expect(summaryFigure('Tax (2%)')).toHaveTextContent(formatRupees(price.taxPaise));
    expect(summaryFigure('Total Amount:')).toHaveTextContent(formatRupees(price.totalPaise));
    // ₹336.50 − ₹33.65 + 2% of ₹302.85 (₹6.05) = ₹308.90
    expect(summaryFigure('Total Amount:')).toHaveTextContent('₹308.90');
    expect(screen.getByTestId('checkout-bar-amount')).toHaveTextContent('₹308.90incl. 2% tax₹33.65 off');
  });

  it('takes a typed code in any case, says a wrong one as the server does, and removes one', async () => {
    shopperWithOffers({ cart: { 'product-1': 5 } });
    const { user } = renderWithApp('/cart');
    const box = await (await loadedSummary()).findByLabelText('Have a coupon code?');

    await user.type(box, 'nope1');
    await user.click(orderSummary().getByRole('button', { name: 'Apply' }));
    expect(await orderSummary().findByTestId('coupon-refusal')).toHaveTextContent('Coupon NOPE1 is not valid');
    expect(box).toHaveAccessibleDescription('Coupon NOPE1 is not valid');

    await user.clear(box);
    await user.type(box, 'flat50{Enter}');
    expect(await orderSummary().findByTestId('applied-coupon')).toHaveTextContent('FLAT50 applied — you save ₹50.00');
    expect(box).toHaveValue('');
    expect(summaryFigure('Coupon FLAT50')).toHaveTextContent('−₹50.00');
    // ₹500 − ₹50 + 2% of ₹450 = ₹459.00
    expect(summaryFigure('Total Amount:')).toHaveTextContent('₹459.00');

    await user.click(orderSummary().getByRole('button', { name: 'Remove coupon FLAT50' }));
    expect(orderSummary().queryByTestId('applied-coupon')).not.toBeInTheDocument();
    expect(orderSummary().queryByTestId('coupon-line')).not.toBeInTheDocument();
    expect(summaryFigure('Total Amount:')).toHaveTextContent('₹510.00');
  });

  it('stops counting a coupon once the cart falls below its minimum, and sends the order without it', async () => {
    const { placed } = shopperWithOffers({ cart: { 'product-1': 5 } });
    const { user } = renderWithApp('/cart');
    await user.click(await (await loadedSummary()).findByRole('button', { name: 'Apply FLAT50' }));
    expect(await orderSummary().findByTestId('applied-coupon')).toHaveTextContent('FLAT50 applied — you save ₹50.00');

    await user.click(cartLine('Fresh Apples').getByRole('button', { name: 'Remove one Fresh Apples' }));
    expect(orderSummary().getByTestId('applied-coupon')).toHaveTextContent(
      'FLAT50 not counted: Add ₹99.00 more of items to use FLAT50 (orders of ₹499.00 or more)',
    );
    expect(orderSummary().queryByTestId('coupon-line')).not.toBeInTheDocument();
    expect(summaryFigure('Total Amount:')).toHaveTextContent('₹408.00');

    await user.click(orderSummary().getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(placed).toHaveLength(1));
    expect(placed[0]!.body).toEqual({ address: 'address-1', items: [{ product: 'product-1', quantity: 4 }] });
  });

  it('sends the applied code with a cash-on-delivery order, shows the discount on the confirmation, and forgets the code', async () => {
    const { placed } = shopperWithOffers();
    const { user } = renderWithApp('/cart');
    await user.click(await (await loadedSummary()).findByRole('button', { name: 'Apply WELCOME10' }));
    await orderSummary().findByTestId('applied-coupon');
    await user.click(orderSummary().getByRole('button', { name: 'Place Order' }));

    expect(await screen.findByRole('heading', { name: 'Order placed' })).toBeInTheDocument();
    expect(placed[0]!.body).toEqual({
      address: 'address-1',
      items: [
        { product: 'product-1', quantity: 2 },
        { product: 'product-2', quantity: 3 },
      ],
      coupon: 'WELCOME10',
    });
    const bill = within(screen.getByTestId('order-bill'));
    expect(bill.getByText('Coupon WELCOME10').nextElementSibling).toHaveTextContent('−₹33.65');
    expect(bill.getByText('Tax (2%)').nextElementSibling).toHaveTextContent('₹6.05');
    expect(bill.getByText('Total').nextElementSibling).toHaveTextContent('₹308.90');
    expect(sessionStorage.getItem('greencart:coupon')).toBeNull();
  });

  it("shows the server's refusal at placing, keeps the cart, and takes the coupon off so the total is said again", async () => {
    const { placed } = shopperWithOffers();
    server.use(
      http.post('/api/placeorders', async ({ request }) => {
        placed.push({ body: await request.json(), idempotencyKey: request.headers.get('Idempotency-Key') });
        return HttpResponse.json({ success: false, message: 'Coupon WELCOME10 has been used up' }, { status: 409 });
      }),
    );
    const { user, router } = renderWithApp('/cart');
    await user.click(await (await loadedSummary()).findByRole('button', { name: 'Apply WELCOME10' }));
    await orderSummary().findByTestId('applied-coupon');
    await user.click(orderSummary().getByRole('button', { name: 'Place Order' }));

    expect(await screen.findByText('Coupon WELCOME10 has been used up', { selector: '[role=status] *, [role=status]' })).toBeInTheDocument();
    expect(orderSummary().getByTestId('coupon-notice')).toHaveTextContent(
      'Coupon WELCOME10 has been used up. The coupon was taken off: check the total and place your order again.',
    );
    expect(router.state.location.pathname).toBe('/cart');
    expect(cartLine('Fresh Apples').getByTestId('stepper-quantity')).toHaveTextContent('In cart: 2');
    expect(orderSummary().queryByTestId('coupon-line')).not.toBeInTheDocument();
    expect(summaryFigure('Total Amount:')).toHaveTextContent('₹343.23');

    // Placed again without it: a new attempt (another key), no coupon.
    await user.click(orderSummary().getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(placed).toHaveLength(2));
    expect(placed[1]!.body).not.toHaveProperty('coupon');
    expect(placed[1]!.idempotencyKey).not.toBe(placed[0]!.idempotencyKey);
  });

  it('sends the applied code when paying online', async () => {
    shopperWithOffers({ cart: { 'product-1': 5 } });
    const started: unknown[] = [];
    const opened: RazorpayCheckoutOptions[] = [];
    window.Razorpay = class {
      constructor(readonly options: RazorpayCheckoutOptions) {}
      on() {}
      open() {
        opened.push(this.options);
      }
    } as unknown as Window['Razorpay'];
    server.use(
      http.get('/api/getkey', () => HttpResponse.json({ success: true, key: 'rzp_test_key' })),
      http.post('/api/paymentonline', async ({ request }) => {
        started.push(await request.json());
        return HttpResponse.json(
          { success: true, order: { id: 'order_rzp1', entity: 'order', amount: 45_900, currency: 'INR', receipt: 'r1', status: 'created' } },
          { status: 201 },
        );
      }),
      http.post('/api/payment-success', () =>
        HttpResponse.json({ success: true, message: 'Payment received', order: anOrder({ paymentType: 'Online', paymentStatus: 'paid', isPaid: true }) }),
      ),
    );
    const { user } = renderWithApp('/cart');
    await user.click(await (await loadedSummary()).findByRole('button', { name: 'Apply FLAT50' }));
    await orderSummary().findByTestId('applied-coupon');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Online Payment' })).toBeEnabled());
    await user.selectOptions(orderSummary().getByLabelText('Payment Method'), 'Online');
    await user.click(orderSummary().getByRole('button', { name: 'Proceed to Checkout' }));

    await waitFor(() => expect(opened).toHaveLength(1));
    expect(started).toEqual([{ address: 'address-1', items: [{ product: 'product-1', quantity: 5 }], coupon: 'FLAT50' }]);
    expect(opened[0]).toMatchObject({ amount: 45_900 });
    const paid: PaymentSuccessBody = { razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_rzp1', razorpay_signature: 'a'.repeat(64) };
    act(() => opened[0]!.handler(paid));
    expect(await screen.findByRole('heading', { name: 'Order placed' })).toBeInTheDocument();
    expect(sessionStorage.getItem('greencart:coupon')).toBeNull();
  });
});

describe('coupons on placed orders', () => {
  it('shows the discount and its code in My orders', async () => {
    const price = priceCart([{ offerPrice: 100, quantity: 6 }], null, FLAT50);
    const order = anOrder({
      _id: 'order-7',
      items: [
        {
          product: { _id: 'product-1', name: 'Fresh Apples', category: 'Fruits', image: [], offerPrice: 100 },
          name: 'Fresh Apples',
          category: 'Fruits',
          image: '',
          offerPrice: 100,
          quantity: 6,
        },
      ],
      subtotalPaise: price.subtotalPaise,
      discountPaise: price.discountPaise,
      coupon: { code: 'FLAT50', discountPaise: price.discountPaise },
      taxPaise: price.taxPaise,
      amountPaise: price.totalPaise,
      amount: price.totalPaise / 100,
    });
    server.use(
      http.get('/api/session', () => HttpResponse.json({ success: true, shopper: aUser(), seller: false })),
      http.get('/api/getorder/user', () => HttpResponse.json(anOrderPage([order, anOrder({ _id: 'order-6' })]))),
    );
    renderWithApp('/My-orders');
    const [withCoupon, without] = await screen.findAllByTestId('order-bill');
    const bill = within(withCoupon!);
    expect(bill.getByText('Items').nextElementSibling).toHaveTextContent('₹600.00');
    expect(bill.getByText('Coupon FLAT50').nextElementSibling).toHaveTextContent('−₹50.00');
    expect(bill.getByText('Tax (2%)').nextElementSibling).toHaveTextContent('₹11.00');
    expect(bill.getByText('Total').nextElementSibling).toHaveTextContent('₹561.00');
    expect(within(without!).queryByText(/Coupon/)).not.toBeInTheDocument();
  });
});
