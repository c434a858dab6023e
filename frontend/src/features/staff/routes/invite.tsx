import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Logo } from '@/components/ui/logo';
import { errorMessage } from '@/lib/api-client';
import { useAcceptInvitation } from '../api/accept-invitation';
import { PasswordForm } from '../components/password-form';

/** /seller/invite?token=…: the invited person chooses their password (the link works once, for 48 hours). */
export function InviteRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const accept = useAcceptInvitation();
  const [problem, setProblem] = useState<string | null>(null);
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
        <PasswordForm
          label="Choose your password"
          askAgain
          submitLabel="Set password"
          pending={accept.isPending}
          problem={problem}
          onSubmit={({ password }) => {
            setProblem(null);
            accept.mutate({ token, password }, { onError: (error) => setProblem(errorMessage(error)) });
          }}
        />
      )}
    </main>
  );
}
