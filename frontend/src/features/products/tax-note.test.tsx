import { taxNote, type TaxMode } from '@greencart/domain';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aProduct } from '@/test/data';
import { renderWithApp } from '@/test/render';
import { server } from '@/test/server';

// Issue 54: what the product page says of tax beside the price, in the shop's tax mode.
const carrots = aProduct({ _id: 'product-2', name: 'Organic Carrots', category: 'Vegetables', offerPrice: 45.5, price: 50, gstRate: 5 });

/** The carrots' page of a shop in `taxMode`; answers whether the shop's settings were asked for. */
function productPageIn(taxMode: TaxMode) {
  const shop = { asked: false };
  server.use(
    http.get('/api/shop', () => {
      shop.asked = true;
      return HttpResponse.json({ success: true, shop: { taxMode, deliveryGstRate: 18 } });
    }),
    http.get('/api/products/:id', () => HttpResponse.json({ success: true, product: carrots })),
    http.get('/api/products', () => HttpResponse.json({ success: true, products: [carrots], page: 1, limit: 20, total: 1, totalPages: 1 })),
  );
  renderWithApp('/products/vegetables/product-2');
  return shop;
}

const NOTES = [
  ['flat', '+2% tax at checkout · delivery fee at checkout'],
  ['gst', 'incl. GST · delivery fee at checkout'],
  ['composition', 'delivery fee at checkout'],
  ['unregistered', 'delivery fee at checkout'],
] as const;

describe('the product page’s tax words', () => {
  it('are the domain’s taxNote (the page writes them itself to keep the invoice’s tax rule out of its download)', () => {
    for (const [taxMode, note] of NOTES) {
      const words = taxNote(taxMode);
      expect(note).toBe(words ? `${words}${taxMode === 'flat' ? ' at checkout' : ''} · delivery fee at checkout` : 'delivery fee at checkout');
    }
  });

  it.each(NOTES)('%s: “%s”', async (taxMode, note) => {
    const shop = productPageIn(taxMode);
    expect(await screen.findByRole('heading', { level: 1, name: 'Organic Carrots' })).toBeInTheDocument();
    await waitFor(() => expect(shop.asked).toBe(true));
    await waitFor(() => expect(screen.getByTestId('tax-note').textContent).toBe(note));
  });
});
