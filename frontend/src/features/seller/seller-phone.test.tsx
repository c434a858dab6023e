import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anAddress, anOrder, anOrderPage, aProduct } from '@/test/data';
import { renderWithApp } from '@/test/render';
import { sellerAccountHandler, server, sessionHandler } from '@/test/server';

describe('seller product list', () => {
  it('lists products newest first: the last page of the (oldest-first) API, reversed, then the page before', async () => {
    const all = Array.from({ length: 150 }, (_, index) => aProduct({ _id: `p-${index}`, name: `Product ${index}` }));
    const asked: string[] = [];
    server.use(
      sessionHandler({ seller: true }),
      http.get('/api/products', ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params.toString());
        const page = Number(params.get('page'));
        const limit = Number(params.get('limit'));
        const products = all.slice((page - 1) * limit, page * limit);
        return HttpResponse.json({ success: true, products, page, limit, total: all.length, totalPages: Math.ceil(all.length / limit) });
      }),
    );
    const { user } = renderWithApp('/seller/product-list');

    const rows = await screen.findAllByTestId('seller-product-row');
    expect(rows).toHaveLength(50);
    expect(rows[0]).toHaveTextContent('Product 149');
    expect(rows[49]).toHaveTextContent('Product 100');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('seller-product-row')).toHaveLength(150));
    expect(screen.getAllByTestId('seller-product-row')[50]).toHaveTextContent('Product 99');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(asked).toEqual(['page=1&limit=100', 'page=2&limit=100', 'page=1&limit=100']);
  });
});

describe('seller orders', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T12:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('shows each order’s number, time and age, highlights those past the 30-minute promise, filters by status and links the phone', async () => {
    const minutesAgo = (minutes: number) => new Date(Date.parse('2026-11-21T12:00:00.000Z') - minutes * 60_000).toISOString();
    const at = (minutes: number) => ({ createdAt: minutesAgo(minutes), expectedDeliveryAt: minutesAgo(minutes - 30) });
    server.use(
      sessionHandler({ seller: true }),
      http.get('/api/getorder/admin/seller', () =>
        HttpResponse.json(
          anOrderPage(
            [
              anOrder({ _id: 'o-new', orderNumber: 'GC-100012', ...at(12), address: anAddress({ phone: '+91 98765-43210' }) }),
              anOrder({ _id: 'o-late', orderNumber: 'GC-100011', status: 'Packing', ...at(42) }),
              anOrder({ _id: 'o-done', orderNumber: 'GC-100010', status: 'Delivered', paymentStatus: 'paid', isPaid: true, ...at(90) }),
            ],
            { limit: 20 },
          ),
        ),
      ),
    );
    const { user } = renderWithApp('/seller/orders');

    const cards = await screen.findAllByTestId('seller-order');
    expect(cards).toHaveLength(3);
    const fresh = within(cards[0]!);
    expect(fresh.getByTestId('order-number')).toHaveTextContent('GC-100012');
    expect(fresh.getByTestId('order-age')).toHaveTextContent(/placed 12 min ago · due \d/);
    expect(cards[0]).not.toHaveAttribute('data-late');
    expect(fresh.getByRole('link', { name: '+91 98765 43210' })).toHaveAttribute('href', 'tel:+919876543210');
    expect(fresh.getAllByText(/^Payment:/)).toHaveLength(1);

    expect(within(cards[1]!).getByTestId('order-age')).toHaveTextContent(/placed 42 min ago · due .* · past the promised time/);
    expect(cards[1]).toHaveAttribute('data-late', 'true');
    expect(cards[2]).not.toHaveAttribute('data-late');

    // Due first: the order promised soonest (the late one) comes first.
    await user.click(screen.getByRole('button', { name: 'Due first' }));
    expect(within(screen.getAllByTestId('seller-order')[0]!).getByTestId('order-number')).toHaveTextContent('GC-100010');
    await user.click(screen.getByRole('button', { name: 'Due first' }));

    await user.selectOptions(screen.getByLabelText('Status'), 'Packing');
    expect(screen.getAllByTestId('seller-order')).toHaveLength(1);
    expect(screen.getByTestId('seller-order')).toHaveTextContent('GC-100011');
  });

  it('asks in the app before cancelling (with an optional reason for the shopper) and before marking delivered', async () => {
    const changes: unknown[] = [];
    let orders = [
      anOrder({ _id: 'o-1', orderNumber: 'GC-100021', paymentType: 'Online', paymentStatus: 'paid', isPaid: true }),
      anOrder({ _id: 'o-2', orderNumber: 'GC-100020', status: 'Out for delivery' }),
    ];
    server.use(
      sessionHandler({ seller: true }),
      http.get('/api/getorder/admin/seller', () => HttpResponse.json(anOrderPage(orders, { limit: 20 }))),
      http.patch('/api/orders/:id/status', async ({ params, request }) => {
        const body = (await request.json()) as { status: 'Cancelled' | 'Delivered'; reason?: string };
        changes.push({ id: params.id, ...body });
        const extra =
          body.status === 'Cancelled' ? { cancelledBy: 'shop' as const, cancelReason: body.reason } : { paymentStatus: 'paid' as const, isPaid: true };
        orders = orders.map((order) => (order._id === params.id ? { ...order, status: body.status, ...extra } : order));
        return HttpResponse.json({ success: true, message: 'ok', order: orders.find((order) => order._id === params.id) });
      }),
    );
    const confirm = vi.spyOn(window, 'confirm');
    const { user } = renderWithApp('/seller/orders');

    const [online, outForDelivery] = await screen.findAllByTestId('seller-order');
    await user.click(within(online!).getByRole('button', { name: 'Cancel order' }));
    const ask = await screen.findByRole('dialog', { name: 'Cancel order GC-100021?' });
    expect(ask).toHaveTextContent('gets their ₹204.00 back');
    const reason = within(ask).getByLabelText('Reason for the shopper (optional)');
    expect(reason).toHaveFocus();
    expect(reason).toHaveAttribute('maxlength', '200');
    await user.type(reason, '  Mangoes sold out today  ');
    expect(within(ask).getByText('26/200')).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(changes).toEqual([{ id: 'o-1', status: 'Cancelled', reason: 'Mangoes sold out today' }]));
    expect(await within(online!).findByTestId('order-cancel-reason')).toHaveTextContent('Cancelled by the shop: Mangoes sold out today');

    // "Mark Delivered" waits for a yes; "Not yet" changes nothing.
    await user.click(within(outForDelivery!).getByRole('button', { name: 'Mark Delivered' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Mark order GC-100020 delivered?' })).getByRole('button', { name: 'Not yet' }));
    expect(changes).toHaveLength(1);
    await user.click(within(outForDelivery!).getByRole('button', { name: 'Mark Delivered' }));
    const deliver = await screen.findByRole('dialog', { name: 'Mark order GC-100020 delivered?' });
    expect(deliver).toHaveTextContent('The ₹204.00 cash is recorded as paid.');
    await user.click(within(deliver).getByRole('button', { name: 'Mark Delivered' }));
    await waitFor(() => expect(changes).toHaveLength(2));
    expect(changes[1]).toEqual({ id: 'o-2', status: 'Delivered' });
    expect(confirm).not.toHaveBeenCalled();
    confirm.mockRestore();
  });
});

describe('seller sign out everywhere', () => {
  it('ends every seller session through POST /api/sellerLogout/everywhere and leaves the seller area', async () => {
    let called = 0;
    server.use(
      sessionHandler({ seller: true }),
      http.get('/api/products', () => HttpResponse.json({ success: true, products: [], page: 1, limit: 100, total: 0, totalPages: 0 })),
      http.post('/api/sellerLogout/everywhere', () => {
        called++;
        return HttpResponse.json({ success: true, message: 'Signed out on every device' });
      }),
    );
    const { user } = renderWithApp('/seller/product-list');
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(called).toBe(1));
    expect(await screen.findByText('Signed out on every device')).toBeInTheDocument();
  });
});

describe('seller bottom navigation (phone)', () => {
  it('names Dashboard, Orders, Products and Chats, and keeps the other pages and settings under More', async () => {
    server.use(
      sessionHandler({ seller: true }),
      http.get('/api/getorder/admin/seller', () => HttpResponse.json(anOrderPage([], { limit: 20 }))),
    );
    const { user } = renderWithApp('/seller/orders');
    const bar = await screen.findByRole('navigation', { name: 'Seller sections' });
    expect(
      within(bar)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Dashboard', '/seller'],
      ['Orders', '/seller/orders'],
      ['Products', '/seller/product-list'],
      ['Chats', '/seller/chats'],
    ]);
    expect(within(bar).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    const more = within(bar).getByRole('button', { name: 'More' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(more.getAttribute('aria-controls')!)!;
    expect(
      within(panel)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Add Product', 'Import products', 'Delivery', 'Coupons', 'Mail', 'Shop details', 'Staff', 'Activity']);
    expect(within(panel).getByRole('button', { name: /New order sound/ })).toBeInTheDocument();
    // Going somewhere closes it.
    server.use(http.get('/api/seller/delivery', () => HttpResponse.json({ success: true })));
    await user.click(within(panel).getByRole('link', { name: 'Add Product' }));
    await waitFor(() => expect(more).toHaveAttribute('aria-expanded', 'false'));
  });
});

describe('seller navigation by role', () => {
  it('shows a packer only orders, stock and chats, and says so when another page is opened', async () => {
    server.use(
      sessionHandler({ seller: true }),
      sellerAccountHandler('packer'),
      http.get('/api/getorder/admin/seller', () => HttpResponse.json(anOrderPage([], { limit: 20 }))),
    );
    renderWithApp('/seller/orders');
    const bar = await screen.findByRole('navigation', { name: 'Seller sections' });
    expect(
      within(bar)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Orders', 'Products', 'Chats']);
    expect(await screen.findByTestId('seller-greeting')).toHaveTextContent('Hi Ravi · Packer');
  });

  it('tells a packer who follows a link to the coupons that their role does not include it', async () => {
    server.use(sessionHandler({ seller: true }), sellerAccountHandler('packer'));
    renderWithApp('/seller/coupons');
    expect(await screen.findByTestId('not-allowed')).toHaveTextContent('not part of your role');
  });
});
