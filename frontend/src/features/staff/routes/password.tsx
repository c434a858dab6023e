import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useChangeStaffPassword } from '../api/change-password';
import { PasswordForm } from '../components/password-form';

/** /seller/password (staff): a new password; their sessions on other devices end. */
export function StaffPasswordRoute() {
  const change = useChangeStaffPassword();
  return (
    <section aria-labelledby="password-heading" className="max-w-md">
      <title>Your password · GreenCart seller</title>
      <h1 id="password-heading" className="text-lg font-medium">
        Your password
      </h1>
      <p className="mt-1 text-sm text-gray-600">Changing it signs you out on your other devices.</p>
      <PasswordForm
        askCurrent
        submitLabel="Change password"
        pending={change.isPending}
        className="mt-4"
        onSubmit={(input, clear) =>
          change.mutate(input, {
            onSuccess: (answer) => {
              toast.success(answer.message ?? 'Password changed', { id: 'staff-password' });
              clear();
            },
            onError: (error) => toast.error(errorMessage(error), { id: 'staff-password' }),
          })
        }
      />
    </section>
  );
}
