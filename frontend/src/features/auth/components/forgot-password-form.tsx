import { MAX_EMAIL_LENGTH } from '@greencart/domain';
import { useId, useState, type FormEvent } from 'react';
import { TextField } from '@/components/ui/text-field';
import { errorMessage, fieldErrors } from '@/lib/api-client';
import { useForgotPassword } from '../api/forgot-password';

/** "Forgot password?" inside the sign-in dialog: asks for the email and says the link is on its way (whatever the email). */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState<string | null>(null);
  const forgot = useForgotPassword();
  const statusId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    forgot.mutate(email.trim(), {
      onSuccess: (answer) => setSent(answer.message),
      onError: (failure) => setError(fieldErrors(failure, ['email']).email ?? errorMessage(failure)),
    });
  };

  return (
    <form
      onSubmit={onSubmit}
      aria-describedby={sent ? statusId : undefined}
      className="flex w-full flex-col gap-4 rounded-lg border border-gray-200 bg-white p-8 py-10 text-sm text-gray-600 shadow-xl"
    >
      <h2 id="login-title" className="m-auto text-2xl font-medium">
        <span className="text-primary">Reset</span> password
      </h2>
      {sent ? (
        <p id={statusId} role="status" className="rounded bg-primary/10 px-3 py-2 text-gray-800">
          {sent} Check your inbox (and the spam folder).
        </p>
      ) : (
        <>
          <p>Enter the email you sign in with. We will send you a link to choose a new password.</p>
          <TextField
            label="Email"
            type="email"
            value={email}
            onValueChange={setEmail}
            error={error}
            placeholder="you@example.com"
            autoComplete="email"
            maxLength={MAX_EMAIL_LENGTH}
            required
            autoFocus
          />
          <button
            type="submit"
            disabled={forgot.isPending}
            className="min-h-11 w-full rounded-md bg-primary py-2 text-white transition hover:bg-primary-dull disabled:cursor-wait disabled:opacity-70"
          >
            {forgot.isPending ? 'Please wait…' : 'Email me a link'}
          </button>
        </>
      )}
      <button type="button" onClick={onBack} className="min-h-11 self-center px-2 text-primary underline underline-offset-2">
        Back to login
      </button>
    </form>
  );
}
