import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { anOrder, anOrderPage } from '@/test/data';
import type { FakeSocket } from '@/test/fake-socket';
import { renderWithApp } from '@/test/render';
import { server, sessionHandler } from '@/test/server';

const sockets = vi.hoisted(() => [] as FakeSocket[]);
vi.mock('socket.io-client', async () => {
  const { FakeSocket } = await import('@/test/fake-socket');
  return {
    io: (options: unknown) => {
      const socket = new FakeSocket(options);
      sockets.push(socket);
      return socket;
    },
  };
});
// The chime as the page asks for it: played, and whether the browser keeps it silent.
const chime = vi.hoisted(() => ({ played: 0, blocked: false, listeners: new Set<() => void>() }));
vi.mock('@/lib/chime', () => ({
  playChime: () => void chime.played++,
  unlockChime: () => {
    chime.blocked = false;
    chime.listeners.forEach((listener) => listener());
  },
  checkChime: () => undefined,
  chimeBlocked: () => chime.blocked,
  subscribeChimeBlocked: (listener: () => void) => {
    chime.listeners.add(listener);
    return () => chime.listeners.delete(listener);
  },
}));

const packing = anOrder({
  _id: 'o-packing',
  orderNumber: 'GC-100021',
  status: 'Packing',
  statusHistory: [
    { status: 'Order Placed', at: '2026-11-23T10:00:00.000Z' },
    { status: 'Packing', at: '2026-11-23T10:05:00.000Z' },
  ],
});
const placed = anOrder({ _id: 'o-placed', orderNumber: 'GC-100022', paymentType: 'Online', paymentStatus: 'paid', isPaid: true });

function sellerPages(orders: () => ReturnType<typeof anOrder>[]) {
  server.use(
    sessionHandler({ seller: true }),
    http.get('/api/seller/stock', () => HttpResponse.json({ success: true, stock: [] })),
    http.get('/api/products', () => HttpResponse.json({ success: true, products: [], page: 1, limit: 100, total: 0, totalPages: 1 })),
    http.get('/api/getorder/admin/seller', () => HttpResponse.json(anOrderPage(orders(), { limit: 20 }))),
  );
}

describe('the seller hears of a shopper’s cancellation', () => {
  it('a chime, a toast, a count on Orders until the list is opened, and the order marked “Cancelled — do not send”', async () => {
    let orders = [packing, placed];
    sellerPages(() => orders);
    const before = sockets.length;
    const { user } = renderWithApp('/seller/product-list');
    await waitFor(() => expect(sockets.length).toBeGreaterThan(before));
    const socket = sockets.at(-1)!;
    act(() => socket.connectNow());

    const cancelled = { ...placed, status: 'Cancelled' as const, cancelledBy: 'shopper' as const };
    orders = [packing, cancelled];
    act(() => socket.push('order-updated', cancelled));
    expect(await screen.findByText('Order GC-100022 was cancelled by the shopper (₹204.00): do not send it')).toBeInTheDocument();
    expect(chime.played).toBe(1);
    const [sideBadge] = screen.getAllByTestId('menu-badge');
    expect(sideBadge).toHaveTextContent('✕1');
    expect(sideBadge).toHaveAttribute('data-urgent', 'true');
    expect(screen.getAllByText(', 1 cancelled order').length).toBeGreaterThan(0);

    // Its refund updates the order again: still one cancellation, one chime. A cancellation by the shop is the seller's own.
    act(() => socket.push('order-updated', { ...cancelled, paymentStatus: 'refunded' }));
    act(() => socket.push('order-updated', { ...packing, _id: 'o-shop', status: 'Cancelled', cancelledBy: 'shop' }));
    act(() => socket.push('order-placed', anOrder({ _id: 'o-next', orderNumber: 'GC-100023' })));
    await waitFor(() => expect(screen.getAllByTestId('menu-badge')[0]).toHaveTextContent('✕2'));
    expect(screen.getAllByText(', 1 new order and 1 cancelled order').length).toBeGreaterThan(0);
    expect(chime.played).toBe(2);

    const nav = screen.getByRole('navigation', { name: 'Seller' });
    await user.click(within(nav).getByRole('link', { name: /Orders/ }));
    const cards = await screen.findAllByTestId('seller-order');
    expect(screen.queryAllByTestId('menu-badge')).toHaveLength(0);
    const card = cards.find((c) => within(c).queryByText('GC-100022'))!;
    expect(within(card).getByTestId('do-not-send')).toHaveTextContent(
      'Cancelled — do not sendCancelled by the shopper. The ₹204.00 paid online goes back to the shopper.',
    );
    expect(card).toHaveAttribute('data-cancelled', 'true');

    // Cancelled while in Packing (by the shop): the packer is told to take it back.
    orders = [
      {
        ...packing,
        status: 'Cancelled',
        cancelledBy: 'shop',
        statusHistory: [...packing.statusHistory, { status: 'Cancelled', at: '2026-11-23T10:09:00.000Z' }],
      },
    ];
    act(() => socket.push('order-updated', orders[0]!));
    await waitFor(() =>
      expect(screen.getAllByTestId('do-not-send')[0]).toHaveTextContent(
        'Cancelled by the shop after it was packed: take it back off the shelf or out of the van. Nothing to collect.',
      ),
    );

    // On the list already: a shopper's cancellation still counts (the card may be scrolled away) until Orders is tapped.
    act(() => socket.push('order-updated', anOrder({ _id: 'o-next', orderNumber: 'GC-100023', status: 'Cancelled', cancelledBy: 'shopper' })));
    await waitFor(() => expect(screen.getAllByTestId('menu-badge')[0]).toHaveTextContent('✕1'));
    await user.click(within(nav).getByRole('link', { name: /Orders/ }));
    await waitFor(() => expect(screen.queryAllByTestId('menu-badge')).toHaveLength(0));
  });

  it('the sound notice: a small line only while the sound is on and the browser keeps it silent', async () => {
    chime.blocked = true;
    sellerPages(() => []);
    const { user } = renderWithApp('/seller/product-list');
    const notice = await screen.findByTestId('sound-blocked');
    expect(notice.tagName).toBe('P');
    const sidebar = screen.getByRole('navigation', { name: 'Seller' });
    const toggle = within(sidebar).getByRole('button', { name: /New order sound/ });
    expect(toggle).toHaveTextContent('Blocked');
    await user.click(within(notice).getByRole('button', { name: 'Tap to enable the order sound' }));
    await waitFor(() => expect(screen.queryByTestId('sound-blocked')).not.toBeInTheDocument());
    expect(toggle).toHaveTextContent('On');

    // Blocked again, then muted: nothing to say.
    act(() => {
      chime.blocked = true;
      chime.listeners.forEach((listener) => listener());
    });
    expect(await screen.findByTestId('sound-blocked')).toBeInTheDocument();
    await user.click(toggle);
    expect(screen.queryByTestId('sound-blocked')).not.toBeInTheDocument();
    expect(toggle).toHaveTextContent('Muted');
  });
});

describe('the seller hears of orders placed while the live connection was not listening', () => {
  it('an order placed before the socket is in the seller’s room is told when it connects, and one placed while it was down when it reconnects', async () => {
    const earlier = anOrder({ _id: 'o-earlier', orderNumber: 'GC-100030', createdAt: '2026-11-23T10:00:00.000Z' });
    let orders = [earlier];
    sellerPages(() => orders);
    // A socket of its own: the previous test's pages keep theirs a moment for a next page, then close it.
    await waitFor(() => expect(sockets.every((socket) => !socket.active)).toBe(true));
    const before = sockets.length;
    const chimes = chime.played;
    renderWithApp('/seller/orders');
    // The list as first read: what the seller was shown, nothing new in it.
    expect(await screen.findByTestId('seller-order')).toHaveTextContent('GC-100030');
    await waitFor(() => expect(sockets.length).toBeGreaterThan(before));
    const socket = sockets.at(-1)!;

    // Placed while the socket was still connecting: its push went to a room the socket was not in yet.
    const missed = anOrder({ _id: 'o-missed', orderNumber: 'GC-100031', createdAt: '2026-11-23T10:01:00.000Z' });
    orders = [missed, earlier];
    act(() => socket.connectNow());
    const card = (number: string) => screen.findAllByTestId('seller-order').then((cards) => cards.find((c) => within(c).queryByText(number))!);
    await waitFor(async () => expect(within(await card('GC-100031')).getByTestId('new-order')).toBeVisible());
    expect(within(await card('GC-100030')).queryByTestId('new-order')).not.toBeInTheDocument();
    expect(await screen.findByText('New order from Asha: ₹204.00')).toBeInTheDocument();
    expect(chime.played).toBe(chimes + 1);
    // Its push arriving after all (placed just as the socket joined): told once.
    act(() => socket.push('order-placed', missed));
    expect(chime.played).toBe(chimes + 1);

    // The connection drops; an order comes in meanwhile; the socket is back.
    act(() => socket.push('disconnect', 'transport close'));
    const meanwhile = anOrder({ _id: 'o-meanwhile', orderNumber: 'GC-100032', createdAt: '2026-11-23T10:02:00.000Z' });
    orders = [meanwhile, missed, earlier];
    act(() => socket.connectNow());
    await waitFor(async () => expect(within(await card('GC-100032')).getByTestId('new-order')).toBeVisible());
    expect(chime.played).toBe(chimes + 2);
    expect(within(await card('GC-100031')).getByTestId('new-order')).toBeVisible();
  });
});
