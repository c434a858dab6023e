import type { ShopDetailsView } from '@greencart/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aProduct } from '@/test/data';
import { renderWithApp } from '@/test/render';
import { sellerAccountHandler, server, sessionHandler, shopTaxHandler } from '@/test/server';

// Issue 54: a product's GST rate, chosen from the shop's rates, and the list's warning in gst mode.

// jsdom has no object URLs: the picked picture's preview gets a stand-in.
const saved = { create: Object.getOwnPropertyDescriptor(URL, 'createObjectURL'), revoke: Object.getOwnPropertyDescriptor(URL, 'revokeObjectURL') };
beforeAll(() => {
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: () => 'blob:preview' });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => undefined });
});
afterAll(() => {
  for (const [name, descriptor] of [
    ['createObjectURL', saved.create],
    ['revokeObjectURL', saved.revoke],
  ] as const) {
    if (descriptor) Object.defineProperty(URL, name, descriptor);
    else Reflect.deleteProperty(URL, name);
  }
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 0, 0, 0, 0]);

const SHOP: ShopDetailsView = {
  legalName: 'Asha Stores',
  gstin: '29AAACG1234A1ZA',
  address: '1 MG Road, Bengaluru',
  stateCode: '29',
  stateName: 'Karnataka',
  saved: true,
  taxMode: 'gst',
  gstRates: [0, 5, 18],
  deliveryGstRate: 18,
};

const milk = aProduct({ _id: 'milk', name: 'Amul Milk', category: 'Dairy', weight: '1 l', gstRate: 5, image: ['/api/images/milk'] });
const apples = aProduct({ _id: 'apples', name: 'Fresh Apples', image: ['/api/images/apples'] });

/** A seller of a shop in `taxMode` with the milk (5%) and the apples (no rate); each product save's productData, and whether the shop's details were read. */
function sellerShop({ taxMode = 'gst', products = [milk, apples] }: { taxMode?: ShopDetailsView['taxMode']; products?: ReturnType<typeof aProduct>[] } = {}) {
  const sent: Record<string, unknown>[] = [];
  const shopRead = { count: 0 };
  const record = async ({ request }: { request: Request }) => {
    sent.push(JSON.parse((await request.formData()).get('productData') as string) as Record<string, unknown>);
    return HttpResponse.json({ success: true, product: milk }, { status: request.method === 'POST' ? 201 : 200 });
  };
  server.use(
    sessionHandler({ seller: true }),
    shopTaxHandler(taxMode, 18, SHOP.gstRates),
    http.get('/api/seller/shop', () => {
      shopRead.count += 1;
      return HttpResponse.json({ success: true, shop: { ...SHOP, taxMode } });
    }),
    http.get('/api/products', () => HttpResponse.json({ success: true, products, page: 1, limit: 100, total: products.length, totalPages: 1 })),
    http.get('/api/seller/stock', () => HttpResponse.json({ success: true, stock: [] })),
    http.post('/api/addproduct', record),
    http.patch('/api/products/:id', record),
  );
  return { sent, shopRead };
}

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('GST rates in the seller’s products', () => {
  it('adding a product: "GST rate" offers "Not set" and the shop’s rates, and sends the one chosen', async () => {
    const { sent } = sellerShop();
    const { user } = renderWithApp('/seller/add-product');
    const rate = await screen.findByLabelText('GST rate');
    await waitFor(() => expect(optionTexts(rate)).toEqual(['Not set', '0%', '5%', '18%']));
    expect(rate).toHaveValue('');
    expect(rate).toHaveAccessibleDescription(
      'The GST inside its price, for all its sizes. While the shop is registered for GST, a product without one cannot be sold.',
    );

    fireEvent.change(screen.getByLabelText(/^Upload image 1/), { target: { files: [new File([PNG], 'a.png', { type: 'image/png' })] } });
    await user.type(screen.getByLabelText('Product Name'), 'Dark Chocolate');
    await user.selectOptions(screen.getByLabelText('Category'), 'Fruits');
    await user.type(screen.getByLabelText('Product Price'), '120');
    await user.type(screen.getByLabelText('Offer Price'), '110');
    await user.selectOptions(rate, '18%');
    await user.click(screen.getByRole('button', { name: 'ADD' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ name: 'Dark Chocolate', gstRate: 18 });
  });

  it('shows the server’s refusal of a rate under the field', async () => {
    sellerShop();
    server.use(
      http.post('/api/addproduct', () =>
        HttpResponse.json(
          {
            success: false,
            message: "gstRate 5% is not one of the shop's GST rates: 0%, 18%",
            errors: { 'productData.gstRate': "gstRate 5% is not one of the shop's GST rates: 0%, 18%" },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderWithApp('/seller/add-product');
    const rate = await screen.findByLabelText('GST rate');
    fireEvent.change(screen.getByLabelText(/^Upload image 1/), { target: { files: [new File([PNG], 'a.png', { type: 'image/png' })] } });
    await user.type(screen.getByLabelText('Product Name'), 'Paneer');
    await user.selectOptions(screen.getByLabelText('Category'), 'Dairy');
    await user.type(screen.getByLabelText('Product Price'), '90');
    await user.type(screen.getByLabelText('Offer Price'), '85');
    await waitFor(() => expect(optionTexts(rate)).toContain('5%'));
    await user.selectOptions(rate, '5%');
    await user.click(screen.getByRole('button', { name: 'ADD' }));
    await waitFor(() => expect(rate).toHaveAccessibleDescription("GST rate 5% is not one of the shop's GST rates: 0%, 18%"));
    expect(rate).toHaveAttribute('aria-invalid', 'true');
  });

  it('editing: shows the product’s rate; "Not set" sends null; a form saved without touching it says nothing of the rate', async () => {
    const { sent } = sellerShop();
    const { user } = renderWithApp('/seller/product-list');

    await user.click(await screen.findByRole('button', { name: 'Edit Amul Milk' }));
    let dialog = within(await screen.findByRole('dialog'));
    await waitFor(() => expect(dialog.getByLabelText('GST rate')).toHaveValue('5'));
    await user.selectOptions(dialog.getByLabelText('GST rate'), 'Not set');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toHaveProperty('gstRate', null);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Edit Fresh Apples' }));
    dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByLabelText('GST rate')).toHaveValue('');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).not.toHaveProperty('gstRate');
  });

  it('a product whose rate the shop no longer lists still shows it', async () => {
    sellerShop({ products: [aProduct({ _id: 'ghee', name: 'Cow Ghee', category: 'Dairy', gstRate: 12, image: ['/api/images/ghee'] })] });
    const { user } = renderWithApp('/seller/product-list');
    await user.click(await screen.findByRole('button', { name: 'Edit Cow Ghee' }));
    const rate = within(await screen.findByRole('dialog')).getByLabelText('GST rate');
    await waitFor(() => expect(optionTexts(rate)).toEqual(['Not set', '0%', '5%', '18%', '12% (not in the shop’s rates)']));
    expect(rate).toHaveValue('12');
  });

  it('in gst mode the list warns of each product without a rate; in the other modes it does not', async () => {
    sellerShop();
    const view = renderWithApp('/seller/product-list');
    const rows = await screen.findAllByTestId('seller-product-row');
    const row = (name: string) => within(rows.find((candidate) => candidate.textContent?.includes(name))!);
    await waitFor(() => expect(row('Fresh Apples').getByTestId('missing-gst-rate')).toBeInTheDocument());
    expect(row('Fresh Apples').getByTestId('missing-gst-rate')).toHaveTextContent('No GST rate: cannot be sold until it has one. Choose one with Edit.');
    expect(row('Amul Milk').queryByTestId('missing-gst-rate')).not.toBeInTheDocument();
    view.unmount();

    sellerShop({ taxMode: 'flat' });
    const { queryClient } = renderWithApp('/seller/product-list');
    expect(await screen.findAllByTestId('seller-product-row')).toHaveLength(2);
    await waitFor(() => expect(queryClient.getQueryData(['shop', 'tax'])).toEqual({ taxMode: 'flat', deliveryGstRate: 18, gstRates: SHOP.gstRates }));
    expect(screen.queryByTestId('missing-gst-rate')).not.toBeInTheDocument();
  });

  it('staff are offered the shop’s own rates too (GET /api/shop says them), without reading the shop’s details', async () => {
    const { shopRead } = sellerShop();
    server.use(sellerAccountHandler('manager'));
    const { queryClient } = renderWithApp('/seller/add-product');
    const rate = await screen.findByLabelText('GST rate');
    await waitFor(() => expect(queryClient.getQueryData(['staff', 'me'])).toMatchObject({ role: 'manager' }));
    await waitFor(() => expect(optionTexts(rate)).toEqual(['Not set', '0%', '5%', '18%']));
    expect(shopRead.count).toBe(0);
  });
});
