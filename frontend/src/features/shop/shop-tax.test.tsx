import { DEFAULT_SHOP_TAX } from '@greencart/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { server, shopTaxHandler } from '@/test/server';
import { getShopTaxQueryOptions, useShopTax } from './api/get-shop';

function renderShopTax(options?: Parameters<typeof useShopTax>[0]) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { ...renderHook(() => useShopTax(options), { wrapper }), queryClient };
}

describe('the shop’s tax settings (GET /api/shop)', () => {
  it('is today’s rule while the answer is on its way, then the shop’s', async () => {
    server.use(shopTaxHandler('gst', 5));
    const { result } = renderShopTax();
    expect(result.current).toEqual(DEFAULT_SHOP_TAX);
    expect(result.current).toEqual({ taxMode: 'flat', deliveryGstRate: 18, gstRates: [0, 0.25, 3, 5, 18, 40] });
    await waitFor(() => expect(result.current).toEqual({ taxMode: 'gst', deliveryGstRate: 5, gstRates: [0, 0.25, 3, 5, 18, 40] }));
  });

  it('is today’s rule when the shop cannot answer, and when its answer is not a mode the app knows', async () => {
    server.use(http.get('/api/shop', () => HttpResponse.json({ success: false, message: 'Not found.' }, { status: 404 })));
    const failed = renderShopTax();
    await waitFor(() => expect(failed.queryClient.getQueryState(getShopTaxQueryOptions().queryKey)?.status).toBe('error'));
    expect(failed.result.current).toEqual(DEFAULT_SHOP_TAX);

    server.use(http.get('/api/shop', () => HttpResponse.json({ success: true, shop: { taxMode: 'vat', deliveryGstRate: 'lots' } })));
    const odd = renderShopTax();
    await waitFor(() => expect(odd.queryClient.getQueryState(getShopTaxQueryOptions().queryKey)?.status).toBe('success'));
    expect(odd.result.current).toEqual(DEFAULT_SHOP_TAX);
  });

  it('is kept for ten minutes (it rarely changes); a screen may ask for a fresher answer', async () => {
    let asked = 0;
    server.use(
      http.get('/api/shop', () => {
        asked += 1;
        return HttpResponse.json({ success: true, shop: { taxMode: 'composition', deliveryGstRate: 18 } });
      }),
    );
    expect(getShopTaxQueryOptions().staleTime).toBe(10 * 60_000);
    const first = renderShopTax();
    await waitFor(() => expect(first.result.current.taxMode).toBe('composition'));
    // Another screen of the same tab: the answer kept, not asked again.
    const queryClient = first.queryClient;
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const second = renderHook(() => useShopTax(), { wrapper });
    expect(second.result.current.taxMode).toBe('composition');
    // Checkout accepts an answer a minute old at most: an older one is asked again.
    queryClient.setQueryData(
      getShopTaxQueryOptions().queryKey,
      { taxMode: 'composition', deliveryGstRate: 18, gstRates: [0, 5] },
      { updatedAt: Date.now() - 2 * 60_000 },
    );
    renderHook(() => useShopTax({ staleTime: 60_000 }), { wrapper });
    await waitFor(() => expect(asked).toBe(2));
  });
});
