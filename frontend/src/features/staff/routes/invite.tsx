import { STAFF_PASSWORD_MIN_LENGTH } from '@greencart/domain';
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Logo } from '@/components/ui/logo';
import { errorMessage } from '@/lib/api-client';
import { useAcceptInvitation } from '../api/accept-invitation';

/** /seller/invite?token=…: the invited person chooses their password (the link works once, for 48 hours). */
export function InviteRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const accept = useAcceptInvitation();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password !== again) return setProblem('The two passwords are not the same');
    setProblem(null);
    accept.mutate({ token, password }, { onError: (error) => setProblem(errorMessage(error)) });
  };
  const field = 'mt-1 min-h-11 w-full rounded border border-gray-400 px-3';
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-4 p-6">
      <title>Join the team · GreenCart seller</title>
      <Logo />
      <h1 className="text-xl font-medium">Choose your password</h1>
      {accept.isSuccess ? (
        <div role="status" className="rounded-md bg-primary/10 px-4 py-3 text-sm text-gray-700">
          <p>{accept.data.message}</p>
          <Link to="/seller" className="mt-2 inline-block font-medium text-primary-dull underline">
            Go to the seller sign-in
          </Link>
        </div>
      ) : !token ? (
        <p role="alert" className="text-sm text-red-700">
          This invitation link is incomplete; open it again from the mail.
        </p>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-3" aria-label="Choose your password">
          <label htmlFor={`${id}-pw`} className="text-sm">
            New password (at least {STAFF_PASSWORD_MIN_LENGTH} characters)
            <input
              id={`${id}-pw`}
              type="password"
              autoComplete="new-password"
              required
              minLength={STAFF_PASSWORD_MIN_LENGTH}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              className={field}
            />
          </label>
          <label htmlFor={`${id}-again`} className="text-sm">
            The same password again
            <input
              id={`${id}-again`}
              type="password"
              autoComplete="new-password"
              required
              value={again}
              onChange={(e) => setAgain(e.target.value)}
              className={field}
            />
          </label>
          {problem && (
            <p role="alert" className="text-sm text-red-700">
              {problem}
            </p>
          )}
          <button
            type="submit"
            disabled={accept.isPending}
            className="min-h-11 rounded bg-primary px-5 font-medium text-white hover:bg-primary-dull disabled:opacity-60"
          >
            Set password
          </button>
        </form>
      )}
    </main>
  );
}
