import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { anOrder, anOrderPage, aUser } from '@/test/data';
import { renderWithApp } from '@/test/render';
import { server, sessionHandler } from '@/test/server';

// Issue 54: what went back after an order's invoice, as credit notes the shopper can open.
const NOTE = {
  n: 1,
  number: 'CN/26-27/000001',
  at: '2026-12-03T10:00:00.000Z',
  reason: 'Order cancelled',
  invoice: 'GC/26-27/000004',
  amountPaise: 20_400,
  taxPaise: 400,
};

describe('credit notes on My orders', () => {
  it('shows "Credit notes" only where something went back, asks for them when opened, and saves one as a PDF', async () => {
    let asked = 0;
    let saved = '';
    server.use(
      sessionHandler({ shopper: aUser() }),
      http.get('/api/Address/get', () => HttpResponse.json({ success: true, address: [] })),
      http.get('/api/getorder/user', () =>
        HttpResponse.json(anOrderPage([anOrder({ _id: 'order-kept' }), anOrder({ _id: 'order-cancelled', status: 'Cancelled', cancelledBy: 'shop' })])),
      ),
      http.get('/api/orders/:id/credit-notes', ({ params }) => {
        asked += 1;
        return HttpResponse.json({ success: true, creditNotes: params.id === 'order-cancelled' ? [NOTE] : [] });
      }),
      http.get('/api/orders/:id/credit-notes/:file', ({ params }) => {
        saved = `${String(params.id)}/${String(params.file)}`;
        return new HttpResponse(new Uint8Array([37, 80, 68, 70]), {
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="credit-note-CN-26-27-000001.pdf"' },
        });
      }),
    );
    const { user } = renderWithApp('/My-orders');
    const card = (id: string) => within(screen.getByText(`GC-${id}`).closest('li')!);
    await screen.findByText('GC-order-cancelled');
    expect(card('order-kept').queryByText('Credit notes')).not.toBeInTheDocument();
    expect(asked).toBe(0);

    await user.click(card('order-cancelled').getByText('Credit notes'));
    const list = await card('order-cancelled').findByTestId('credit-notes');
    const note = await within(list).findByRole('button', { name: /CN\/26-27\/000001 · Order cancelled/ });
    expect(note).toHaveTextContent('₹204.00');
    expect(asked).toBe(1);
    await user.click(note);
    await waitFor(() => expect(saved).toBe('order-cancelled/1.pdf'));
  });
});
