import { STAFF_PASSWORD_MIN_LENGTH } from '@greencart/domain';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useChangeStaffPassword } from '../api/change-password';

/** /seller/password (staff): a new password; their sessions on other devices end. */
export function StaffPasswordRoute() {
  const change = useChangeStaffPassword();
  const [currentPassword, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { currentPassword, password },
      {
        onSuccess: (answer) => {
          toast.success(answer.message ?? 'Password changed', { id: 'staff-password' });
          setCurrent('');
          setPassword('');
        },
        onError: (error) => toast.error(errorMessage(error), { id: 'staff-password' }),
      },
    );
  };
  const field = 'mt-1 min-h-11 w-full rounded border border-gray-400 px-3';
  return (
    <section aria-labelledby="password-heading" className="max-w-md">
      <title>Your password · GreenCart seller</title>
      <h1 id="password-heading" className="text-lg font-medium">
        Your password
      </h1>
      <p className="mt-1 text-sm text-gray-600">Changing it signs you out on your other devices.</p>
      <form onSubmit={submit} className="mt-4 flex flex-col gap-3">
        <label htmlFor={`${id}-current`} className="text-sm">
          Current password
          <input
            id={`${id}-current`}
            type="password"
            autoComplete="current-password"
            required
            value={currentPassword}
            onChange={(e) => setCurrent(e.target.value)}
            className={field}
          />
        </label>
        <label htmlFor={`${id}-new`} className="text-sm">
          New password (at least {STAFF_PASSWORD_MIN_LENGTH} characters)
          <input
            id={`${id}-new`}
            type="password"
            autoComplete="new-password"
            required
            minLength={STAFF_PASSWORD_MIN_LENGTH}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            className={field}
          />
        </label>
        <button
          type="submit"
          disabled={change.isPending}
          className="min-h-11 rounded bg-primary px-5 font-medium text-white hover:bg-primary-dull disabled:opacity-60"
        >
          Change password
        </button>
      </form>
    </section>
  );
}
