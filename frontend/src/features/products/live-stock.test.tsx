import { CATALOGUE_NAMESPACE, SOCKET_EVENTS } from '@greencart/domain';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { aProduct } from '@/test/data';
import type { FakeSocket } from '@/test/fake-socket';
import { renderWithApp } from '@/test/render';
import { server } from '@/test/server';

/** The sockets the page opened, by namespace ('/' for the role's, CATALOGUE_NAMESPACE for the catalogue's pushes). */
const sockets = vi.hoisted(() => [] as { namespace: string; socket: FakeSocket }[]);
vi.mock('socket.io-client', async () => {
  const { FakeSocket } = await import('@/test/fake-socket');
  return {
    io: (first: unknown, second?: unknown) => {
      const named = typeof first === 'string';
      const socket = new FakeSocket(named ? second : first);
      sockets.push({ namespace: named ? first : '/', socket });
      return socket;
    },
  };
});

describe('an open product page follows stock', () => {
  it('shows a change of what is left within about a second, with no reload', async () => {
    let stock = 3;
    let asked = 0;
    server.use(
      http.get('/api/session', () => HttpResponse.json({ success: true, shopper: null, seller: false })),
      http.get('/api/products', () => HttpResponse.json({ success: true, products: [], page: 1, limit: 20, total: 0, totalPages: 0 })),
      http.get('/api/products/:id', () => {
        asked++;
        return HttpResponse.json({ success: true, product: aProduct({ _id: 'product-1', name: 'Fresh Apples', stock, inStock: stock > 0 }) });
      }),
    );
    const { queryClient } = renderWithApp('/products/fruits/product-1');
    expect(await screen.findByTestId('few-left')).toHaveTextContent('Only 3 left');

    // A guest's page holds the catalogue's pushes.
    await waitFor(() => expect(sockets.find((s) => s.namespace === CATALOGUE_NAMESPACE)).toBeDefined());
    const pushes = sockets.find((s) => s.namespace === CATALOGUE_NAMESPACE)!.socket;
    act(() => pushes.connectNow());
    // Whatever the connection itself asked again (an answer older than the socket) is in first.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const before = asked;
    stock = 0;
    // The server pushes the change; the page asks again for the product it names.
    act(() => pushes.push(SOCKET_EVENTS.catalogueChanged, { version: 2, ids: ['product-1'] }));
    expect(await screen.findByText(/Sold out — check back soon/, undefined, { timeout: 3000 })).toBeInTheDocument();
    expect(asked).toBeGreaterThan(before);
  });
});
