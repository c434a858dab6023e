import { formatRupees, priceCart, type DeliveryCheck } from '@greencart/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { pincodeStore } from '@/features/delivery';
import { aProduct, anAddress, aUser } from '@/test/data';
import { renderWithApp } from '@/test/render';
import { server } from '@/test/server';
import { checkoutStep } from './checkout-step';

const dal = aProduct({ _id: 'product-1', name: 'Toor Dal', offerPrice: 37.25, stock: 10 });
const rice = aProduct({ _id: 'product-2', name: 'Basmati Rice', offerPrice: 120, stock: 1 });
const home = { ...anAddress({ _id: 'address-1', street: '12 MG Road', pincode: '560001', zipcode: '560001' }), isDefault: true };
const pune = {
  ...anAddress({ _id: 'address-2', street: '5 FC Road', city: 'Pune', state: 'Maharashtra', pincode: '411045', zipcode: '411045' }),
  isDefault: false,
};

const served = (pincode: string, extra: Partial<DeliveryCheck> = {}): DeliveryCheck => ({
  success: true,
  pincode,
  serviceable: true,
  etaMinutes: pincode === '411045' ? 25 : 40,
  fee: 20,
  minimumOrder: 99,
  open: true,
  message: `Delivery in ${pincode === '411045' ? 25 : 40} min`,
  ...extra,
});

/** A signed-in shopper with `cartItems` saved, the two addresses, and a shop with a ₹99 minimum and a ₹20 fee. */
function shopper(cartItems: Record<string, number>, { addresses = [home, pune] } = {}) {
  server.use(
    http.get('/api/session', () => HttpResponse.json({ success: true, shopper: aUser({ cartItems }), seller: false })),
    http.get('/api/products', ({ request }) => {
      const ids = new URL(request.url).searchParams.get('ids')?.split(',') ?? [];
      const products = [dal, rice].filter((product) => ids.includes(product._id));
      return HttpResponse.json({ success: true, products, page: 1, limit: 100, total: products.length, totalPages: 1 });
    }),
    http.get('/api/Address/get', () => HttpResponse.json({ success: true, address: addresses })),
    http.get('/api/delivery', ({ request }) => HttpResponse.json(served(new URL(request.url).searchParams.get('pincode') ?? ''))),
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

const bar = () => within(screen.getByTestId('checkout-bar'));

afterEach(() => pincodeStore.set(null));

describe('what the checkout bar asks for', () => {
  it('puts the first thing to do in words: fix short lines, then an address, the area, the hours, the minimum', () => {
    const base = { shortCount: 0, orderableCount: 2, needsAddress: false, delivery: served('411045'), subtotalPaise: 7450 };
    expect(checkoutStep({ ...base, shortCount: 1 })).toMatchObject({ message: 'Fix 1 item', blocks: true });
    expect(checkoutStep({ ...base, shortCount: 2 })).toMatchObject({ message: 'Fix 2 items' });
    expect(checkoutStep({ ...base, orderableCount: 0 })).toMatchObject({ message: 'Nothing here can be ordered now', blocks: true });
    expect(checkoutStep({ ...base, needsAddress: true })).toMatchObject({ message: 'Choose a delivery address', blocks: false });
    expect(
      checkoutStep({
        ...base,
        delivery: { success: true, pincode: '110001', serviceable: false, open: true, message: "Sorry, we don't deliver to 110001 yet" },
      }),
    ).toMatchObject({ message: 'Choose another address', detail: "Sorry, we don't deliver to 110001 yet." });
    expect(checkoutStep({ ...base, delivery: served('411045', { open: false, opensAt: '07:00' }) })).toMatchObject({ message: 'Order from 07:00' });
    expect(checkoutStep({ ...base, delivery: served('411045', { open: false, opensAt: '07:00' }), slotsChecking: true })).toMatchObject({
      kind: 'checking',
      message: 'Checking delivery times…',
      blocks: true,
    });
    expect(checkoutStep(base)).toEqual({
      kind: 'minimum',
      message: 'Add ₹24.50 of items',
      detail: 'The minimum order is ₹99.00 of items, before tax and delivery.',
      blocks: true,
    });
    // The minimum counts the items: ₹99 of items is enough, whatever tax and delivery add.
    expect(checkoutStep({ ...base, subtotalPaise: 9900 })).toBeNull();
    expect(checkoutStep({ ...base, delivery: undefined })).toBeNull();
  });

  it('under the minimum: says how much to add, and shows the items subtotal the minimum counts, not the total with tax and delivery', async () => {
    // 2 × ₹37.25 = ₹74.50 of items; with 2% tax and the ₹20 fee the total would be ₹95.99.
    shopper({ 'product-1': 2 });
    renderWithApp('/cart');
    const message = await screen.findByTestId('checkout-blocked');
    expect(message).toHaveTextContent('Add ₹24.50 of items');
    expect(message).toHaveTextContent('The minimum order is ₹99.00 of items, before tax and delivery.');
    expect(screen.getByTestId('checkout-bar')).toContainElement(message);
    const placeOrder = bar().getByRole('button', { name: 'Place Order' });
    expect(placeOrder).toBeDisabled();
    expect(placeOrder).toHaveAccessibleDescription(expect.stringContaining('Add ₹24.50 of items'));
    expect(bar().getByTestId('checkout-bar-amount')).toHaveTextContent('₹74.50items, before tax');
    const total = priceCart([{ offerPrice: 37.25, quantity: 2 }], { feePaise: 2000, freeAbovePaise: null }).totalPaise;
    expect(screen.getByTestId('cart-total')).toHaveTextContent(formatRupees(total));
    expect(bar().queryByText(formatRupees(total))).not.toBeInTheDocument();
  });

  it('a line asking for more than is left: "Fix 1 item", and never ₹0.00', async () => {
    // 3 rice asked, 1 left: nothing else in the cart.
    shopper({ 'product-2': 3 });
    renderWithApp('/cart');
    expect(await screen.findByTestId('checkout-blocked')).toHaveTextContent('Fix 1 item');
    expect(bar().getByRole('button', { name: 'Place Order' })).toBeDisabled();
    expect(bar().queryByTestId('checkout-bar-amount')).not.toBeInTheDocument();
    expect(screen.getByTestId('checkout-bar')).not.toHaveTextContent('₹0.00');
  });

  it('no saved address: "Choose a delivery address"', async () => {
    shopper({ 'product-1': 3 }, { addresses: [] });
    renderWithApp('/cart');
    expect(await screen.findByTestId('checkout-blocked')).toHaveTextContent('Choose a delivery address');
  });

  it('enough items: the total with tax and delivery, and nothing to do', async () => {
    shopper({ 'product-1': 3 });
    renderWithApp('/cart');
    await screen.findByText('Delivery in 40 min to 560001');
    expect(screen.queryByTestId('checkout-blocked')).not.toBeInTheDocument();
    expect(bar().getByTestId('checkout-bar-amount')).toHaveTextContent(/^₹\d+\.\d\dincl\. 2% tax & delivery$/);
    expect(bar().getByRole('button', { name: 'Place Order' })).toBeEnabled();
  });
});

describe('the chosen delivery address', () => {
  it('stays chosen after a reload, and the header follows it: its pincode and delivery time', async () => {
    shopper({ 'product-1': 3 });
    const first = renderWithApp('/cart');
    expect(await within(await screen.findByTestId('selected-address')).findByText(/12 MG Road/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('delivery-line')).toHaveTextContent('Delivery in 40 min · 560001'));

    await first.user.click(screen.getByRole('button', { name: 'Change' }));
    await first.user.click(within(screen.getByRole('list', { name: 'Saved addresses' })).getByRole('button', { name: /5 FC Road/ }));
    expect(screen.getByTestId('selected-address')).toHaveTextContent('5 FC Road');
    await waitFor(() => expect(screen.getByTestId('delivery-line')).toHaveTextContent('Delivery in 25 min · 411045'));
    expect(await screen.findByText('Delivery in 25 min to 411045')).toBeInTheDocument();

    // A reload: a new page, the same browser.
    first.unmount();
    renderWithApp('/cart');
    expect(await within(await screen.findByTestId('selected-address')).findByText(/5 FC Road/)).toBeInTheDocument();
  });

  it('passes over a remembered address that is no longer saved, and one kept for another account', async () => {
    localStorage.setItem('greencart:checkout-address:user-1', 'address-deleted');
    localStorage.setItem('greencart:checkout-address:user-2', 'address-2');
    shopper({ 'product-1': 3 });
    renderWithApp('/cart');
    expect(await within(await screen.findByTestId('selected-address')).findByText(/12 MG Road/)).toBeInTheDocument();
  });
});
