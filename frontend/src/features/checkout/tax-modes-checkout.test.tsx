import { formatRupees, priceCartIn, type DeliveryCheck, type TaxMode } from '@greencart/domain';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { pincodeStore } from '@/features/delivery';
import { aProduct, anAddress, aUser } from '@/test/data';
import { renderWithApp } from '@/test/render';
import { server, shopTaxHandler } from '@/test/server';
import { checkoutStep } from './checkout-step';
import { itemsComeBefore, itemsOnlyNote, totalNote } from './tax-words';

// Issue 54: the cart priced in the shop's tax mode, as the server charges it.
const dal = aProduct({ _id: 'product-1', name: 'Toor Dal', offerPrice: 37.25, gstRate: 5 });
const chocolate = aProduct({ _id: 'product-2', name: 'Dark Chocolate', category: 'Snacks', offerPrice: 120, gstRate: 18 });
const CART = { 'product-1': 2, 'product-2': 1 };
const LINES = [
  { offerPrice: 37.25, quantity: 2, gstRate: 5 },
  { offerPrice: 120, quantity: 1, gstRate: 18 },
];
const FEE = { feePaise: 2000, freeAbovePaise: null };

const delivery = (pincode: string, extra: Partial<DeliveryCheck> = {}): DeliveryCheck => ({
  success: true,
  pincode,
  serviceable: true,
  etaMinutes: 25,
  fee: 20,
  open: true,
  message: 'Delivery in 25 min',
  ...extra,
});

/** A signed-in shopper with 2 dal and 1 chocolate in the cart, a shop in `taxMode` delivering for ₹20. */
function shopIn(taxMode: TaxMode, { deliveryGstRate = 18, area = {} as Partial<DeliveryCheck> } = {}) {
  server.use(
    shopTaxHandler(taxMode, deliveryGstRate),
    http.get('/api/session', () => HttpResponse.json({ success: true, shopper: aUser({ cartItems: CART }), seller: false })),
    http.get('/api/products', ({ request }) => {
      const ids = new URL(request.url).searchParams.get('ids')?.split(',') ?? [];
      const products = [dal, chocolate].filter((product) => ids.includes(product._id));
      return HttpResponse.json({ success: true, products, page: 1, limit: 100, total: products.length, totalPages: 1 });
    }),
    http.get('/api/Address/get', () => HttpResponse.json({ success: true, address: [{ ...anAddress(), isDefault: true }] })),
    http.get('/api/delivery', ({ request }) => HttpResponse.json(delivery(new URL(request.url).searchParams.get('pincode') ?? '', area))),
    http.get('/api/payments/options', () =>
      HttpResponse.json({
        success: true,
        online: { available: false, reason: 'Not set up' },
        checkoutUrl: 'https://checkout.test/v1/checkout.js',
        shop: { name: 'G', email: 'g@x.test', phone: '1' },
      }),
    ),
  );
}

const summary = () => within(screen.getByRole('complementary', { name: 'Order Summary' }));
/** The cart page with its summary loaded. */
async function openCart() {
  const view = renderWithApp('/cart');
  await screen.findByRole('complementary', { name: 'Order Summary' });
  return view;
}
const figure = (label: string) => summary().getByText(label, { selector: 'dt' }).nextElementSibling;

afterEach(() => pincodeStore.set(null));

describe('checkout in the shop’s tax mode (issue 54)', () => {
  it('gst: the prices hold the GST; no tax line is added, the total says how much GST it includes', async () => {
    shopIn('gst');
    await openCart();
    const price = priceCartIn({ taxMode: 'gst', deliveryGstRate: 18 }, LINES, FEE);
    // ₹74.50 + ₹120 + ₹20 fee, nothing added; inside: 5% of the dal, 18% of the chocolate and of the fee.
    expect(price.totalPaise).toBe(21_450);
    expect(await summary().findByText('Includes GST', { selector: 'dt' })).toBeInTheDocument();
    expect(figure('Includes GST')).toHaveTextContent(formatRupees(price.taxInsidePaise));
    expect(price.taxInsidePaise).toBe(355 + 1831 + 305);
    expect(figure('Total Amount:')).toHaveTextContent('₹214.50');
    expect(figure('Items subtotal')).toHaveTextContent('₹194.50');
    expect(summary().queryByText('Tax (2%)')).not.toBeInTheDocument();
    expect(screen.getByTestId('checkout-bar-amount')).toHaveTextContent('₹214.50incl. GST & delivery');
  });

  it('gst: the delivery fee holds GST at the shop’s own rate for it', async () => {
    shopIn('gst', { deliveryGstRate: 5 });
    await openCart();
    const price = priceCartIn({ taxMode: 'gst', deliveryGstRate: 5 }, LINES, FEE);
    expect(price.taxInsidePaise).toBe(355 + 1831 + 95);
    expect(await summary().findByText('Includes GST', { selector: 'dt' })).toBeInTheDocument();
    expect(figure('Includes GST')).toHaveTextContent('₹22.81');
  });

  it.each(['composition', 'unregistered'] as const)('%s: no tax is added nor named anywhere in the summary', async (taxMode) => {
    shopIn(taxMode);
    await openCart();
    expect(await summary().findByText('Delivery in 25 min to 560001')).toBeInTheDocument();
    expect(figure('Total Amount:')).toHaveTextContent('₹214.50');
    expect(figure('Delivery fee')).toHaveTextContent('₹20.00');
    expect(screen.getByRole('complementary', { name: 'Order Summary' }).textContent).not.toMatch(/tax|GST/i);
    expect(screen.getByTestId('checkout-bar-amount')).toHaveTextContent(/^₹214\.50incl\. delivery$/);
  });

  it('flat (a shop that never chose): 2% added on top as before', async () => {
    shopIn('flat');
    await openCart();
    expect(await summary().findByText('Tax (2%)')).toBeInTheDocument();
    // ₹194.50 + 2% (₹3.89) + ₹20.
    expect(figure('Tax (2%)')).toHaveTextContent('₹3.89');
    expect(figure('Total Amount:')).toHaveTextContent('₹218.39');
    expect(summary().queryByText('Includes GST')).not.toBeInTheDocument();
    expect(screen.getByTestId('checkout-bar-amount')).toHaveTextContent('₹218.39incl. 2% tax & delivery');
  });

  it('below the minimum order, the items come before delivery only, where no tax is added on top', async () => {
    shopIn('unregistered', { area: { minimumOrder: 299 } });
    await openCart();
    expect(await screen.findByTestId('checkout-blocked')).toHaveTextContent('Add ₹104.50 of itemsThe minimum order is ₹299.00 of items, before delivery.');
    expect(screen.getByTestId('checkout-bar-amount')).toHaveTextContent('₹194.50items, before delivery');
    expect(summary().getByText('Minimum order ₹299.00 of items (the items subtotal, before delivery)')).toBeInTheDocument();
  });

  it('words the bar and the minimum for each mode', () => {
    expect(totalNote('flat', true)).toBe('incl. 2% tax & delivery');
    expect(totalNote('flat', false)).toBe('incl. 2% tax');
    expect(totalNote('gst', true)).toBe('incl. GST & delivery');
    expect(totalNote('gst', false)).toBe('incl. GST');
    expect(totalNote('composition', true)).toBe('incl. delivery');
    expect(totalNote('unregistered', false)).toBe('');
    expect(itemsOnlyNote('flat')).toBe('items, before tax');
    expect(itemsOnlyNote('gst')).toBe('items, before delivery');
    expect(itemsComeBefore('flat')).toBe('before tax and delivery');
    expect(itemsComeBefore('composition')).toBe('before delivery');
    const short = { shortCount: 0, orderableCount: 1, needsAddress: false, delivery: delivery('560001', { minimumOrder: 99 }), subtotalPaise: 5000 };
    expect(checkoutStep(short)?.detail).toBe('The minimum order is ₹99.00 of items, before tax and delivery.');
    expect(checkoutStep({ ...short, taxMode: 'gst' })?.detail).toBe('The minimum order is ₹99.00 of items, before delivery.');
  });
});
