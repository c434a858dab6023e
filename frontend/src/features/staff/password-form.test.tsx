import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PasswordForm } from './components/password-form';

describe('a staff member’s password form', () => {
  it('choosing a first password: refuses two different ones, then hands over the password', async () => {
    const onSubmit = vi.fn();
    render(<PasswordForm label="Choose your password" askAgain submitLabel="Set password" pending={false} onSubmit={onSubmit} />);
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/New password \(at least \d+ characters\)/), 'tamarind-kettle-ladder-91');
    await userEvent.type(screen.getByLabelText('The same password again'), 'tamarind-kettle-ladder-19');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The two passwords are not the same');
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('The same password again'));
    await userEvent.type(screen.getByLabelText('The same password again'), 'tamarind-kettle-ladder-91');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledWith({ password: 'tamarind-kettle-ladder-91', currentPassword: '' }, expect.any(Function));
  });

  it('changing it: asks for the current one too, shows the server’s refusal and empties the fields once taken', async () => {
    const onSubmit = vi.fn();
    const { rerender } = render(<PasswordForm askCurrent submitLabel="Change password" pending={false} onSubmit={onSubmit} />);
    expect(screen.queryByLabelText('The same password again')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Current password'), 'old-password-one');
    await userEvent.type(screen.getByLabelText(/New password/), 'tamarind-kettle-ladder-91');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(onSubmit).toHaveBeenCalledWith({ password: 'tamarind-kettle-ladder-91', currentPassword: 'old-password-one' }, expect.any(Function));
    rerender(<PasswordForm askCurrent submitLabel="Change password" pending={false} problem="Current password is wrong" onSubmit={onSubmit} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Current password is wrong');
    const clear = onSubmit.mock.calls[0][1] as () => void;
    rerender(<PasswordForm askCurrent submitLabel="Change password" pending onSubmit={onSubmit} />);
    expect(screen.getByRole('button', { name: 'Change password' })).toBeDisabled();
    act(() => clear());
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(screen.getByLabelText(/New password/)).toHaveValue('');
  });
});
