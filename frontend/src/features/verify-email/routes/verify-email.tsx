import { Link, useLocation } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { useUser } from '@/features/auth';
import { errorMessage } from '@/lib/api-client';
import { useVerifyEmail } from '../api/verify-email';

/** The mail's link carries the token in the fragment (`#token=…`, never sent to a server or logged); `?token=` works too. */
function tokenFrom(hash: string, search: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? new URLSearchParams(search).get('token') ?? '';
}

/** /verify-email#token=…: the page the verification mail links to; confirms the address, or says why not. */
export function VerifyEmailRoute() {
  const { hash, search } = useLocation();
  const token = tokenFrom(hash, search);
  const verified = useVerifyEmail(token);
  const { data: user } = useUser();

  return (
    <section className="mx-auto mt-16 mb-24 w-full max-w-md px-4">
      <title>Confirm your email · GreenCart</title>
      <h1 className="text-2xl font-medium text-gray-800">Confirm your email</h1>
      {!token || verified.isError ? (
        <div role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
          <p>{token ? errorMessage(verified.error) : 'This page needs the link from the confirmation mail. Open the link in the mail again.'}</p>
          <p className="mt-2">
            {!user
              ? 'Sign in, then choose “Resend” in the banner for a new link.'
              : (user as { emailVerified?: boolean }).emailVerified === false
                ? 'Choose “Resend” in the banner above for a new link.'
                : 'Your email address is confirmed already: there is nothing more to do.'}
          </p>
        </div>
      ) : verified.isPending ? (
        <Spinner label="Confirming your email…" />
      ) : (
        <div role="status" className="mt-6 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-800">
          <p>
            Thank you: <strong className="break-all">{verified.data.email}</strong> is confirmed. Your receipts and order updates will come to it.
          </p>
          <Link to="/products" className="mt-3 inline-flex min-h-11 items-center rounded-md bg-primary px-4 font-medium text-white hover:bg-primary-dull">
            Continue shopping
          </Link>
        </div>
      )}
    </section>
  );
}
