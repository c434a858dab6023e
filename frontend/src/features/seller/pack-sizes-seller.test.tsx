import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aSizedProduct, ATTA_ID, ATTA_SIZES } from '@/test/data';
import { renderWithApp } from '@/test/render';
import { server, sessionHandler } from '@/test/server';

const sizeStock = (variantId: string, label: string, onHand: number | null, extra: { runningLow?: boolean; available?: number | null } = {}) => ({
  variantId,
  label,
  listed: true,
  onHand,
  held: 0,
  available: extra.available === undefined ? onHand : extra.available,
  lowStockThreshold: 5,
  runningLow: extra.runningLow ?? false,
});

/** A seller with atta in three sizes: 1 kg not counted, 5 kg counted (3, running low), 10 kg sold out. */
function sellerWithAtta() {
  const changes: unknown[] = [];
  const atta = aSizedProduct({ kg5: { stock: 3 }, kg10: { stock: 0, inStock: false } }, { image: ['/api/images/atta'] });
  server.use(
    sessionHandler({ seller: true }),
    http.get('/api/products', () => HttpResponse.json({ success: true, products: [atta], page: 1, limit: 100, total: 1, totalPages: 1 })),
    http.get('/api/seller/stock', () =>
      HttpResponse.json({
        success: true,
        stock: [
          {
            productId: ATTA_ID,
            listed: true,
            onHand: null,
            held: 0,
            available: null,
            lowStockThreshold: 5,
            runningLow: false,
            variants: [
              sizeStock(ATTA_SIZES.kg1, '1 kg', null),
              sizeStock(ATTA_SIZES.kg5, '5 kg', 3, { runningLow: true }),
              sizeStock(ATTA_SIZES.kg10, '10 kg', 0),
            ],
          },
        ],
      }),
    ),
    http.post('/api/changeStock', async ({ request }) => {
      changes.push(await request.json());
      return HttpResponse.json({ success: true, message: 'Stock Updated', product: atta });
    }),
  );
  return { changes, atta };
}

describe("the seller's product list with pack sizes", () => {
  it('shows each size with its count and badge; a size’s switch and count are sent with its variant', async () => {
    const { changes } = sellerWithAtta();
    const { user } = renderWithApp('/seller/product-list');

    const sizes = await screen.findAllByTestId('seller-size-row');
    expect(sizes.map((row) => row.textContent)).toEqual([
      expect.stringContaining('1 kg₹62.00Not counted'),
      expect.stringContaining('5 kg₹265.003 in stockRunning low'),
      expect.stringContaining('10 kg₹499.000 in stockSold out'),
    ]);
    // The product's price shows its range; the running-low filter counts it.
    expect(screen.getByTestId('seller-product-row')).toHaveTextContent('₹62.00 – ₹499.00');
    expect(await screen.findByRole('button', { name: 'Running low (1)' })).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'In stock: Aashirvaad Atta 5 kg' }));
    await waitFor(() => expect(changes).toEqual([{ id: ATTA_ID, variant: ATTA_SIZES.kg5, inStock: false }]));

    await user.click(screen.getByRole('button', { name: 'Change units of Aashirvaad Atta 5 kg' }));
    const units = screen.getByLabelText('Units of Aashirvaad Atta 5 kg in stock (empty: not counted)');
    await user.clear(units);
    await user.type(units, '40{Enter}');
    await waitFor(() => expect(changes).toContainEqual({ id: ATTA_ID, variant: ATTA_SIZES.kg5, stock: 40 }));

    // The product's own switch still acts on every size (today's body).
    await user.click(screen.getByRole('switch', { name: 'In stock: Aashirvaad Atta, every size' }));
    await waitFor(() => expect(changes).toContainEqual({ id: ATTA_ID, inStock: false }));
  });

  it('edits the sizes as rows and sends them with their ids; a removed size is left out', async () => {
    sellerWithAtta();
    const sent: unknown[] = [];
    server.use(
      http.patch('/api/products/:id', async ({ request }) => {
        const form = await request.formData();
        sent.push(JSON.parse(form.get('productData') as string));
        return HttpResponse.json({ success: true, product: aSizedProduct() });
      }),
    );
    const { user } = renderWithApp('/seller/product-list');

    await user.click(await screen.findByRole('button', { name: 'Edit Aashirvaad Atta' }));
    const dialog = within(await screen.findByRole('dialog'));
    const rows = dialog.getAllByTestId('pack-size-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByLabelText('Label of size 2')).toHaveValue('5 kg');
    expect(within(rows[1]!).getByLabelText('Stock of size 2')).toHaveValue(3);
    await user.click(dialog.getByRole('button', { name: 'Remove pack size 3 (10 kg)' }));
    await user.clear(dialog.getByLabelText('Offer price of size 2'));
    await user.type(dialog.getByLabelText('Offer price of size 2'), '259');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0] as { variants: unknown }).variants).toEqual([
      { _id: ATTA_SIZES.kg1, label: '1 kg', price: 70, offerPrice: 62, size: { amount: 1, unit: 'kg' } },
      { _id: ATTA_SIZES.kg5, label: '5 kg', price: 300, offerPrice: 259, size: { amount: 5, unit: 'kg' } },
    ]);
  });
});

describe('adding a product in several sizes', () => {
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

  it('starts as a single-size form, adds size rows, checks them and sends them as variants', async () => {
    const sent: unknown[] = [];
    server.use(
      sessionHandler({ seller: true }),
      http.get('/api/products', () => HttpResponse.json({ success: true, products: [], page: 1, limit: 1, total: 0, totalPages: 1 })),
      http.post('/api/addproduct', async ({ request }) => {
        const form = await request.formData();
        sent.push(JSON.parse(form.get('productData') as string));
        return HttpResponse.json({ success: true, product: aSizedProduct() }, { status: 201 });
      }),
    );
    const { user } = renderWithApp('/seller/add-product');

    // One size: the fields as always.
    expect(await screen.findByLabelText('Product Price')).toBeInTheDocument();
    expect(screen.queryByTestId('pack-sizes')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Upload image 1/), {
      target: { files: [new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 0, 0, 0, 0])], 'a.png', { type: 'image/png' })] },
    });
    await user.type(screen.getByLabelText('Product Name'), 'Aashirvaad Atta');
    await user.selectOptions(screen.getByLabelText('Category'), 'Grains');
    await user.type(screen.getByLabelText('Product Price'), '70');
    await user.type(screen.getByLabelText('Offer Price'), '62');
    await user.type(screen.getByLabelText('Weight'), '1 kg');

    await user.click(screen.getByRole('button', { name: '+ Add a pack size' }));
    const sizes = within(screen.getByTestId('pack-sizes'));
    expect(sizes.getAllByTestId('pack-size-row')).toHaveLength(2);
    expect(sizes.getByLabelText('Label of size 1')).toHaveValue('1 kg');
    expect(sizes.getByLabelText('Price of size 1')).toHaveValue(70);

    // A second size without a label is refused with the domain's words.
    await user.type(sizes.getByLabelText('Price of size 2'), '300');
    await user.type(sizes.getByLabelText('Offer price of size 2'), '265');
    await user.click(screen.getByRole('button', { name: 'ADD' }));
    expect(await sizes.findByRole('alert')).toHaveTextContent('Pack size 2 needs a label');
    expect(sent).toEqual([]);

    await user.type(sizes.getByLabelText('Label of size 2'), '5 kg');
    await user.type(sizes.getByLabelText('Size of size 2'), '5');
    await user.selectOptions(sizes.getByLabelText('Unit of size 2'), 'kg');
    await user.type(sizes.getByLabelText('Stock of size 2'), '20');
    await user.click(screen.getByRole('button', { name: 'ADD' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    // The prices are each size's: none is sent beside `variants` (the server refuses them there).
    expect(sent[0]).not.toHaveProperty('price');
    expect(sent[0]).not.toHaveProperty('offerPrice');
    expect(sent[0]).toMatchObject({
      name: 'Aashirvaad Atta',
      variants: [
        { label: '1 kg', price: 70, offerPrice: 62 },
        { label: '5 kg', price: 300, offerPrice: 265, size: { amount: 5, unit: 'kg' }, stock: 20 },
      ],
    });
  });
});
