import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aUser } from '@/test/data';
import { renderWithApp } from '@/test/render';
import { server } from '@/test/server';

async function openLoginDialog() {
  const app = renderWithApp('/');
  await app.user.click(await screen.findByRole('button', { name: 'Login' }));
  const dialog = await screen.findByRole('dialog', { name: 'User Login' });
  return { ...app, dialog };
}

describe('login dialog', () => {
  it('signs a shopper in with email and password, then closes', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/login', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ success: true, message: 'Logged in', userData: aUser() });
      }),
    );
    const { user, dialog } = await openLoginDialog();

    await user.type(within(dialog).getByLabelText('Email'), 'asha@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'secret-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('button', { name: 'Account menu for Asha' })).toBeInTheDocument();
    expect(sent).toEqual([{ email: 'asha@example.com', password: 'secret-pass' }]);
    expect(dialog).not.toHaveAttribute('open');
    expect(screen.queryByRole('heading', { name: 'User Login' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My orders' })).toBeInTheDocument();
  });

  it('offers "Login with Google" only when the server says Google sign-in is configured', async () => {
    const { dialog } = await openLoginDialog();
    // The default server: Google off. The password form shows, the Google button never does.
    expect(within(dialog).getByLabelText('Email')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: /Google/ })).not.toBeInTheDocument());
    expect(within(dialog).queryByText(/Google sign-in is not configured/)).not.toBeInTheDocument();
  });

  it('shows "Login with Google" when Google sign-in is on', async () => {
    server.use(http.get('/api/auth/google/status', () => HttpResponse.json({ success: true, enabled: true })));
    const { dialog } = await openLoginDialog();
    expect(await within(dialog).findByRole('button', { name: 'Login with Google' })).toBeInTheDocument();
  });

  it('has a visible Close button and a “Forgot password?” link', async () => {
    const { user, dialog } = await openLoginDialog();
    expect(within(dialog).getByRole('button', { name: 'Forgot password?' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(dialog).not.toHaveAttribute('open');
  });

  it('shows the server’s message when the password is wrong and stays open', async () => {
    server.use(http.post('/api/login', () => HttpResponse.json({ success: false, message: 'Invalid email or password' }, { status: 401 })));
    const { user, dialog } = await openLoginDialog();

    await user.type(within(dialog).getByLabelText('Email'), 'asha@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'wrong-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(dialog).toHaveAttribute('open');
    expect(within(dialog).getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /Account menu/ })).not.toBeInTheDocument();
  });

  it('registers a new shopper, then closes with the shopper signed in', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/register', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ success: true, message: 'Account created', userData: aUser({ firstName: 'Ravi', email: 'ravi@example.com' }) });
      }),
    );
    const { user, dialog } = await openLoginDialog();

    await user.click(within(dialog).getByRole('button', { name: 'click here' }));
    expect(within(dialog).getByRole('heading', { name: 'User Sign Up' })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), '  Ravi ');
    await user.type(within(dialog).getByLabelText('Email'), 'ravi@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'new-secret-1');
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('button', { name: 'Account menu for Ravi' })).toBeInTheDocument();
    expect(sent).toEqual([{ firstName: 'Ravi', email: 'ravi@example.com', password: 'new-secret-1' }]);
    expect(dialog).not.toHaveAttribute('open');
  });

  it('shows a refused registration (e.g. the email is taken) in the dialog', async () => {
    server.use(http.post('/api/register', () => HttpResponse.json({ success: false, message: 'User already exists' }, { status: 409 })));
    const { user, dialog } = await openLoginDialog();

    await user.click(within(dialog).getByRole('button', { name: 'click here' }));
    await user.type(within(dialog).getByLabelText('Name'), 'Ravi');
    await user.type(within(dialog).getByLabelText('Email'), 'ravi@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'new-secret-1');
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('User already exists');
    expect(dialog).toHaveAttribute('open');
  });

  it('does not send an empty or malformed form: the fields report what is wrong', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/login', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ success: true, userData: aUser() });
      }),
    );
    const { user, dialog } = await openLoginDialog();
    const email = within(dialog).getByLabelText('Email') as HTMLInputElement;
    const password = within(dialog).getByLabelText('Password') as HTMLInputElement;

    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(email).toBeRequired();
    expect(email).toBeInvalid();
    expect(email.validity.valueMissing).toBe(true);
    expect(password).toBeInvalid();
    expect(password.validity.valueMissing).toBe(true);

    await user.type(email, 'not-an-email');
    await user.type(password, 'secret-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(email).toBeInvalid();
    expect(email.validity.typeMismatch).toBe(true);
    expect(password).toBeValid();

    expect(within(dialog).getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(dialog).toHaveAttribute('open');
    expect(sent).toEqual([]);
  });

  it('says the password rule before sending, and a field the server refuses at that field', async () => {
    server.use(
      http.post('/api/register', () =>
        HttpResponse.json(
          { success: false, message: 'firstName must be at most 50 characters', errors: { firstName: 'First name must be at most 50 characters' } },
          { status: 400 },
        ),
      ),
    );
    const { user, dialog } = await openLoginDialog();
    await user.click(within(dialog).getByRole('button', { name: 'click here' }));
    const password = within(dialog).getByLabelText('Password');
    expect(password).toHaveAccessibleDescription('At least 8 characters (at most 128).');

    await user.type(within(dialog).getByLabelText('Name'), 'Ravi');
    await user.type(within(dialog).getByLabelText('Email'), 'ravi@example.com');
    await user.type(password, 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Password must be at least 8 characters')).toBeInTheDocument();

    await user.type(password, '-but-long-now');
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    const name = within(dialog).getByLabelText('Name');
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription('Name must be at most 50 characters');
  });

  it('replaces the error toast with the success toast (no “Invalid” left beside “Logged in”)', async () => {
    let attempts = 0;
    server.use(
      http.post('/api/login', () =>
        ++attempts === 1
          ? HttpResponse.json({ success: false, message: 'Invalid email or password' }, { status: 401 })
          : HttpResponse.json({ success: true, userData: aUser() }),
      ),
    );
    const { user, dialog } = await openLoginDialog();
    await user.type(within(dialog).getByLabelText('Email'), 'asha@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'wrong-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invalid email or password');
    await waitFor(() => expect(screen.getAllByText('Invalid email or password')).toHaveLength(2));

    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Logged in')).toBeInTheDocument();
    expect(screen.queryByText('Invalid email or password')).not.toBeInTheDocument();
  });
});
