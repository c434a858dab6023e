import { MAX_EMAIL_LENGTH, MAX_FIRST_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@greencart/domain';
import { useId, useState, type FormEvent } from 'react';
import { TextField } from '@/components/ui/text-field';
import { errorMessage, fieldErrors } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { googleSignInUrl, useGoogleStatus } from '../api/get-google-status';
import { useLogin } from '../api/login';
import { useRegister } from '../api/register';
import { ForgotPasswordForm } from './forgot-password-form';

type Mode = 'login' | 'register' | 'forgot';
type Field = 'firstName' | 'email' | 'password';
type Errors = Partial<Record<Field, string>>;

/** One toast for signing in or up: the next message replaces the last (no error left beside 'Account created'). */
const SESSION_TOAST = { id: 'session' };

/** The server's rule for a new password, shown under the field before sending (same words as the server's). */
const PASSWORD_RULE = `At least ${MIN_PASSWORD_LENGTH} characters (at most ${MAX_PASSWORD_LENGTH}).`;

function newPasswordProblem(password: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Password must be at most ${MAX_PASSWORD_LENGTH} characters`;
  return undefined;
}

/** The form calls the first name "Name": so do its messages, whatever the server called it. */
function nameMessage(message: string | undefined): string | undefined {
  return message?.replace(/^(first ?name)\b/i, 'Name');
}

export function LoginForm({ onDone }: { onDone: () => void }) {
  const [mode, setMode] = useState<Mode>('login');
  const [firstName, setFirstName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const login = useLogin();
  const register = useRegister();
  const pending = login.isPending || register.isPending;
  const errorId = useId();

  const onError = (error: unknown) => {
    const fields = fieldErrors<Field>(error, ['firstName', 'email', 'password']);
    const found = { ...fields, firstName: nameMessage(fields.firstName) };
    setErrors(found);
    const message = Object.values(found).find(Boolean) ?? errorMessage(error);
    // Field problems are said at the field; anything else in the dialog.
    if (!Object.values(found).some(Boolean)) setServerMessage(message);
    toast.error(message, SESSION_TOAST);
  };

  const edit = (field: Field, set: (value: string) => void) => (value: string) => {
    set(value);
    if (errors[field]) setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setServerMessage(null);
    setErrors({});
    if (mode === 'login') {
      login.mutate(
        { email: email.trim(), password },
        {
          onSuccess: () => {
            toast.success('Logged in', SESSION_TOAST);
            onDone();
          },
          onError,
        },
      );
    } else {
      const problem = newPasswordProblem(password);
      if (problem) {
        setErrors({ password: problem });
        return;
      }
      register.mutate(
        { firstName: firstName.trim(), email: email.trim(), password },
        {
          onSuccess: () => {
            toast.success('Account created', SESSION_TOAST);
            onDone();
          },
          onError,
        },
      );
    }
  };

  const switchMode = (next: Mode) => {
    setMode(next);
    setServerMessage(null);
    setErrors({});
  };

  if (mode === 'forgot') return <ForgotPasswordForm initialEmail={email.trim()} onBack={() => switchMode('login')} />;

  return (
    <form
      onSubmit={onSubmit}
      aria-describedby={serverMessage ? errorId : undefined}
      className="flex w-full flex-col gap-4 rounded-lg border border-gray-200 bg-white p-8 py-10 text-sm text-gray-600 shadow-xl"
    >
      <h2 id="login-title" className="m-auto text-2xl font-medium">
        <span className="text-primary">User</span> {mode === 'login' ? 'Login' : 'Sign Up'}
      </h2>

      {mode === 'register' && (
        <TextField
          label="Name"
          value={firstName}
          onValueChange={edit('firstName', setFirstName)}
          error={errors.firstName}
          placeholder="Your first name"
          autoComplete="given-name"
          maxLength={MAX_FIRST_NAME_LENGTH}
          required
        />
      )}
      <TextField
        label="Email"
        type="email"
        value={email}
        onValueChange={edit('email', setEmail)}
        error={errors.email}
        placeholder="you@example.com"
        autoComplete="email"
        maxLength={MAX_EMAIL_LENGTH}
        required
        autoFocus
      />
      <TextField
        label="Password"
        type="password"
        value={password}
        onValueChange={edit('password', setPassword)}
        error={errors.password}
        hint={mode === 'register' ? PASSWORD_RULE : undefined}
        placeholder="Your password"
        autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
        maxLength={MAX_PASSWORD_LENGTH}
        required
      />

      {mode === 'login' && (
        <button type="button" onClick={() => switchMode('forgot')} className="-mt-2 min-h-11 self-end px-1 text-primary underline underline-offset-2">
          Forgot password?
        </button>
      )}

      {serverMessage && (
        <p id={errorId} role="alert" className="rounded bg-red-50 px-3 py-2 text-red-700">
          {serverMessage}
        </p>
      )}

      <p>
        {mode === 'login' ? 'Create an account? ' : 'Already have an account? '}
        <button
          type="button"
          onClick={() => switchMode(mode === 'login' ? 'register' : 'login')}
          className="min-h-11 px-1 text-primary underline underline-offset-2"
        >
          click here
        </button>
      </p>

      <button
        type="submit"
        disabled={pending}
        className="min-h-11 w-full rounded-md bg-primary py-2 text-white transition hover:bg-primary-dull disabled:cursor-wait disabled:opacity-70"
      >
        {pending ? 'Please wait…' : mode === 'login' ? 'Login' : 'Create Account'}
      </button>

      <GoogleButton />
    </form>
  );
}

/** Shown only once the server says Google sign-in is configured (GET /api/auth/google/status): never a button that cannot work. */
function GoogleButton() {
  const status = useGoogleStatus();
  if (status.data !== true) return null;
  return (
    <button
      type="button"
      onClick={() => window.location.assign(googleSignInUrl(window.location.pathname + window.location.search))}
      className="flex min-h-11 w-full items-center justify-center gap-2 rounded-md border border-gray-300 py-2 text-gray-700 transition hover:bg-gray-50"
    >
      <GoogleMark />
      Login with Google
    </button>
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" className="h-4 w-4" aria-hidden="true" focusable="false">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}
