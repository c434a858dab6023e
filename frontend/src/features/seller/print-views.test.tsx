import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { anOrder, anOrderPage } from '@/test/data';
import { renderWithApp } from '@/test/render';
import { server, sessionHandler } from '@/test/server';

describe('seller print views', () => {
  it('the pick list shows each line’s SKU and barcode, and the seller menus are hidden on paper', async () => {
    server.use(
      sessionHandler({ seller: true }),
      http.get('/api/seller/slots/2026-12-06/18:00/picklist', () =>
        HttpResponse.json({
          success: true,
          slot: { date: '2026-12-06', start: '18:00', end: '20:00' },
          title: 'Sun 6 Dec, 18:00–20:00',
          orders: 2,
          lines: [
            { product: 'p1', name: 'Cow Ghee', label: '500 ml', category: 'Dairy', quantity: 2, orders: 1, sku: 'GHEE-500', barcode: '8901234000011' },
            { product: 'p2', name: 'Sona Masoori', label: '5 kg', category: 'Grains', quantity: 1, orders: 1 },
          ],
        }),
      ),
    );
    renderWithApp('/seller/slots/2026-12-06/18:00/picklist');
    const table = await screen.findByTestId('pick-list');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Aisle', 'Product', 'SKU', 'Barcode', 'Quantity', 'Orders']);
    const [ghee, sona] = within(table).getAllByRole('row').slice(1);
    expect(
      within(ghee!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(expect.arrayContaining(['GHEE-500', '8901234000011', '2']));
    expect(within(sona!).getAllByRole('cell')[2]).toHaveTextContent('');
    expect(screen.getByRole('navigation', { name: 'Seller' })).toHaveClass('print:hidden!');
    expect(screen.getByRole('button', { name: 'Logout' }).closest('header')).toHaveClass('print:hidden');
    expect(screen.getByRole('button', { name: 'Print' }).parentElement).toHaveClass('print:hidden');
  });

  it('an order’s packing slip: number, slot, first name and address, a tick box per line with size, quantity, SKU and barcode', async () => {
    const order = anOrder({
      _id: 'o-slip',
      orderNumber: 'GC-10042',
      deliverySlot: { date: '2026-12-06', start: '18:00', end: '20:00' },
      items: [
        {
          product: { _id: 'p1', name: 'Cow Ghee', category: 'Dairy', image: [], offerPrice: 300 },
          name: 'Cow Ghee',
          category: 'Dairy',
          image: '',
          offerPrice: 300,
          quantity: 2,
          variant: 'v1',
          label: '500 ml',
        },
        { product: null, name: 'Curry Leaves', category: 'Vegetables', image: '', offerPrice: 10, quantity: 0, ordered: 1 },
      ],
    } as never);
    server.use(
      sessionHandler({ seller: true }),
      http.get('/api/getorder/admin/seller', () => HttpResponse.json(anOrderPage([order], { limit: 20 }))),
      http.get('/api/products/p1', () =>
        HttpResponse.json({
          success: true,
          product: {
            _id: 'p1',
            name: 'Cow Ghee',
            category: 'Dairy',
            variants: [{ _id: 'v1', label: '500 ml', price: 300, offerPrice: 300, stock: null, inStock: true, sku: 'GHEE-500', barcode: '8901234000011' }],
          },
        }),
      ),
    );
    renderWithApp('/seller/orders');
    const card = await screen.findByTestId('seller-order');
    await userEvent.click(within(card).getByRole('button', { name: 'Print packing slip' }));
    const slip = await screen.findByRole('dialog', { name: /Packing slip · GC-10042/ });
    expect(document.body).toHaveAttribute('data-printing-slip');
    expect(within(slip).getByTestId('slip-delivery')).toHaveTextContent('Slot: ');
    expect(within(slip).getByTestId('slip-address')).toHaveTextContent(order.address.firstName);
    expect(within(slip).getByTestId('slip-address')).not.toHaveTextContent(order.address.lastName);
    const rows = within(within(slip).getByTestId('packing-slip')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Cow Ghee');
    expect(rows[0]).toHaveTextContent('500 ml');
    expect(await within(rows[0]!).findByText('GHEE-500')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('8901234000011');
    await userEvent.click(within(slip).getByRole('button', { name: 'Close' }));
    expect(document.body).not.toHaveAttribute('data-printing-slip');
  });
});
