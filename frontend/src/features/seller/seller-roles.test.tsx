import type { SellerRole } from '@greencart/domain';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { anOrder, anOrderPage, aProduct } from '@/test/data';
import { renderWithApp } from '@/test/render';
import { sellerAccountHandler, server, sessionHandler } from '@/test/server';

/** The seller area signed in as `role` (named `name`), with what its pages ask answered. */
function signInAs(role: SellerRole, name?: string) {
  server.use(
    sessionHandler({ seller: true }),
    sellerAccountHandler(role, name),
    http.get('/api/seller/stock', () => HttpResponse.json({ success: true, stock: [] })),
    http.get('/api/seller/slots', () => HttpResponse.json({ success: true, slots: [] })),
  );
}

describe('the seller header greets who is signed in', () => {
  it.each([
    ['packer', 'Ravi Kumar', 'Hi Ravi · Packer'],
    ['manager', 'Meena Iyer', 'Hi Meena · Manager'],
    ['owner', undefined, 'Hi · Owner'],
  ] as const)('%s', async (role, name, greeting) => {
    signInAs(role, name);
    renderWithApp('/seller/orders');
    expect(await screen.findByTestId('seller-greeting')).toHaveTextContent(greeting);
    expect(screen.queryByText('Hi! Admin')).not.toBeInTheDocument();
  });
});

describe('the order buttons a role cannot use are not shown', () => {
  const orders = [
    anOrder({ _id: 'o-placed', orderNumber: 'GC-100031' }),
    anOrder({
      _id: 'o-cash',
      orderNumber: 'GC-100030',
      status: 'Delivered',
      issue: { at: '2026-03-10T10:00:00Z', lines: [], status: 'refunded', capPaise: 3300, cashOwedPaise: 3300 },
    }),
  ];
  const showOrders = () => server.use(http.get('/api/getorder/admin/seller', () => HttpResponse.json(anOrderPage(orders, { limit: 20 }))));

  it('a packer moves an order along and packs it, but is offered no cancelling, cash refund or invoice', async () => {
    signInAs('packer');
    showOrders();
    renderWithApp('/seller/orders');
    const [placed, delivered] = await screen.findAllByTestId('seller-order');
    const card = within(placed!);
    expect(card.getByRole('button', { name: 'Pack items…' })).toBeInTheDocument();
    expect(card.getByRole('button', { name: /Packing/ })).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    expect(card.queryByRole('button', { name: /invoice/i })).not.toBeInTheDocument();
    expect(within(delivered!).getByTestId('issue-outcome')).toBeInTheDocument();
    expect(within(delivered!).queryByRole('button', { name: /paid in cash/ })).not.toBeInTheDocument();
  });

  it('a manager may cancel and pay back cash, but is offered no invoice (the owner’s)', async () => {
    signInAs('manager', 'Meena Iyer');
    showOrders();
    renderWithApp('/seller/orders');
    const [placed, delivered] = await screen.findAllByTestId('seller-order');
    expect(within(placed!).getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
    expect(within(placed!).queryByRole('button', { name: /invoice/i })).not.toBeInTheDocument();
    expect(within(delivered!).getByRole('button', { name: 'Mark ₹33.00 paid in cash' })).toBeInTheDocument();
  });

  it.each([
    ['packer', true],
    ['manager', false],
  ] as const)('packing nothing (which cancels the order) as a %s: Save refused: %s', async (role, refused) => {
    signInAs(role);
    showOrders();
    const { user } = renderWithApp('/seller/orders');
    const [placed] = await screen.findAllByTestId('seller-order');
    await user.click(within(placed!).getByRole('button', { name: 'Pack items…' }));
    const form = within(await screen.findByTestId('pack-order'));
    await user.click(form.getByRole('checkbox'));
    expect(form.getByTestId('pack-preview')).toHaveTextContent(refused ? 'your role cannot cancel orders' : 'cancelled and refunded in full');
    if (refused) expect(form.getByRole('button', { name: 'Save packing' })).toBeDisabled();
    else expect(form.getByRole('button', { name: 'Save packing' })).toBeEnabled();
  });

  it('the owner is offered every one of them', async () => {
    signInAs('owner');
    showOrders();
    renderWithApp('/seller/orders');
    const [placed, delivered] = await screen.findAllByTestId('seller-order');
    expect(within(placed!).getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
    expect(within(placed!).getByRole('button', { name: /invoice/i })).toBeInTheDocument();
    expect(within(delivered!).getByRole('button', { name: 'Mark ₹33.00 paid in cash' })).toBeInTheDocument();
  });
});

describe('the product buttons a role cannot use are not shown', () => {
  const showProducts = () =>
    server.use(
      http.get('/api/products', () =>
        HttpResponse.json({ success: true, products: [aProduct({ name: 'Fresh Apples' })], page: 1, limit: 100, total: 1, totalPages: 1 }),
      ),
    );

  it('a packer switches stock and counts units, with no edit, delete, export or import', async () => {
    signInAs('packer');
    showProducts();
    renderWithApp('/seller/product-list');
    const row = within(await screen.findByTestId('seller-product-row'));
    expect(row.getByRole('switch', { name: 'In stock: Fresh Apples' })).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Count units of Fresh Apples' })).toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Edit Fresh Apples' })).not.toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Delete Fresh Apples' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Import' })).not.toBeInTheDocument();
  });

  it('a manager edits, deletes, exports and imports products', async () => {
    signInAs('manager', 'Meena Iyer');
    showProducts();
    renderWithApp('/seller/product-list');
    const row = within(await screen.findByTestId('seller-product-row'));
    expect(await row.findByRole('button', { name: 'Edit Fresh Apples' })).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Delete Fresh Apples' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Import' })).toBeInTheDocument();
  });
});

describe('a seller page that does not exist', () => {
  it('leads a packer back to their orders, not to the owner’s dashboard', async () => {
    signInAs('packer');
    renderWithApp('/seller/no-such-page');
    expect(await screen.findByRole('link', { name: 'Back to your orders' })).toHaveAttribute('href', '/seller/orders');
  });
});
