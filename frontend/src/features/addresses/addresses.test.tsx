import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { anAddress, aUser } from '@/test/data';
import { renderWithApp } from '@/test/render';
import { server, sessionHandler } from '@/test/server';

const home = { ...anAddress({ _id: 'address-1', street: '12 MG Road' }), isDefault: true };
const office = {
  ...anAddress({ _id: 'address-2', firstName: 'Ravi', street: '7 Park Street', city: 'Kolkata', pincode: '700016', phone: '9123456780' }),
  isDefault: false,
};

function shopperWithAddresses(addresses = [home, office]) {
  let list = addresses;
  const calls: { method: string; path: string; body?: unknown }[] = [];
  server.use(
    sessionHandler({ shopper: aUser({ firstName: 'Asha', email: 'asha@example.com' }) }),
    http.get('/api/Address/get', () => HttpResponse.json({ success: true, address: list })),
    http.post('/api/Address/add', async ({ request }) => {
      const body = await request.json();
      calls.push({ method: 'POST', path: '/api/Address/add', body });
      return HttpResponse.json({ success: true, address: { _id: 'address-new', ...(body as { adress: object }).adress } });
    }),
    http.patch('/api/Address/:id', async ({ request, params }) => {
      const body = await request.json();
      calls.push({ method: 'PATCH', path: `/api/Address/${params.id}`, body });
      return HttpResponse.json({ success: true, address: { _id: params.id, ...(body as { adress: object }).adress } });
    }),
    http.delete('/api/Address/:id', ({ params }) => {
      calls.push({ method: 'DELETE', path: `/api/Address/${params.id}` });
      list = list.filter((address) => address._id !== params.id);
      return HttpResponse.json({ success: true });
    }),
    http.post('/api/Address/:id/default', ({ params }) => {
      calls.push({ method: 'POST', path: `/api/Address/${params.id}/default` });
      list = list.map((address) => ({ ...address, isDefault: address._id === params.id })).sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
      return HttpResponse.json({ success: true });
    }),
    // The cart page the form returns to.
    http.get('/api/payments/options', () =>
      HttpResponse.json({
        success: true,
        online: { available: false, reason: 'Not set up' },
        checkoutUrl: 'https://checkout.test/v1/checkout.js',
        shop: { name: 'G', email: 'g@x.test', phone: '1' },
      }),
    ),
  );
  return calls;
}

describe('delivery addresses', () => {
  it('starts a new address with the name and email of the account, and says the rules before sending', async () => {
    shopperWithAddresses([]);
    renderWithApp('/Add-Adress');

    expect(await screen.findByLabelText('First Name')).toHaveValue('Asha');
    expect(screen.getByLabelText('Email address')).toHaveValue('asha@example.com');
    expect(screen.getByText('6 digits, e.g. 560001')).toBeInTheDocument();
  });

  it('shows the server’s refusal at the field it is about', async () => {
    shopperWithAddresses([]);
    server.use(
      http.post('/api/Address/add', () =>
        HttpResponse.json(
          {
            success: false,
            message: 'adress.street must be shorter than or equal to 200 characters',
            errors: { 'adress.street': 'Street must be at most 200 characters' },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderWithApp('/Add-Adress');
    await user.type(await screen.findByLabelText('Last Name'), 'Rao');
    await user.type(screen.getByLabelText('Street'), '12 MG Road');
    await user.type(screen.getByLabelText('City'), 'Bengaluru');
    await user.type(screen.getByLabelText('State'), 'Karnataka');
    await user.type(screen.getByLabelText('Pincode'), '560001');
    await user.type(screen.getByLabelText('Phone'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Save Address' }));

    const street = screen.getByLabelText('Street');
    await waitFor(() => expect(street).toHaveAttribute('aria-invalid', 'true'));
    expect(street).toHaveAccessibleDescription('Street must be at most 200 characters');
    expect(screen.queryByText(/adress\.street/)).not.toBeInTheDocument();
  });

  it('edits, makes default and deletes a saved address', async () => {
    const calls = shopperWithAddresses();
    const confirm = vi.spyOn(window, 'confirm');
    const { user, router } = renderWithApp('/Add-Adress');

    const saved = await screen.findAllByTestId('saved-address');
    expect(saved).toHaveLength(2);
    expect(within(saved[0]!).getByText('Default')).toBeInTheDocument();
    expect(within(saved[1]!).getByText(/700016/)).toBeInTheDocument();

    await user.click(within(saved[1]!).getByRole('button', { name: /Make default/ }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'POST', path: '/api/Address/address-2/default' }));

    await user.click(screen.getByRole('button', { name: /Delete address 12 MG Road/ }));
    // Asked in the app, not with the browser's confirm().
    const ask = await screen.findByRole('dialog', { name: 'Delete this address?' });
    expect(ask).toHaveTextContent('12 MG Road');
    await user.click(within(ask).getByRole('button', { name: 'Delete address' }));
    await waitFor(() => expect(screen.getAllByTestId('saved-address')).toHaveLength(1));
    expect(confirm).not.toHaveBeenCalled();
    expect(calls).toContainEqual({ method: 'DELETE', path: '/api/Address/address-1' });

    await user.click(screen.getByRole('link', { name: /Edit address 7 Park Street/ }));
    expect(await screen.findByRole('heading', { name: 'Edit Shipping Address' })).toBeInTheDocument();
    const street = screen.getByLabelText('Street');
    expect(street).toHaveValue('7 Park Street');
    await user.clear(street);
    await user.type(street, '8 Park Street');
    await user.click(screen.getByRole('button', { name: 'Save Address' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.path).toBe('/api/Address/address-2');
    expect((patch?.body as { adress: { street: string; firstName: string } }).adress).toMatchObject({ street: '8 Park Street', firstName: 'Ravi' });
    confirm.mockRestore();
  });
});
