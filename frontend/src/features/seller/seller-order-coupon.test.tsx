import { priceCart } from '@greencart/domain';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { anOrder, anOrderPage } from '@/test/data';
import { renderWithApp } from '@/test/render';
import { server, sessionHandler } from '@/test/server';

describe('seller orders: an order’s coupon', () => {
  it('shows the code and the discount beside the order’s amount; an order without a coupon shows none', async () => {
    // 3 × ₹33.33 with 12.5% off: ₹12.49 off ₹99.99, tax 2% of ₹87.50, total ₹89.25.
    const items = [{ product: null, name: 'Alphonso Mango', category: 'Fruits', image: '', offerPrice: 33.33, quantity: 3 }];
    const price = priceCart([{ offerPrice: 33.33, quantity: 3 }], null, { kind: 'percent', value: 12.5 });
    const withCoupon = anOrder({
      _id: 'o-coupon',
      items,
      amount: price.totalPaise / 100,
      amountPaise: price.totalPaise,
      subtotalPaise: price.subtotalPaise,
      discountPaise: price.discountPaise,
      coupon: { code: 'SAVE12', discountPaise: price.discountPaise },
      taxPaise: price.taxPaise,
    });
    server.use(
      sessionHandler({ seller: true }),
      http.get('/api/getorder/admin/seller', () => HttpResponse.json(anOrderPage([withCoupon, anOrder({ _id: 'o-plain' })], { limit: 20 }))),
    );
    renderWithApp('/seller/orders');

    const [discounted, plain] = await screen.findAllByTestId('seller-order');
    expect(price).toMatchObject({ subtotalPaise: 9999, discountPaise: 1249, taxPaise: 175, totalPaise: 8925 });
    expect(discounted).toHaveTextContent('₹89.25');
    expect(within(discounted!).getByTestId('order-coupon')).toHaveTextContent('Coupon SAVE12: −₹12.49 off ₹99.99 of items');
    expect(within(plain!).queryByTestId('order-coupon')).not.toBeInTheDocument();
  });
});
