import type { StatsResponse } from '@greencart/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
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
// jsdom draws no canvas: the chart library is replaced by a stand-in that records what it was given.
const charts = vi.hoisted(() => [] as unknown[][]);
vi.mock('uplot', () => {
  class FakePlot {
    static paths = { bars: () => () => null };
    constructor(_options: unknown, data: unknown[]) {
      charts.push(data);
    }
    setSize() {}
    destroy() {}
  }
  return { default: FakePlot };
});
globalThis.ResizeObserver ??= class {
  observe() {}
  disconnect() {}
  unobserve() {}
} as unknown as typeof ResizeObserver;

function statsFor(days: number, todayOrders: number): StatsResponse {
  const dates = Array.from({ length: days }, (_, i) => new Date(Date.UTC(2026, 10, 23 - (days - 1 - i))).toISOString().slice(0, 10));
  const byDay = dates.map((date, i) => ({
    date,
    orders: i === days - 1 ? todayOrders : i === days - 2 ? 2 : 1,
    revenue: i === days - 1 ? todayOrders * 150 : i === days - 2 ? 200 : 100,
  }));
  const orders = byDay.reduce((n, d) => n + d.orders, 0);
  const revenue = byDay.reduce((n, d) => n + d.revenue, 0);
  return {
    success: true,
    from: dates[0],
    to: dates[days - 1],
    timezone: 'Asia/Kolkata',
    today: '2026-11-23',
    revenue,
    orders,
    averageOrderValue: Math.round((revenue / orders) * 100) / 100,
    byDay,
    topProducts: [
      days === 1
        ? { productId: 'p1', name: 'Mango (today)', quantity: 3, revenue: 90 }
        : {
            productId: 'p1',
            name: 'Milk',
            quantity: 3,
            revenue: 90,
            sizes: [
              { label: '1 L', quantity: 2, revenue: 64 },
              { label: '500 ml', quantity: 1, revenue: 26 },
            ],
          },
    ],
    byPayment: { cod: { orders: orders - 1, revenue: revenue - 50 }, online: { orders: 1, revenue: 50 } },
    discounts: days === 1 ? { orders: 0, amount: 0 } : { orders: 2, amount: 62.49 },
    cancelled: { orders: 1, amount: 40 },
    refunded: { orders: 0, amount: 0 },
    waiting: { 'Order Placed': todayOrders, Packing: 1, 'Out for delivery': 0 },
    tax: {
      withTax: revenue,
      withoutTax: revenue - 12.5,
      tax: 12.5,
      byRate:
        days === 1
          ? []
          : [
              { ratePercent: 5, taxable: 150, tax: 7.5 },
              { ratePercent: 18, taxable: 27.78, tax: 5 },
            ],
    },
  };
}

describe('seller dashboard', () => {
  it('shows today against yesterday, the queue, 30 days and the period’s best sellers, and follows stats-updated pushes', async () => {
    let todayOrders = 3;
    const asked: string[] = [];
    server.use(
      sessionHandler({ seller: true }),
      http.get('/api/seller/stats', ({ request }) => {
        const days = Number(new URL(request.url).searchParams.get('days'));
        asked.push(`days=${days}`);
        return HttpResponse.json(statsFor(days, todayOrders));
      }),
    );
    const before = sockets.length;
    const { user } = renderWithApp('/seller');

    expect(await screen.findByRole('heading', { name: 'Today' })).toBeInTheDocument();
    expect(screen.getByTestId('today-revenue')).toHaveTextContent('₹450.00');
    expect(screen.getByTestId('today-orders')).toHaveTextContent('3');
    expect(screen.getByTestId('today-aov')).toHaveTextContent('₹150.00');
    const figures = screen.getByTestId('today-figures');
    expect(within(figures).getByText(/yesterday ₹200\.00/)).toBeInTheDocument();
    expect(within(figures).getByText(/▲\s*125%/)).toBeInTheDocument();
    expect(screen.getAllByTestId('waiting-status').map((li) => li.textContent)).toEqual(['3Order Placed', '1Packing', '0Out for delivery']);
    // The chart got 30 days; the same days are in a table for screen readers.
    await waitFor(() => expect(charts.at(-1)?.[1]).toHaveLength(30));
    expect(screen.getByRole('table', { name: 'Revenue and orders per day' })).toBeInTheDocument();
    // Top products of today by default; 30 days on request.
    expect(await within(screen.getByTestId('top-products')).findByText('Mango (today)')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '30 days' }));
    expect(await within(screen.getByTestId('top-products')).findByText('Milk')).toBeInTheDocument();
    // A product sold in two sizes says how many of each.
    expect(screen.getByTestId('top-product-sizes')).toHaveTextContent('1 L × 2 · 500 ml × 1');
    // The period's revenue is after coupon discounts, and what they took off is beside it.
    const payments = screen.getByRole('region', { name: 'Payments and discounts' });
    expect(within(payments).getByTestId('revenue-after-discounts')).toHaveTextContent('₹3,450.00');
    expect(within(payments).getByTestId('discount-given')).toHaveTextContent('₹62.49');
    expect(within(payments).getByTestId('coupon-orders')).toHaveTextContent('2 orders with a coupon');
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
    // The period's sales with and without tax, and the tax per rate (issue 54).
    const tax = screen.getByRole('region', { name: 'Tax' });
    expect(within(tax).getByTestId('sales-with-tax')).toHaveTextContent('₹3,450.00');
    expect(within(tax).getByTestId('sales-without-tax')).toHaveTextContent('₹3,437.50');
    expect(
      within(tax)
        .getAllByTestId('tax-rate-row')
        .map((row) => row.textContent),
    ).toEqual(['5%₹150.00₹7.50', '18%₹27.78₹5.00']);

    // An order is counted on the server: the push brings the new figures.
    const socket = sockets.slice(before).at(-1)!;
    act(() => socket.connectNow());
    todayOrders = 4;
    act(() => socket.push('stats-updated', { days: ['2026-11-23'] }));
    await waitFor(() => expect(screen.getByTestId('today-orders')).toHaveTextContent('4'));
    expect(screen.getByTestId('today-revenue')).toHaveTextContent('₹600.00');
    expect(asked).toContain('days=30');
  });
});

describe('seller dashboard: the day’s cancellations and a period of the seller’s own', () => {
  it('says today’s cancelled and refunded orders, and asks for From–To days once they make a range', async () => {
    const asked: string[] = [];
    server.use(
      sessionHandler({ seller: true }),
      http.get('/api/seller/stats', ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params.toString());
        if (params.has('from'))
          return HttpResponse.json({
            ...statsFor(3, 1),
            topProducts: [{ productId: 'p2', name: `Dal (${params.get('from')} to ${params.get('to')})`, quantity: 1, revenue: 10 }],
          });
        const days = Number(params.get('days'));
        return HttpResponse.json({ ...statsFor(days, 1), refunded: { orders: 1, amount: 40 }, discounts: { orders: 1, amount: 50 } });
      }),
    );
    const { user } = renderWithApp('/seller');

    expect(await screen.findByTestId('today-cancellations')).toHaveTextContent(
      'Cancelled today: 1 order (₹40.00)Refunded today: 1 order (₹40.00)Coupons today: 1 order (₹50.00 off)',
    );

    expect(screen.getByRole('region', { name: 'Last 30 days' })).toHaveTextContent('31 orders');

    await user.click(screen.getByRole('radio', { name: 'Dates…' }));
    const from = screen.getByLabelText('From', { selector: '[data-testid="custom-range"] input' });
    const to = screen.getByLabelText('To', { selector: '[data-testid="custom-range"] input' });
    expect(from).toHaveValue('2026-11-17');
    expect(to).toHaveValue('2026-11-23');
    expect(await within(screen.getByTestId('top-products')).findByText('Dal (2026-11-17 to 2026-11-23)')).toBeInTheDocument();

    // A reversed range is said, and not asked for.
    await user.clear(from);
    await user.type(from, '2026-11-25');
    expect(within(screen.getByTestId('custom-range')).getByRole('alert')).toHaveTextContent('The first day must not be after the last');
    expect(asked.some((query) => query.includes('from=2026-11-25'))).toBe(false);
    await user.clear(from);
    await user.type(from, '2026-11-01');
    expect(await within(screen.getByTestId('top-products')).findByText('Dal (2026-11-01 to 2026-11-23)')).toBeInTheDocument();
    expect(within(screen.getByTestId('custom-range')).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('seller dashboard: the month’s GSTR-1 (issue 54)', () => {
  it('downloads last month’s file as JSON or as the CSVs in a zip, and says why the shop refuses one', async () => {
    const asked: string[] = [];
    const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    const saves: string[] = [];
    URL.createObjectURL = () => 'blob:gstr1';
    URL.revokeObjectURL = () => {};
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saves.push(this.download);
    });
    server.use(
      sessionHandler({ seller: true }),
      http.get('/api/seller/stats', ({ request }) => HttpResponse.json(statsFor(Number(new URL(request.url).searchParams.get('days')) || 1, 1))),
      http.get('/api/seller/gst/gstr1', ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params.toString());
        if (params.get('month') === '2025-03')
          return HttpResponse.json({ success: false, message: 'In 2025-03 the shop was not in GST mode' }, { status: 409 });
        const csv = params.get('format') === 'csv';
        return new HttpResponse(csv ? 'PK' : '{}', {
          headers: { 'Content-Disposition': `attachment; filename="GSTR1_29AAACG1234A1ZA_102026.${csv ? 'zip' : 'json'}"` },
        });
      }),
    );
    try {
      const { user } = renderWithApp('/seller');
      const panel = await screen.findByRole('region', { name: 'GST return (GSTR-1)' });
      // Today is 23 Nov 2026: October is the month to file.
      const month = within(panel).getByLabelText('Month');
      expect(month).toHaveValue('2026-10');
      await user.click(within(panel).getByRole('button', { name: 'Download JSON' }));
      await waitFor(() => expect(saves).toEqual(['GSTR1_29AAACG1234A1ZA_102026.json']));
      await user.click(within(panel).getByRole('button', { name: 'CSV files (zip)' }));
      await waitFor(() => expect(saves).toHaveLength(2));
      expect(saves[1]).toBe('GSTR1_29AAACG1234A1ZA_102026.zip');
      expect(asked).toEqual(['month=2026-10', 'month=2026-10&format=csv']);
      // A later month than this one cannot be chosen; a refused month says why.
      await user.clear(month);
      await user.type(month, '2026-12');
      expect(within(panel).getByRole('alert')).toHaveTextContent('Choose this month or an earlier one.');
      expect(within(panel).getByRole('button', { name: 'Download JSON' })).toBeDisabled();
      await user.clear(month);
      await user.type(month, '2025-03');
      await user.click(within(panel).getByRole('button', { name: 'Download JSON' }));
      expect(await screen.findByText('In 2025-03 the shop was not in GST mode')).toBeInTheDocument();
      expect(saves).toHaveLength(2);
    } finally {
      click.mockRestore();
      URL.createObjectURL = saved.create;
      URL.revokeObjectURL = saved.revoke;
    }
  });
});
