import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { anOrder, anOrderPage, aUser } from '@/test/data';
import { renderWithApp } from '@/test/render';
import { server, sessionHandler } from '@/test/server';

// Issue 54: each order's bill as the shop's tax mode was when it was placed (2 × ₹100 of apples; see test/data anOrder).
const NO_TAX = { taxPaise: 0, amountPaise: 20_000, amount: 200 };

async function billOf(orderId: string) {
  const card = (await screen.findByText(`GC-${orderId}`)).closest('li')!;
  return within(within(card).getByTestId('order-bill'));
}

describe('the tax on a shopper’s orders', () => {
  it('adds 2% only to flat orders, says the GST inside a gst order’s total, and names no tax on the others', async () => {
    server.use(
      sessionHandler({ shopper: aUser() }),
      http.get('/api/Address/get', () => HttpResponse.json({ success: true, address: [] })),
      http.get('/api/getorder/user', () =>
        HttpResponse.json(
          anOrderPage([
            // Placed before tax modes: no mode stored, today's rule.
            anOrder({ _id: 'order-old' }),
            anOrder({ _id: 'order-flat', taxMode: 'flat' }),
            anOrder({ _id: 'order-gst', taxMode: 'gst', taxInsidePaise: 952, ...NO_TAX }),
            anOrder({ _id: 'order-composition', taxMode: 'composition', ...NO_TAX }),
            anOrder({ _id: 'order-unregistered', taxMode: 'unregistered', ...NO_TAX }),
          ]),
        ),
      ),
    );
    renderWithApp('/My-orders');

    for (const id of ['order-old', 'order-flat']) {
      const bill = await billOf(id);
      expect(bill.getByText('Tax (2%)').nextElementSibling).toHaveTextContent('₹4.00');
      expect(bill.getByText('Total').nextElementSibling).toHaveTextContent('₹204.00');
      expect(bill.queryByText('Includes GST')).not.toBeInTheDocument();
    }

    const gst = await billOf('order-gst');
    expect(gst.queryByText('Tax (2%)')).not.toBeInTheDocument();
    expect(gst.getByText('Total').nextElementSibling).toHaveTextContent('₹200.00');
    expect(gst.getByText('Includes GST').nextElementSibling).toHaveTextContent('₹9.52');

    for (const id of ['order-composition', 'order-unregistered']) {
      const bill = await billOf(id);
      expect(bill.getByText('Total').nextElementSibling).toHaveTextContent('₹200.00');
      expect(screen.getByText(`GC-${id}`).closest('li')!.querySelector('[data-testid="order-bill"]')!.textContent).not.toMatch(/tax|GST/i);
    }
  });
});
