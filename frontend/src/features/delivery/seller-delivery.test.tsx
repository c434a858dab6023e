import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { server, sessionHandler } from '@/test/server';
import { deliverySettingsProblems } from './settings-problems';

const SETTINGS = { areas: [{ pincode: '411001', etaMinutes: 25, fee: 0 }], freeDeliveryAbove: null, minimumOrder: 0, hours: null };

function sellerWithSettings() {
  const saved: unknown[] = [];
  server.use(
    sessionHandler({ seller: true }),
    http.get('/api/seller/delivery', () => HttpResponse.json({ success: true, ...SETTINGS })),
    http.put('/api/seller/delivery', async ({ request }) => {
      const body = (await request.json()) as object;
      saved.push(body);
      return HttpResponse.json({ success: true, message: 'Delivery settings saved', ...body });
    }),
  );
  return saved;
}

describe("the seller's delivery areas", () => {
  it('names every invalid row, each at its own field', () => {
    const problems = deliverySettingsProblems({
      areas: [
        { pincode: '41104', etaMinutes: 25, fee: 0 },
        { pincode: '411045', etaMinutes: 25, fee: 0 },
        { pincode: '411045', etaMinutes: 25, fee: 0 },
        { pincode: '560001', etaMinutes: 2, fee: 0 },
      ],
      minimumOrder: 'ten',
    });
    expect(problems).toEqual({
      'areas.0.pincode': 'Area 1: the pincode must be 6 digits, not starting with 0',
      'areas.2.pincode': 'Pincode 411045 is listed twice (areas 2 and 3)',
      'areas.3.etaMinutes': 'Pincode 560001: the delivery time must be a whole number of minutes from 5 to 240',
      minimumOrder: 'minimumOrder must be an amount from ₹0 to ₹100000',
    });
  });

  it('takes a pincode pasted as "411 045" whole, and shows each wrong row its own message', async () => {
    const saved = sellerWithSettings();
    const { user } = renderWithApp('/seller/delivery');
    const first = await screen.findByLabelText('Pincode');
    await user.clear(first);
    await user.click(first);
    await user.paste('411 045');
    expect(first).toHaveValue('411045');

    await user.click(screen.getByRole('button', { name: 'Add area' }));
    await user.click(screen.getByRole('button', { name: 'Add area' }));
    const [, second, third] = screen.getAllByLabelText('Pincode');
    await user.type(second!, '4110');
    await user.type(third!, '0123456');
    await user.click(screen.getByRole('button', { name: /^Save/ }));

    expect(second).toHaveAccessibleDescription('Area 2: the pincode must be 6 digits, not starting with 0');
    expect(third).toHaveAccessibleDescription('Area 3: the pincode must be 6 digits, not starting with 0');
    expect(first).not.toHaveAttribute('aria-invalid');
    expect(saved).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove area 0123456' }));
    await user.click(screen.getByRole('button', { name: 'Remove area 4110' }));
    await user.click(screen.getByRole('button', { name: /^Save/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ areas: [{ pincode: '411045', etaMinutes: 25, fee: 0 }] });
  });
});
