import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { pincodeStore } from '@/features/delivery';
import { renderWithApp } from '@/test/render';
import { server } from '@/test/server';

describe('the home page promises only what the shop says', () => {
  afterEach(() => pincodeStore.set(null));

  it('without a pincode: no delivery time and no customer count', async () => {
    renderWithApp('/');
    expect(await screen.findByTestId('delivery-promise')).toHaveTextContent('Fresh groceries delivered to your door');
    expect(await screen.findByText('Enter your pincode above to see how soon we deliver to you.')).toBeInTheDocument();
    expect(screen.queryByText(/30 minutes/)).not.toBeInTheDocument();
    expect(screen.queryByText(/10,000|happy customers/)).not.toBeInTheDocument();
  });

  it('with a served pincode: the delivery area’s own time', async () => {
    pincodeStore.set('560001');
    server.use(
      http.get('/api/delivery', ({ request }) =>
        HttpResponse.json({
          success: true,
          pincode: new URL(request.url).searchParams.get('pincode'),
          serviceable: true,
          etaMinutes: 45,
          fee: 0,
          open: true,
          message: 'Delivery in 45 min',
        }),
      ),
    );
    renderWithApp('/');
    expect(await screen.findByText('Delivered in 45 minutes to 560001')).toBeInTheDocument();
    expect(await screen.findByText('Groceries delivered in 45 minutes to 560001.')).toBeInTheDocument();
  });
});
