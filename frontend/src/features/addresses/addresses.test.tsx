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
  it('starts a new address with the account’s name, India and an optional email, and says the rules before sending', async () => {
    shopperWithAddresses([]);
    renderWithApp('/Add-Adress');

    expect(await screen.findByLabelText('First Name')).toHaveValue('Asha');
    const email = screen.getByLabelText('Email (optional)');
    expect(email).toHaveValue('');
    expect(email).not.toBeRequired();
    expect(screen.getByText('6 digits, e.g. 560001')).toBeInTheDocument();
    const country = screen.getByRole('combobox', { name: 'Country' });
    expect(country).toHaveValue('India');
    expect(
      within(country)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['India']);
    expect(screen.getByTestId('street-count')).toHaveTextContent('0/200 characters');
  });

  it('fills in well on a phone: autocomplete names and number keyboards', async () => {
    shopperWithAddresses([]);
    renderWithApp('/Add-Adress');
    await screen.findByLabelText('First Name');
    const expected: Record<string, [string, string | null]> = {
      'First Name': ['given-name', null],
      'Last Name': ['family-name', null],
      'Flat / House no. (optional)': ['address-line1', null],
      Street: ['address-line2', null],
      'Landmark (optional)': ['address-line3', null],
      City: ['address-level2', null],
      State: ['address-level1', null],
      Pincode: ['postal-code', 'numeric'],
      Phone: ['tel', 'tel'],
      Country: ['country', null],
      'Email (optional)': ['email', 'email'],
    };
    for (const [label, [autocomplete, inputMode]] of Object.entries(expected)) {
      const field = screen.getByLabelText(label);
      expect(field, label).toHaveAttribute('autocomplete', autocomplete);
      if (inputMode) expect(field, label).toHaveAttribute('inputmode', inputMode);
      expect(field, label).not.toHaveAttribute('maxlength');
    }
  });

  it('saves an address without an email and with a phone typed the way people type it', async () => {
    const calls = shopperWithAddresses([]);
    const { user, router } = renderWithApp('/Add-Adress');
    await user.type(await screen.findByLabelText('Last Name'), 'Rao');
    await user.type(screen.getByLabelText('Street'), '12 MG Road');
    await user.type(screen.getByLabelText('City'), 'Bengaluru');
    await user.type(screen.getByLabelText('State'), 'Karnataka');
    await user.type(screen.getByLabelText('Pincode'), '560001');
    await user.type(screen.getByLabelText('Phone'), '098765-43210');
    await user.click(screen.getByRole('button', { name: 'Save Address' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    const body = calls.find((call) => call.method === 'POST')?.body as { adress: Record<string, string> };
    expect(body.adress).toEqual({
      firstName: 'Asha',
      lastName: 'Rao',
      street: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
      phone: '9876543210',
      country: 'India',
    });
  });

  it('sends the flat / house and landmark when given, and reads a pasted "411 045" as six digits', async () => {
    const calls = shopperWithAddresses([]);
    const { user, router } = renderWithApp('/Add-Adress');
    await user.type(await screen.findByLabelText('Last Name'), 'Rao');
    expect(screen.getByLabelText('Flat / House no. (optional)')).not.toBeRequired();
    expect(screen.getByLabelText('Landmark (optional)')).not.toBeRequired();
    await user.type(screen.getByLabelText('Flat / House no. (optional)'), 'Flat 4B, Lotus Apartments');
    await user.type(screen.getByLabelText('Street'), '12 MG Road');
    await user.type(screen.getByLabelText('Landmark (optional)'), 'Opposite the library');
    await user.type(screen.getByLabelText('City'), 'Pune');
    await user.type(screen.getByLabelText('State'), 'Maharashtra');
    const pincode = screen.getByLabelText('Pincode');
    await user.click(pincode);
    await user.paste('411 045');
    expect(pincode).toHaveValue('411045');
    await user.type(screen.getByLabelText('Phone'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Save Address' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    const body = calls.find((call) => call.method === 'POST')?.body as { adress: Record<string, string> };
    expect(body.adress).toMatchObject({ house: 'Flat 4B, Lotus Apartments', landmark: 'Opposite the library', pincode: '411045' });
  });

  it('never cuts a pasted street: it counts it, says how much is too long and keeps it from being sent', async () => {
    const calls = shopperWithAddresses([]);
    const { user } = renderWithApp('/Add-Adress');
    const street = await screen.findByLabelText('Street');
    await user.click(street);
    await user.paste('x'.repeat(243));

    expect(street).toHaveValue('x'.repeat(243));
    expect(screen.getByTestId('street-count')).toHaveTextContent('243/200 characters: 43 too many');
    expect(street).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Street is longer than 200 characters')).toHaveAttribute('role', 'status');
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(street).toHaveAccessibleDescription(expect.stringContaining('Street must be at most 200 characters'));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.clear(street);
    // A pasted address of two lines stays one line of text.
    await user.paste('12 MG Road\n Indiranagar');
    expect(street).toHaveValue('12 MG Road, Indiranagar');
    expect(screen.getByTestId('street-count')).toHaveTextContent('23/200 characters');
    expect(street).not.toHaveAttribute('aria-invalid');
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
    expect(street).toHaveAccessibleDescription(expect.stringMatching(/^Street must be at most 200 characters/));
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
    expect(within(saved[1]!).getByRole('link', { name: '+91 91234 56780' })).toHaveAttribute('href', 'tel:+919123456780');

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
