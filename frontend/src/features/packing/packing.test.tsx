import type { OrderIssueView } from '@greencart/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { server } from '@/test/server';
import { IssueOutcome, PackingChanges, packedNote, SellerIssues } from './index';

const line = (over: object) => ({ product: null, name: 'Desi Tomatoes', category: 'Vegetables', image: '', offerPrice: 100, quantity: 3, ...over });

describe('packing changes as people read them', () => {
  it('says what packing did to each line', () => {
    const items = [
      line({ quantity: 1, ordered: 3 }),
      line({ name: 'Milk', quantity: 0, ordered: 2 }),
      line({ name: 'Alphonso Mango', quantity: 2, substituteFor: 0 }),
    ];
    expect(items.map((item) => packedNote(item, items))).toEqual(['1 of 3 packed', 'Not available', 'Replaces Desi Tomatoes']);
    expect(packedNote(line({}), items)).toBeNull();
  });

  it('shows the shopper the refund and when it arrives, the seller a refund still to make, and the cash to collect', () => {
    const change = {
      key: 'k1',
      at: '2026-03-10T10:00:00Z',
      by: 'seller',
      lines: [],
      substitutes: [],
      amountBeforePaise: 37399,
      amountAfterPaise: 16999,
      differencePaise: 20400,
    };
    const { rerender } = render(
      <PackingChanges
        as="shopper"
        order={{
          status: 'Packing',
          paymentType: 'Online',
          amountPaise: 16999,
          adjustments: [{ ...change, refund: { receipt: 'r', amountPaise: 20400, status: 'processed' } }],
        }}
      />,
    );
    expect(screen.getByTestId('packing-refund')).toHaveTextContent('₹204.00 refunded to the way you paid — it reaches the account in 5–7 working days.');
    rerender(
      <PackingChanges
        as="seller"
        order={{
          status: 'Packing',
          paymentType: 'Online',
          amountPaise: 16999,
          adjustments: [{ ...change, refund: { receipt: 'r', amountPaise: 20400, status: 'processed' } }],
        }}
      />,
    );
    // The seller reads who got it back, not "the way you paid".
    expect(screen.getByTestId('packing-refund')).toHaveTextContent(
      '₹204.00 refunded to the shopper through Razorpay — it reaches their account in 5–7 working days.',
    );
    rerender(
      <PackingChanges
        as="seller"
        order={{
          status: 'Packing',
          paymentType: 'Online',
          amountPaise: 16999,
          adjustments: [{ ...change, refund: { receipt: 'r', amountPaise: 20400, status: 'failed', error: 'Razorpay did not answer' } }],
        }}
      />,
    );
    expect(screen.getByTestId('packing-refund')).toHaveTextContent('Refund of ₹204.00 not made yet: Razorpay did not answer — retrying.');
    expect(screen.getByTestId('packing-changes')).not.toHaveTextContent('Packed with changes by');
    rerender(<PackingChanges as="seller" order={{ status: 'Packing', paymentType: 'Online', amountPaise: 16999, adjustments: [{ ...change, by: 'Ravi' }] }} />);
    expect(screen.getByTestId('packing-changes')).toHaveTextContent('Packed with changes by Ravi');
    rerender(
      <PackingChanges as="shopper" order={{ status: 'Packing', paymentType: 'Online', amountPaise: 16999, adjustments: [{ ...change, by: 'Ravi' }] }} />,
    );
    expect(screen.getByTestId('packing-changes')).not.toHaveTextContent('by Ravi');
    rerender(
      <PackingChanges as="shopper" order={{ status: 'Packing', paymentType: 'COD', amountPaise: 4590, originalAmountPaise: 9180, adjustments: [change] }} />,
    );
    expect(screen.getByTestId('packing-cod')).toHaveTextContent('Pay ₹45.90 in cash on delivery (was ₹91.80).');
    rerender(
      <PackingChanges as="seller" order={{ status: 'Delivered', paymentType: 'COD', amountPaise: 4590, originalAmountPaise: 9180, adjustments: [change] }} />,
    );
    expect(screen.getByTestId('packing-cod')).toHaveTextContent('Collected ₹45.90 in cash on delivery (was ₹91.80).');
  });

  it('a difference under ₹1 on an online order: paid back in cash on delivery, never said to be refunded', () => {
    const order = {
      status: 'Packing' as const,
      paymentType: 'Online' as const,
      amountPaise: 10200,
      adjustments: [
        {
          key: 'k2',
          at: '2026-03-10T10:00:00Z',
          by: 'seller',
          lines: [],
          substitutes: [],
          amountBeforePaise: 10251,
          amountAfterPaise: 10200,
          differencePaise: 51,
          cashOwedPaise: 51,
        },
      ],
    };
    const { rerender } = render(<PackingChanges as="shopper" order={order} />);
    expect(screen.getByTestId('packing-cash-back')).toHaveTextContent('₹0.51 will be paid back to you in cash on delivery (online refunds start at ₹1.00).');
    expect(screen.getByTestId('packing-changes')).not.toHaveTextContent(/refunded to the way you paid|on its way/);
    rerender(<PackingChanges as="seller" order={order} />);
    expect(screen.getByTestId('packing-cash-back')).toHaveTextContent('Give ₹0.51 back in cash on delivery: Razorpay refunds no less than ₹1.00.');
    // Delivered: the paise were handed over at the door.
    rerender(<PackingChanges as="seller" order={{ ...order, status: 'Delivered' }} />);
    expect(screen.getByTestId('packing-cash-back')).toHaveTextContent('₹0.51 given back in cash on delivery (Razorpay refunds no less than ₹1.00).');
    rerender(<PackingChanges as="shopper" order={{ ...order, status: 'Delivered' }} />);
    expect(screen.getByTestId('packing-cash-back')).toHaveTextContent('₹0.51 paid back to you in cash on delivery (online refunds start at ₹1.00).');
    // Cancelled: the cancel's refund gives back everything still paid, these paise too.
    rerender(<PackingChanges as="shopper" order={{ ...order, status: 'Cancelled' }} />);
    expect(screen.queryByTestId('packing-cash-back')).toBeNull();
  });
});

describe('the photo of a problem report', () => {
  // A private URL: the server serves it to the order's shopper and the shop's staff only, with their session.
  const photo = '/api/orders/665f1c2ab0c4f1a2b3c4d5e6/photos/3f9c2a7d1e8b4c6a9d0e5f1a2b3c4d5e';
  const issue: OrderIssueView = {
    at: '2026-03-10T10:00:00Z',
    lines: [{ line: 0, name: 'Milk', quantity: 1, reason: 'damaged', unitPaise: 3300 }],
    photo,
    status: 'open',
    capPaise: 3366,
  };
  const withQueries = (children: ReactNode) => <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;

  it('is linked for the shopper on their order and for the seller on the order, by the URL the server gave', () => {
    const order = { _id: '665f1c2ab0c4f1a2b3c4d5e6', paymentType: 'COD' as const, issue };
    const { rerender } = render(withQueries(<IssueOutcome order={order} as="shopper" />));
    expect(screen.getByRole('link', { name: 'See your photo' })).toHaveAttribute('href', photo);
    rerender(withQueries(<IssueOutcome order={order} as="seller" />));
    expect(screen.getByRole('link', { name: 'See the photo' })).toHaveAttribute('href', photo);
    rerender(withQueries(<IssueOutcome order={{ ...order, issue: { ...issue, photo: undefined } }} as="shopper" />));
    expect(screen.queryByTestId('issue-photo')).toBeNull();
  });

  it('is linked on the seller’s open reports', async () => {
    server.use(
      http.get('/api/seller/issues', () =>
        HttpResponse.json({
          success: true,
          issues: [{ ...issue, _id: '665f1c2ab0c4f1a2b3c4d5e6', orderNumber: 'GC-100031', paymentType: 'COD', amountPaise: 6600 }],
        }),
      ),
    );
    render(withQueries(<SellerIssues onChanged={() => undefined} />));
    expect(await screen.findByRole('link', { name: 'See the photo' })).toHaveAttribute('href', photo);
  });
});
