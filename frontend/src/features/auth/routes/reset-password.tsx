import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@greencart/domain';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { errorMessage, fieldErrors } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useResetLink, useResetPassword } from '../api/reset-password';
import { useLoginDialog } from '../components/login-dialog-context';

/** The token rides in the address's fragment (`#token=…`): never sent to a server, never in a log. */
function tokenFrom(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/** /reset-password#token=…: the page the reset mail links to; a new password (same rule as signing up), then signed in. */
export function ResetPasswordRoute() {
  const { hash } = useLocation();
  const token = tokenFrom(hash);
  const link = useResetLink(token);
  const loginDialog = useLoginDialog();

  return (
    <section className="mx-auto mt-16 mb-24 w-full max-w-sm px-4">
      <title>Choose a new password · GreenCart</title>
      <h1 className="text-2xl font-medium text-gray-800">Choose a new password</h1>
      {!token || link.isError ? (
        <div role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
          <p>{token ? errorMessage(link.error) : 'This page needs the link from the reset mail. Open the link in the mail again.'}</p>
          <button
            type="button"
            onClick={loginDialog.open}
            className="mt-3 min-h-11 rounded-md border border-red-300 bg-white px-3 font-medium hover:bg-red-100"
          >
            Sign in or ask for a new link
          </button>
        </div>
      ) : link.isPending ? (
        <Spinner label="Checking your link…" />
      ) : (
        <NewPasswordForm token={token} email={link.data} />
      )}
    </section>
  );
}

function NewPasswordForm({ token, email }: { token: string; email: string }) {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});
  const [problem, setProblem] = useState<string | null>(null);
  const reset = useResetPassword();
  const navigate = useNavigate();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (password.length < MIN_PASSWORD_LENGTH) return setErrors({ password: `Password must be at least ${MIN_PASSWORD_LENGTH} characters` });
    if (password !== repeat) return setErrors({ repeat: 'The two passwords are not the same' });
    setErrors({});
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast.success('Password changed. You are signed in; other devices were signed out.', { id: 'session' });
          navigate('/', { replace: true });
        },
        onError: (error) => {
          const field = fieldErrors(error, ['password']).password;
          if (field) setErrors({ password: field });
          else setProblem(errorMessage(error));
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="mt-6 flex flex-col gap-4 text-sm text-gray-700">
      <p>
        For <strong className="break-all">{email}</strong>. Saving it signs you out on every other device.
      </p>
      {/* For password managers: which account this new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <TextField
        label="New password"
        type="password"
        value={password}
        onValueChange={setPassword}
        error={errors.password}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters (at most ${MAX_PASSWORD_LENGTH}).`}
        autoComplete="new-password"
        maxLength={MAX_PASSWORD_LENGTH}
        required
        autoFocus
      />
      <TextField
        label="New password again"
        type="password"
        value={repeat}
        onValueChange={setRepeat}
        error={errors.repeat}
        autoComplete="new-password"
        maxLength={MAX_PASSWORD_LENGTH}
        required
      />
      {problem && (
        <p role="alert" className="rounded bg-red-50 px-3 py-2 text-red-700">
          {problem}
        </p>
      )}
      <button
        type="submit"
        disabled={reset.isPending}
        className="min-h-11 w-full rounded-md bg-primary py-2 text-white transition hover:bg-primary-dull disabled:cursor-wait disabled:opacity-70"
      >
        {reset.isPending ? 'Please wait…' : 'Save the new password'}
      </button>
    </form>
  );
}
