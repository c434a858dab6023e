import type { ShopDetailsView } from '@greencart/domain';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { server, sessionHandler } from '@/test/server';

const defaults: ShopDetailsView = { legalName: 'GreenCart', gstin: null, address: '1 Env Street, Bengaluru', stateCode: null, stateName: null, saved: false };

function serve(shop: ShopDetailsView, sent: unknown[]) {
  server.use(
    sessionHandler({ seller: true }),
    http.get('/api/seller/shop', () => HttpResponse.json({ success: true, shop })),
    http.put('/api/seller/shop', async ({ request }) => {
      const body = (await request.json()) as { legalName: string; gstin?: string; address: string; stateCode: string };
      sent.push(body);
      return HttpResponse.json({
        success: true,
        message: 'Shop details saved',
        shop: { ...body, gstin: body.gstin ?? null, stateName: body.stateCode === '29' ? 'Karnataka' : 'Kerala', saved: true },
      });
    }),
  );
}

describe('shop details', () => {
  it('shows the server’s defaults until saved, checks the GSTIN before sending, and saves', async () => {
    const sent: unknown[] = [];
    serve(defaults, sent);
    const { user } = renderWithApp('/seller/shop');
    expect(await screen.findByText(/Not saved yet: invoices use the server’s settings/)).toBeInTheDocument();
    const legalName = screen.getByLabelText('Legal name');
    expect(legalName).toHaveValue('GreenCart');
    expect(screen.getByLabelText('Address')).toHaveValue('1 Env Street, Bengaluru');

    await user.clear(legalName);
    await user.type(legalName, 'GreenCart Retail Private Limited');
    await user.selectOptions(screen.getByLabelText('State'), 'Karnataka (29)');
    const gstin = screen.getByLabelText('GSTIN');
    // A mistyped character: the check character says so, nothing is sent.
    await user.type(gstin, '29aaacg1234a1zb');
    await user.click(screen.getByRole('button', { name: 'Save shop details' }));
    expect(gstin).toHaveAccessibleDescription('GSTIN’s check character (the last one) does not match the rest: one of its characters is mistyped');
    expect(gstin).toHaveAttribute('aria-invalid', 'true');
    // Kerala's GSTIN with Karnataka chosen.
    await user.clear(gstin);
    await user.type(gstin, '32AAACG1234A1ZN');
    await user.click(screen.getByRole('button', { name: 'Save shop details' }));
    expect(gstin).toHaveAccessibleDescription(/registered in Kerala \(state code 32\), but the shop’s state is Karnataka \(29\)/);
    expect(sent).toEqual([]);

    await user.clear(gstin);
    await user.type(gstin, '29AAACG1234A1ZA');
    await user.click(screen.getByRole('button', { name: 'Save shop details' }));
    expect(await screen.findByText('Shop details saved')).toBeInTheDocument();
    expect(sent).toEqual([{ legalName: 'GreenCart Retail Private Limited', gstin: '29AAACG1234A1ZA', address: '1 Env Street, Bengaluru', stateCode: '29' }]);
    expect(screen.queryByText(/Not saved yet/)).not.toBeInTheDocument();
  });

  it('without a GSTIN sends none (bills of supply), and shows what the server refuses', async () => {
    const sent: unknown[] = [];
    serve({ ...defaults, legalName: 'Asha Stores', stateCode: '32', stateName: 'Kerala', saved: true }, sent);
    server.use(
      http.put('/api/seller/shop', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          { success: false, message: 'address must be at most 300 characters', errors: { address: 'address must be at most 300 characters' } },
          { status: 400 },
        );
      }),
    );
    const { user } = renderWithApp('/seller/shop');
    await user.click(await screen.findByRole('button', { name: 'Save shop details' }));
    expect(await screen.findByText('address must be at most 300 characters', { selector: 'p' })).toBeInTheDocument();
    expect(sent).toEqual([{ legalName: 'Asha Stores', address: '1 Env Street, Bengaluru', stateCode: '32' }]);
  });

  it('is in the seller’s menu', async () => {
    serve(defaults, []);
    renderWithApp('/seller/shop');
    expect((await screen.findAllByRole('link', { name: /Shop details/ })).length).toBeGreaterThan(0);
  });
});
