import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aUser } from '@/test/data';
import { renderWithApp } from '@/test/render';
import { server } from '@/test/server';

describe('forgot password', () => {
  it('asks for the email from the login dialog and says a link is on its way, carrying over the email typed', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/password/forgot', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ success: true, message: 'If an account uses asha@example.com, we have emailed it a link.' });
      }),
    );
    const { user } = renderWithApp('/');
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog', { name: 'User Login' });
    await user.type(within(dialog).getByLabelText('Email'), 'asha@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    expect(within(dialog).getByRole('heading', { name: 'Reset password' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveValue('asha@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Email me a link' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('If an account uses asha@example.com, we have emailed it a link.');
    expect(sent).toEqual([{ email: 'asha@example.com' }]);
    await user.click(within(dialog).getByRole('button', { name: 'Back to login' }));
    expect(within(dialog).getByRole('heading', { name: 'User Login' })).toBeInTheDocument();
  });

  it('shows the server’s word on a bad email at the field', async () => {
    server.use(
      http.post('/api/password/forgot', () =>
        HttpResponse.json(
          { success: false, message: 'Please enter a valid email address', errors: { email: 'Please enter a valid email address' } },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderWithApp('/');
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog', { name: 'User Login' });
    await user.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    await user.type(within(dialog).getByLabelText('Email'), 'asha@example');
    await user.click(within(dialog).getByRole('button', { name: 'Email me a link' }));
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('reset password page', () => {
  it('checks the link, refuses two different passwords, then saves and signs the shopper in', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/password/reset/check', () => HttpResponse.json({ success: true, email: 'asha@example.com' })),
      http.post('/api/password/reset', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ success: true, message: 'Changed', userData: aUser() });
      }),
    );
    const { user, router } = renderWithApp('/reset-password#token=the-token');
    expect(await screen.findByText('asha@example.com')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'a-new-password');
    await user.type(screen.getByLabelText('New password again'), 'a-new-passwrod');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(screen.getByText('The two passwords are not the same')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.clear(screen.getByLabelText('New password again'));
    await user.type(screen.getByLabelText('New password again'), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByRole('button', { name: 'Account menu for Asha' })).toBeInTheDocument();
    expect(sent).toEqual([{ token: 'the-token', password: 'a-new-password' }]);
    expect(router.state.location.pathname).toBe('/');
  });

  it('says why a link no longer works, with a way to ask for a new one', async () => {
    server.use(
      http.post('/api/password/reset/check', () =>
        HttpResponse.json({ success: false, message: 'This reset link was used already. Ask for a new one' }, { status: 400 }),
      ),
    );
    renderWithApp('/reset-password#token=used');
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link was used already');
    expect(screen.getByRole('button', { name: 'Sign in or ask for a new link' })).toBeInTheDocument();
  });
});
