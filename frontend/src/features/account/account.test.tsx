import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aUser } from '@/test/data';
import { renderWithApp } from '@/test/render';
import { server, sessionHandler } from '@/test/server';

describe('account: order progress emails', () => {
  it('shows the switch on, turns it off at once and keeps what the server says', async () => {
    const sent: unknown[] = [];
    server.use(
      sessionHandler({ shopper: aUser() }),
      http.get('/api/account/preferences', () => HttpResponse.json({ success: true, preferences: { orderProgressEmails: true }, mail: { enabled: true } })),
      http.patch('/api/account/preferences', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({
          success: true,
          preferences: { orderProgressEmails: false },
          mail: { enabled: true },
          message: 'Order progress emails are off',
        });
      }),
    );
    const { user } = renderWithApp('/account');
    const toggle = await screen.findByRole('switch', { name: 'Order progress emails' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(await screen.findByText('Order progress emails are off')).toBeInTheDocument();
    expect(sent).toEqual([{ orderProgressEmails: false }]);
  });

  it('puts the switch back when the server refuses, and says mail is off when the shop sends none', async () => {
    server.use(
      sessionHandler({ shopper: aUser() }),
      http.get('/api/account/preferences', () =>
        HttpResponse.json({ success: true, preferences: { orderProgressEmails: true }, mail: { enabled: false, reason: 'Mail is off' } }),
      ),
      http.patch('/api/account/preferences', () => HttpResponse.json({ success: false, message: 'Too many requests' }, { status: 429 })),
    );
    const { user } = renderWithApp('/account');
    expect(await screen.findByRole('note')).toHaveTextContent('This shop does not send emails yet');
    const toggle = screen.getByRole('switch', { name: 'Order progress emails' });
    await user.click(toggle);
    expect(await screen.findByText('Too many requests')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'true');
  });
});
