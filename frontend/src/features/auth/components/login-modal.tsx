import { useEffect, useId, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import toast from 'react-hot-toast';
import { MAX_EMAIL_LENGTH, MAX_FIRST_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@greencart/domain';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { googleSignInUrl, useGoogleStatus } from '../api/get-google-status';
import { useLogin } from '../api/login';
import { useRegister } from '../api/register';
import { useLoginDialog } from './login-dialog-context';

type Mode = 'login' | 'register';

/** The server's rule for a new password, said before sending (same words as the server's). */
function newPasswordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Password must be at most ${MAX_PASSWORD_LENGTH} characters`;
  return null;
}

/** Login / Sign Up dialog. A native <dialog> gives focus trapping and Escape for free. */
export function LoginModal() {
  const { isOpen, close } = useLoginDialog();
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);

  // Clicks on the dialog element itself (not its content) are clicks on the backdrop.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) close();
  };

  return (
    <dialog
      ref={dialogRef}
      onClose={close}
      onClick={onClick}
      aria-labelledby="login-title"
      className="m-auto w-full max-w-sm bg-transparent p-4 backdrop:bg-black/50 open:flex"
    >
      {isOpen && <LoginForm onDone={close} />}
    </dialog>
  );
}

function LoginForm({ onDone }: { onDone: () => void }) {
  const [mode, setMode] = useState<Mode>('login');
  const [firstName, setFirstName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const login = useLogin();
  const register = useRegister();
  const pending = login.isPending || register.isPending;
  const errorId = useId();

  const showProblem = (message: string) => {
    setServerMessage(message);
    toast.error(message);
  };
  const onError = (error: unknown) => showProblem(errorMessage(error));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setServerMessage(null);
    if (mode === 'login') {
      login.mutate(
        { email: email.trim(), password },
        {
          onSuccess: () => {
            toast.success('Logged in');
            onDone();
          },
          onError,
        },
      );
    } else {
      const problem = newPasswordProblem(password);
      if (problem) {
        showProblem(problem);
        return;
      }
      register.mutate(
        { firstName: firstName.trim(), email: email.trim(), password },
        {
          onSuccess: () => {
            toast.success('Account created');
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
  };

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
          onValueChange={setFirstName}
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
        onValueChange={setEmail}
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
        onValueChange={setPassword}
        placeholder="Your password"
        autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
        maxLength={MAX_PASSWORD_LENGTH}
        required
      />

      {serverMessage && (
        <p id={errorId} role="alert" className="rounded bg-red-50 px-3 py-2 text-red-700">
          {serverMessage}
        </p>
      )}

      <p>
        {mode === 'login' ? 'Create an account? ' : 'Already have an account? '}
        <button type="button" onClick={() => switchMode(mode === 'login' ? 'register' : 'login')} className="text-primary underline-offset-2 hover:underline">
          click here
        </button>
      </p>

      <button
        type="submit"
        disabled={pending}
        className="w-full rounded-md bg-primary py-2 text-white transition hover:bg-primary-dull disabled:cursor-wait disabled:opacity-70"
      >
        {pending ? 'Please wait…' : mode === 'login' ? 'Login' : 'Create Account'}
      </button>

      <GoogleButton />
    </form>
  );
}

function GoogleButton() {
  const status = useGoogleStatus();
  const noteId = useId();
  const unavailable = status.data === false || status.isError;

  return (
    <div>
      <button
        type="button"
        aria-disabled={unavailable}
        aria-describedby={unavailable ? noteId : undefined}
        onClick={() => {
          if (unavailable) return;
          window.location.assign(googleSignInUrl(window.location.pathname + window.location.search));
        }}
        className="flex w-full items-center justify-center gap-2 rounded-md border border-gray-300 py-2 text-gray-700 transition hover:bg-gray-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 aria-disabled:hover:bg-white"
      >
        <GoogleMark />
        Login with Google
      </button>
      {unavailable && (
        <p id={noteId} className="mt-2 text-center text-xs text-gray-500">
          Google sign-in is not configured on this shop yet. Please use your email and password.
        </p>
      )}
    </div>
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
