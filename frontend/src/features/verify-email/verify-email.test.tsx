import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aUser } from '@/test/data';
import { renderWithApp } from '@/test/render';
import { server, sessionHandler } from '@/test/server';

// A signed-in shopper's addresses are fetched ahead of checkout.
const noAddresses = http.get('/api/Address/get', () => HttpResponse.json({ success: true, address: [] }));

const unverified = () => ({ ...aUser({ email: 'asha@example.com' }), emailVerified: false as const });

describe('the "confirm your email" banner', () => {
  it('tells a signed-in shopper with an unconfirmed address where the link went, and sends another on "Resend"', async () => {
    let resends = 0;
    server.use(
      noAddresses,
      sessionHandler({ shopper: unverified() }),
      http.post('/api/auth/verify-email/resend', () => {
        resends += 1;
        return resends === 1
          ? HttpResponse.json({ success: true, emailVerified: false, message: 'We sent a new confirmation link to asha@example.com.' })
          : HttpResponse.json({ success: false, message: 'We sent you a confirmation link less than 2 minutes ago' }, { status: 429 });
      }),
    );
    const { user } = renderWithApp('/');
    const banner = await screen.findByRole('region', { name: 'Confirm your email' });
    expect(banner).toHaveTextContent('Please confirm your email address — we sent a link to asha@example.com');
    await user.click(within(banner).getByRole('button', { name: 'Resend' }));
    expect(await within(banner).findByRole('status')).toHaveTextContent('We sent a new confirmation link to asha@example.com.');
    await user.click(within(banner).getByRole('button', { name: 'Resend' }));
    expect(await within(banner).findByRole('alert')).toHaveTextContent('less than 2 minutes ago');
    expect(resends).toBe(2);
  });

  it('is not shown to a shopper whose address is confirmed (or was never asked for)', async () => {
    server.use(noAddresses, sessionHandler({ shopper: aUser() }));
    renderWithApp('/');
    expect(await screen.findByRole('button', { name: /account|profile|asha/i })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Confirm your email' })).not.toBeInTheDocument();
  });
});

describe('the /verify-email page', () => {
  it('confirms the address with the token of the link, once, and the banner goes', async () => {
    const sent: unknown[] = [];
    let verified = false;
    server.use(
      noAddresses,
      http.get('/api/session', () =>
        HttpResponse.json({ success: true, shopper: verified ? aUser({ email: 'asha@example.com' }) : unverified(), seller: false }),
      ),
      http.post('/api/auth/verify-email', async ({ request }) => {
        sent.push(await request.json());
        verified = true;
        return HttpResponse.json({ success: true, email: 'asha@example.com', message: 'Thank you' });
      }),
    );
    renderWithApp('/verify-email#token=the-token');
    expect(await screen.findByText(/is confirmed/)).toHaveTextContent('Thank you: asha@example.com is confirmed.');
    expect(sent).toEqual([{ token: 'the-token' }]);
    await expect.poll(() => screen.queryByRole('region', { name: 'Confirm your email' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/products');
  });

  it('says why a used, expired or forged link did not work, and how to get a new one', async () => {
    server.use(
      http.post('/api/auth/verify-email', () => HttpResponse.json({ success: false, message: 'This confirmation link was used already' }, { status: 400 })),
    );
    renderWithApp('/verify-email?token=used');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This confirmation link was used already');
    expect(alert).toHaveTextContent('Sign in, then choose “Resend”');
  });

  it('without a token: asks for the link from the mail', async () => {
    renderWithApp('/verify-email');
    expect(await screen.findByRole('alert')).toHaveTextContent('This page needs the link from the confirmation mail');
  });
});
