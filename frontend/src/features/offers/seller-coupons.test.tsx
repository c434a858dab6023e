import type { SellerCoupon } from '@greencart/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { server, sessionHandler } from '@/test/server';
import { couponChanges, couponToForm, newCouponBody, EMPTY_COUPON_FORM } from './coupon-form';

function aCoupon(overrides: Partial<SellerCoupon> = {}): SellerCoupon {
  return {
    _id: 'coupon-1',
    code: 'FLAT50',
    kind: 'flat',
    value: 50,
    minSubtotal: 499,
    // 1 Dec 2026 00:00 to 31 Dec 2026 23:59:59 in India.
    startsAt: '2026-11-30T18:30:00.000Z',
    endsAt: '2026-12-31T18:29:59.000Z',
    firstOrderOnly: false,
    perShopperLimit: 1,
    totalLimit: 100,
    public: true,
    active: true,
    used: 12,
    held: 2,
    discountGivenPaise: 60_000,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

const WELCOME = aCoupon({
  _id: 'coupon-2',
  code: 'WELCOME10',
  kind: 'percent',
  value: 10,
  maxDiscount: 100,
  minSubtotal: null,
  startsAt: null,
  endsAt: null,
  firstOrderOnly: true,
  perShopperLimit: 1,
  totalLimit: null,
  public: false,
  used: 0,
  held: 0,
  discountGivenPaise: 0,
});

/** A signed-in seller with these coupons; what the page sends is recorded. */
function sellerWithCoupons(coupons: SellerCoupon[] = [aCoupon(), WELCOME]) {
  const sent: { method: string; url: string; body?: unknown }[] = [];
  let list = coupons;
  server.use(
    sessionHandler({ seller: true }),
    http.get('/api/seller/coupons', () => HttpResponse.json({ success: true, coupons: list })),
    http.post('/api/seller/coupons', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ method: 'POST', url: '/api/seller/coupons', body });
      if (list.some((coupon) => coupon.code === String(body.code).toUpperCase()))
        return HttpResponse.json({ success: false, message: `Coupon ${String(body.code).toUpperCase()} exists already` }, { status: 409 });
      const coupon = aCoupon({
        ...(body as Partial<SellerCoupon>),
        _id: 'coupon-new',
        code: String(body.code).toUpperCase(),
        used: 0,
        held: 0,
        discountGivenPaise: 0,
      });
      list = [coupon, ...list];
      return HttpResponse.json({ success: true, coupon }, { status: 201 });
    }),
    http.patch('/api/seller/coupons/:id', async ({ request, params }) => {
      const body = (await request.json()) as Partial<SellerCoupon>;
      sent.push({ method: 'PATCH', url: `/api/seller/coupons/${String(params.id)}`, body });
      list = list.map((coupon) => (coupon._id === params.id ? { ...coupon, ...body } : coupon));
      return HttpResponse.json({ success: true, coupon: list.find((coupon) => coupon._id === params.id) });
    }),
    http.delete('/api/seller/coupons/:id', ({ params }) => {
      sent.push({ method: 'DELETE', url: `/api/seller/coupons/${String(params.id)}` });
      list = list.filter((coupon) => coupon._id !== params.id);
      return HttpResponse.json({ success: true, message: 'Coupon deleted' });
    }),
  );
  return sent;
}

async function findRow(code: string) {
  return within(await screen.findByRole('listitem', { name: `Coupon ${code}` }));
}

function dialog() {
  return within(screen.getByRole('dialog'));
}

describe("the seller's coupons", () => {
  it('lists each coupon: what it gives, its dates and limits, uses, held uses and the discount given', async () => {
    sellerWithCoupons();
    renderWithApp('/seller/coupons');
    const flat = await findRow('FLAT50');
    expect(flat.getByTestId('coupon-title')).toHaveTextContent('₹50 off on orders of ₹499 or more');
    expect(flat.getByTestId('coupon-dates')).toHaveTextContent('1 Dec 2026 – 31 Dec 2026');
    expect(flat.getByTestId('coupon-limits')).toHaveTextContent('Once per shopper100 in total');
    expect(flat.getByTestId('coupon-uses')).toHaveTextContent('12 of 100 used · 2 held₹600.00 given');
    expect(flat.getByRole('switch', { name: 'Show FLAT50 under Offers for you' })).toBeChecked();
    expect(flat.getByRole('switch', { name: 'FLAT50 active' })).toBeChecked();

    const welcome = await findRow('WELCOME10');
    expect(welcome.getByTestId('coupon-title')).toHaveTextContent('10% off up to ₹100 on your first order');
    expect(welcome.getByTestId('coupon-dates')).toHaveTextContent('No end date');
    expect(welcome.getByTestId('coupon-limits')).toHaveTextContent('Once per shopperNo total limit');
    expect(welcome.getByTestId('coupon-uses')).toHaveTextContent('0 uses₹0.00 given');
    expect(welcome.getByRole('switch', { name: 'Show WELCOME10 under Offers for you' })).not.toBeChecked();
    // In the seller's menu, on the computer's side menu and under the phone's More.
    expect(within(screen.getByRole('navigation', { name: 'Seller' })).getByRole('link', { name: 'Coupons' })).toHaveAttribute('href', '/seller/coupons');
  });

  it("creates a coupon, saying the server's own rules before sending and a code that exists at the code", async () => {
    const sent = sellerWithCoupons();
    const { user } = renderWithApp('/seller/coupons');
    await findRow('FLAT50');
    await user.click(screen.getByRole('button', { name: 'New coupon' }));
    const form = dialog();
    expect(screen.getByRole('dialog', { name: 'New coupon' })).toBeInTheDocument();

    await user.type(form.getByLabelText('Code'), 'diwali25');
    expect(form.getByLabelText('Code')).toHaveValue('DIWALI25');
    await user.click(form.getByLabelText('Percent off'));
    await user.type(form.getByLabelText('Percent off (%)'), '95');
    await user.click(form.getByRole('button', { name: 'Create coupon' }));
    expect(form.getByLabelText('Percent off (%)')).toHaveAccessibleDescription(
      "From 1 to 90 (12.5 is fine), of the items' subtotal. A percent coupon's value is from 1 to 90 (at most 2 decimals, as 12.5)",
    );
    expect(sent).toEqual([]);

    await user.clear(form.getByLabelText('Percent off (%)'));
    await user.type(form.getByLabelText('Percent off (%)'), '25');
    await user.type(form.getByLabelText('Most it takes off (₹)'), '150');
    await user.type(form.getByLabelText('Minimum order (₹)'), '599');
    await user.type(form.getByLabelText('Ends on'), '2026-11-10');
    await user.type(form.getByLabelText('Starts on'), '2026-11-12');
    await user.click(form.getByRole('button', { name: 'Create coupon' }));
    expect(form.getByLabelText('Ends on')).toHaveAccessibleDescription(/endsAt must be after startsAt/);
    expect(sent).toEqual([]);

    await user.clear(form.getByLabelText('Ends on'));
    await user.type(form.getByLabelText('Ends on'), '2026-11-14');
    await user.clear(form.getByLabelText('Uses in total'));
    await user.type(form.getByLabelText('Uses in total'), '500');
    expect(form.getByTestId('coupon-preview')).toHaveTextContent('Shoppers see: 25% off up to ₹150 on orders of ₹599 or more');
    await user.click(form.getByRole('button', { name: 'Create coupon' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/seller/coupons',
        body: {
          code: 'DIWALI25',
          kind: 'percent',
          value: 25,
          maxDiscount: 150,
          minSubtotal: 599,
          startsAt: '2026-11-12',
          endsAt: '2026-11-14',
          firstOrderOnly: false,
          perShopperLimit: 1,
          totalLimit: 500,
          public: true,
          active: true,
        },
      },
    ]);
    expect(await findRow('DIWALI25')).toBeTruthy();

    // A code that exists: the server's 409 at the code.
    await user.click(screen.getByRole('button', { name: 'New coupon' }));
    await user.type(dialog().getByLabelText('Code'), 'flat50');
    await user.type(dialog().getByLabelText('Amount off (₹)'), '40');
    await user.click(dialog().getByRole('button', { name: 'Create coupon' }));
    await waitFor(() => expect(dialog().getByLabelText('Code')).toHaveAccessibleDescription(/Coupon FLAT50 exists already/));
  });

  it('edits a coupon, sending only what changed (an emptied field as null)', async () => {
    const sent = sellerWithCoupons();
    const { user } = renderWithApp('/seller/coupons');
    await user.click((await findRow('FLAT50')).getByRole('button', { name: 'Edit FLAT50' }));
    const form = dialog();
    expect(screen.getByRole('dialog', { name: 'Edit coupon FLAT50' })).toBeInTheDocument();
    expect(form.getByLabelText('Amount off (₹)')).toHaveValue(50);
    expect(form.getByLabelText('Starts on')).toHaveValue('2026-12-01');
    expect(form.getByLabelText('Ends on')).toHaveValue('2026-12-31');

    await user.clear(form.getByLabelText('Minimum order (₹)'));
    await user.clear(form.getByLabelText('Amount off (₹)'));
    await user.type(form.getByLabelText('Amount off (₹)'), '75');
    await user.click(form.getByLabelText('First order only'));
    await user.click(form.getByRole('button', { name: 'Save coupon' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ method: 'PATCH', url: '/api/seller/coupons/coupon-1', body: { value: 75, minSubtotal: null, firstOrderOnly: true } }]);
    expect((await findRow('FLAT50')).getByTestId('coupon-title')).toHaveTextContent('₹75 off your first order');
  });

  it('pauses a coupon and hides it from the offers from the list', async () => {
    const sent = sellerWithCoupons();
    const { user } = renderWithApp('/seller/coupons');
    const row = await findRow('FLAT50');
    await user.click(row.getByRole('switch', { name: 'FLAT50 active' }));
    await waitFor(() => expect(row.getByRole('switch', { name: 'FLAT50 active' })).not.toBeChecked());
    expect(row.getByText('Paused')).toBeInTheDocument();
    await user.click(row.getByRole('switch', { name: 'Show FLAT50 under Offers for you' }));
    await waitFor(() => expect(row.getByRole('switch', { name: 'Show FLAT50 under Offers for you' })).not.toBeChecked());
    expect(sent).toEqual([
      { method: 'PATCH', url: '/api/seller/coupons/coupon-1', body: { active: false } },
      { method: 'PATCH', url: '/api/seller/coupons/coupon-1', body: { public: false } },
    ]);
  });

  it('deletes a coupon only once the seller confirms', async () => {
    const sent = sellerWithCoupons();
    const { user } = renderWithApp('/seller/coupons');
    await user.click((await findRow('FLAT50')).getByRole('button', { name: 'Delete FLAT50' }));
    const ask = within(screen.getByTestId('confirm-dialog'));
    expect(ask.getByText('Delete coupon FLAT50?')).toBeInTheDocument();
    expect(ask.getByText(/2 open online checkouts holding it can still finish with it/)).toBeInTheDocument();
    await user.click(ask.getByRole('button', { name: 'Keep it' }));
    expect(sent).toEqual([]);

    await user.click((await findRow('FLAT50')).getByRole('button', { name: 'Delete FLAT50' }));
    await user.click(within(screen.getByTestId('confirm-dialog')).getByRole('button', { name: 'Delete coupon' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Coupon FLAT50' })).not.toBeInTheDocument());
    expect(sent).toEqual([{ method: 'DELETE', url: '/api/seller/coupons/coupon-1' }]);
    expect(await screen.findByText('Coupon FLAT50 deleted')).toBeInTheDocument();
  });
});

describe('the coupon form', () => {
  it('sends a new coupon without its empty optional fields, and a flat one without a cap', () => {
    expect(newCouponBody({ ...EMPTY_COUPON_FORM, code: ' flat50 ', value: '50', maxDiscount: '100' })).toEqual({
      code: 'flat50',
      kind: 'flat',
      value: 50,
      firstOrderOnly: false,
      perShopperLimit: 1,
      public: true,
      active: true,
    });
  });

  it('turning a percent coupon into a flat one clears its cap', () => {
    const initial = couponToForm(WELCOME);
    expect(couponChanges(initial, { ...initial, kind: 'flat', value: '40' })).toEqual({ kind: 'flat', value: 40, maxDiscount: null });
    expect(couponChanges(initial, initial)).toEqual({});
  });
});
