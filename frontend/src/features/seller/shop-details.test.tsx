import { DEFAULT_GST_RATES, type ShopDetailsView } from '@greencart/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { server, sessionHandler } from '@/test/server';

const defaults: ShopDetailsView = {
  legalName: 'GreenCart',
  gstin: null,
  address: '1 Env Street, Bengaluru',
  stateCode: null,
  stateName: null,
  saved: false,
  taxMode: 'flat',
  gstRates: [...DEFAULT_GST_RATES],
  deliveryGstRate: 18,
};
/** What the form sends of the tax settings it was opened with (issue 54): today's rule and the default rates. */
const TAX_AS_OPENED = { taxMode: 'flat', gstRates: [0, 0.25, 3, 5, 18, 40], deliveryGstRate: 18 };

function serve(shop: ShopDetailsView, sent: unknown[]) {
  server.use(
    sessionHandler({ seller: true }),
    http.get('/api/seller/shop', () => HttpResponse.json({ success: true, shop })),
    http.put('/api/seller/shop', async ({ request }) => {
      const body = (await request.json()) as Partial<ShopDetailsView> & { legalName: string; gstin?: string; address: string; stateCode: string };
      sent.push(body);
      return HttpResponse.json({
        success: true,
        message: 'Shop details saved',
        shop: { ...shop, ...body, gstin: body.gstin ?? null, stateName: body.stateCode === '29' ? 'Karnataka' : 'Kerala', saved: true },
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
    expect(sent).toEqual([
      { legalName: 'GreenCart Retail Private Limited', gstin: '29AAACG1234A1ZA', address: '1 Env Street, Bengaluru', stateCode: '29', ...TAX_AS_OPENED },
    ]);
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
    expect(sent).toEqual([{ legalName: 'Asha Stores', address: '1 Env Street, Bengaluru', stateCode: '32', ...TAX_AS_OPENED }]);
  });

  it('chooses how the shop is taxed: each mode in a line, GST needs the GSTIN, the rates are checked before sending', async () => {
    const sent: unknown[] = [];
    serve({ ...defaults, legalName: 'Asha Stores', stateCode: '29', stateName: 'Karnataka', saved: true }, sent);
    const { user, queryClient } = renderWithApp('/seller/shop');
    const tax = within(await screen.findByRole('region', { name: 'Tax' }));
    expect(tax.getByText('A change applies to orders placed after you save it; orders placed before keep the tax they were placed with.')).toBeInTheDocument();
    const modes = within(tax.getByRole('group', { name: 'Tax mode' }));
    expect(modes.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Today’s rule: 2% added on top of prices',
      'Registered for GST: prices are MRPs including GST; each product carries its rate',
      'Composition scheme: no tax charged, bills of supply',
      'Not registered: no tax charged, bills of supply',
    ]);
    expect(modes.getByRole('radio', { name: 'Today’s rule: 2% added on top of prices' })).toBeChecked();
    expect(tax.getByLabelText('GST rates (%)')).toHaveValue('0, 0.25, 3, 5, 18, 40');
    expect(tax.getByLabelText('Delivery fee’s GST rate (%)')).toHaveValue('18');

    // GST without a GSTIN: said at the modes, nothing sent.
    await user.click(modes.getByRole('radio', { name: /^Registered for GST/ }));
    await user.click(screen.getByRole('button', { name: 'Save shop details' }));
    expect(tax.getByRole('group', { name: 'Tax mode' })).toHaveAccessibleDescription('A shop in gst mode needs its GSTIN');
    // A rate twice, and a delivery rate that is not a percent.
    await user.clear(tax.getByLabelText('GST rates (%)'));
    await user.type(tax.getByLabelText('GST rates (%)'), '5, 18, 18%');
    await user.clear(tax.getByLabelText('Delivery fee’s GST rate (%)'));
    await user.type(tax.getByLabelText('Delivery fee’s GST rate (%)'), 'eighteen');
    await user.type(screen.getByLabelText('GSTIN'), '29AAACG1234A1ZA');
    await user.click(screen.getByRole('button', { name: 'Save shop details' }));
    expect(tax.getByLabelText('GST rates (%)')).toHaveAccessibleDescription('GST rate 18% is listed twice');
    expect(tax.getByLabelText('Delivery fee’s GST rate (%)')).toHaveAccessibleDescription(
      'The delivery fee’s GST rate must be a percent from 0 to 100 with at most two decimals',
    );
    expect(tax.getByRole('group', { name: 'Tax mode' })).not.toHaveAccessibleDescription('A shop in gst mode needs its GSTIN');
    expect(sent).toEqual([]);

    await user.clear(tax.getByLabelText('GST rates (%)'));
    await user.type(tax.getByLabelText('GST rates (%)'), '0, 5%, 12.5, 18');
    await user.clear(tax.getByLabelText('Delivery fee’s GST rate (%)'));
    await user.type(tax.getByLabelText('Delivery fee’s GST rate (%)'), '5');
    await user.click(screen.getByRole('button', { name: 'Save shop details' }));
    expect(await screen.findByText('Shop details saved')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        legalName: 'Asha Stores',
        gstin: '29AAACG1234A1ZA',
        address: '1 Env Street, Bengaluru',
        stateCode: '29',
        taxMode: 'gst',
        gstRates: [0, 5, 12.5, 18],
        deliveryGstRate: 5,
      },
    ]);
    // The storefront's prices in this tab follow the new mode at once.
    expect(queryClient.getQueryData(['shop', 'tax'])).toEqual({ taxMode: 'gst', deliveryGstRate: 5, gstRates: [0, 5, 12.5, 18] });
    await waitFor(() => expect(screen.getByRole('radio', { name: /^Registered for GST/ })).toBeChecked());
  });

  it('shows the server’s refusals of the tax settings at their fields, and one without a field under the form', async () => {
    const sent: unknown[] = [];
    serve({ ...defaults, legalName: 'Asha Stores', gstin: '29AAACG1234A1ZA', stateCode: '29', stateName: 'Karnataka', saved: true }, sent);
    const answers = [
      HttpResponse.json({ success: false, message: 'A shop in gst mode needs its GSTIN' }, { status: 400 }),
      HttpResponse.json(
        { success: false, message: 'GST rate 12% is given to 2 products', errors: { gstRates: 'GST rate 12% is given to 2 products' } },
        { status: 400 },
      ),
      HttpResponse.json({ success: false, message: 'The shop’s details are being changed elsewhere: try again' }, { status: 409 }),
    ];
    server.use(
      http.put('/api/seller/shop', async ({ request }) => {
        sent.push(await request.json());
        return answers.shift()!;
      }),
    );
    const { user } = renderWithApp('/seller/shop');
    await user.click(await screen.findByRole('radio', { name: /^Registered for GST/ }));
    const save = screen.getByRole('button', { name: 'Save shop details' });
    await user.click(save);
    await waitFor(() => expect(screen.getByRole('group', { name: 'Tax mode' })).toHaveAccessibleDescription('A shop in gst mode needs its GSTIN'));
    await user.click(save);
    await waitFor(() => expect(screen.getByLabelText('GST rates (%)')).toHaveAccessibleDescription('GST rate 12% is given to 2 products'));
    await user.click(save);
    expect(await screen.findByText('The shop’s details are being changed elsewhere: try again', { selector: 'p[role="alert"]' })).toBeInTheDocument();
    expect(sent).toHaveLength(3);
    expect(sent[0]).toMatchObject({ gstin: '29AAACG1234A1ZA', taxMode: 'gst' });
  });

  it('is in the seller’s menu', async () => {
    serve(defaults, []);
    renderWithApp('/seller/shop');
    expect((await screen.findAllByRole('link', { name: /Shop details/ })).length).toBeGreaterThan(0);
  });
});
