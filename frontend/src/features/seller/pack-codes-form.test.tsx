import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aProduct, aSizedProduct, ATTA_SIZES } from '@/test/data';
import { renderWithApp } from '@/test/render';
import { server, sessionHandler } from '@/test/server';

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

/** The productData JSON of each add (POST) or edit (PATCH) the page sends. */
function recordProductSaves() {
  const sent: Record<string, unknown>[] = [];
  const record = async ({ request }: { request: Request }) => {
    sent.push(JSON.parse((await request.formData()).get('productData') as string) as Record<string, unknown>);
    return HttpResponse.json({ success: true, product: aSizedProduct() }, { status: request.method === 'POST' ? 201 : 200 });
  };
  server.use(http.post('/api/addproduct', record), http.patch('/api/products/:id', record));
  return sent;
}

describe('SKU and barcode in the seller’s product form', () => {
  it('adding a product of one size: wrong codes are named under their fields; right ones are sent with its size', async () => {
    server.use(sessionHandler({ seller: true }));
    const sent = recordProductSaves();
    const { user } = renderWithApp('/seller/add-product');

    fireEvent.change(await screen.findByLabelText(/^Upload image 1/), { target: { files: [new File([PNG], 'a.png', { type: 'image/png' })] } });
    await user.type(screen.getByLabelText('Product Name'), 'Aashirvaad Atta');
    await user.selectOptions(screen.getByLabelText('Category'), 'Grains');
    await user.type(screen.getByLabelText('Product Price'), '70');
    await user.type(screen.getByLabelText('Offer Price'), '62');
    await user.type(screen.getByLabelText('Weight'), '1 kg');
    await user.type(screen.getByLabelText('SKU'), 'ATTA 1KG');
    await user.type(screen.getByLabelText('Barcode'), '8901030865276');
    await user.click(screen.getByRole('button', { name: 'ADD' }));

    expect(await screen.findByText("SKU can have only letters, digits, '-', '_' and '.' (no spaces)")).toBeInTheDocument();
    expect(screen.getByLabelText('SKU')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Barcode has a wrong last (check) digit: check it was typed right')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(screen.getByLabelText('SKU'));
    await user.type(screen.getByLabelText('SKU'), 'ATTA-1KG');
    // Typing takes the message away.
    expect(screen.getByLabelText('SKU')).not.toHaveAttribute('aria-invalid');
    await user.clear(screen.getByLabelText('Barcode'));
    await user.type(screen.getByLabelText('Barcode'), '8901030865275');
    await user.click(screen.getByRole('button', { name: 'ADD' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      name: 'Aashirvaad Atta',
      variants: [{ label: '1 kg', price: 70, offerPrice: 62, sku: 'ATTA-1KG', barcode: '8901030865275' }],
    });
  });

  it('the product list shows each size’s SKU; the edit form shows the codes per size and sends them back', async () => {
    const atta = aSizedProduct({ kg1: { sku: 'ATTA-1' }, kg5: { sku: 'ATTA-5', barcode: '8901030865275' } } as never, { image: ['/api/images/atta'] });
    const milk = aProduct({ _id: 'milk', name: 'Amul Milk', category: 'Dairy', weight: '1 l' });
    milk.variants = [{ ...milk.variants![0]!, sku: 'MILK-1L' } as never];
    server.use(
      sessionHandler({ seller: true }),
      http.get('/api/products', () => HttpResponse.json({ success: true, products: [atta, milk], page: 1, limit: 100, total: 2, totalPages: 1 })),
      http.get('/api/seller/stock', () => HttpResponse.json({ success: true, stock: [] })),
    );
    const sent = recordProductSaves();
    const { user } = renderWithApp('/seller/product-list');

    const rows = await screen.findAllByTestId('seller-product-row');
    const attaRow = rows.find((row) => row.textContent?.includes('Aashirvaad Atta'));
    const milkRow = rows.find((row) => row.textContent?.includes('Amul Milk'));
    expect(
      within(attaRow!)
        .getAllByTestId('seller-sku')
        .map((sku) => sku.textContent),
    ).toEqual(['SKU ATTA-1', 'SKU ATTA-5']);
    // A single size's SKU shows under its name (phone and computer layouts).
    expect(within(milkRow!).getAllByTestId('seller-sku')[0]).toHaveTextContent('SKU MILK-1L');

    await user.click(screen.getByRole('button', { name: 'Edit Aashirvaad Atta' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByLabelText('SKU of size 2')).toHaveValue('ATTA-5');
    expect(dialog.getByLabelText('Barcode of size 2')).toHaveValue('8901030865275');
    await user.type(dialog.getByLabelText('Barcode of size 3'), '4006381333931');
    await user.type(dialog.getByLabelText('SKU of size 3'), 'ATTA-5');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Two pack sizes have the SKU "ATTA-5": each must be different');
    expect(sent).toEqual([]);

    await user.clear(dialog.getByLabelText('SKU of size 3'));
    await user.type(dialog.getByLabelText('SKU of size 3'), 'ATTA-10');
    await user.clear(dialog.getByLabelText('SKU of size 1'));
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.variants).toEqual([
      // The emptied SKU is removed.
      { _id: ATTA_SIZES.kg1, label: '1 kg', price: 70, offerPrice: 62, size: { amount: 1, unit: 'kg' }, sku: null },
      { _id: ATTA_SIZES.kg5, label: '5 kg', price: 300, offerPrice: 265, size: { amount: 5, unit: 'kg' }, sku: 'ATTA-5', barcode: '8901030865275' },
      { _id: ATTA_SIZES.kg10, label: '10 kg', price: 560, offerPrice: 499, size: { amount: 10, unit: 'kg' }, sku: 'ATTA-10', barcode: '4006381333931' },
    ]);
  });
});
