import { lazy, Suspense, useId } from 'react';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Spinner } from '@/components/ui/spinner';
import { useLoginDialog, useSessionStatus, useUser } from '@/features/auth';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { usePreferences } from '../api/get-preferences';
import { useUpdatePreferences } from '../api/update-preferences';

const NotificationSettings = lazy(async () => ({ default: (await import('@/features/push')).NotificationSettings }));

/** /account: the shopper's account and the mails they get from the shop. */
export function AccountRoute() {
  const { data: user } = useUser();
  const sessionStatus = useSessionStatus();
  const loginDialog = useLoginDialog();

  if (sessionStatus === 'checking') return <Spinner label="Checking your session…" />;
  if (sessionStatus === 'unknown') {
    return (
      <section className="mx-auto mt-24 flex max-w-md flex-col items-center text-center">
        <title>Your account · GreenCart</title>
        <h1 className="text-2xl font-medium text-gray-800">Your account</h1>
        <p className="mt-3 text-gray-600">You&rsquo;re offline — we&rsquo;ll check your sign-in when you&rsquo;re back.</p>
      </section>
    );
  }
  if (!user) {
    return (
      <section className="mx-auto mt-24 flex max-w-md flex-col items-center text-center">
        <title>Your account · GreenCart</title>
        <h1 className="text-2xl font-medium text-gray-800">Your account</h1>
        <p className="mt-3 text-gray-600">Sign in to see your account.</p>
        <button type="button" onClick={loginDialog.open} className="mt-6 min-h-11 rounded bg-primary px-8 font-medium text-white hover:bg-primary-dull">
          Sign in
        </button>
      </section>
    );
  }
  return (
    <section className="mx-auto mt-12 mb-24 w-full max-w-xl">
      <title>Your account · GreenCart</title>
      <h1 className="text-2xl font-medium text-gray-800">Your account</h1>
      <p className="mt-2 break-all text-gray-600">
        {user.firstName} · {user.email}
      </p>
      <MailSettings userId={user._id} />
      <Suspense fallback={null}>
        <NotificationSettings />
      </Suspense>
    </section>
  );
}

function MailSettings({ userId }: { userId: string }) {
  const query = usePreferences(userId);
  const update = useUpdatePreferences(userId);
  const descriptionId = useId();

  if (query.isPending) return <Spinner label="Loading your email settings…" />;
  if (query.isError) return <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />;
  const { preferences, mail } = query.data;
  const on = preferences.orderProgressEmails;

  const toggle = () =>
    update.mutate(
      { orderProgressEmails: !on },
      {
        onSuccess: (answer) => toast.success(answer.message ?? 'Saved', { id: 'preferences' }),
        onError: (error) => toast.error(errorMessage(error), { id: 'preferences' }),
      },
    );

  return (
    <div className="mt-8 rounded-lg border border-gray-200 p-4 sm:p-6">
      <h2 className="text-lg font-medium text-gray-800">Emails</h2>
      {!mail.enabled && (
        <p role="note" className="mt-3 rounded bg-amber-50 px-3 py-2 text-sm text-amber-900">
          This shop does not send emails yet. Your choice is kept for when it does.
        </p>
      )}
      <div className="mt-4 flex items-start justify-between gap-4">
        <div>
          <p className="font-medium text-gray-800" id={`${descriptionId}-label`}>
            Order progress emails
          </p>
          <p id={descriptionId} className="mt-1 text-sm text-gray-600">
            When your order is being packed, is out for delivery and is delivered. Receipts, cancellations and refunds are always emailed.
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={`${descriptionId}-label`}
          aria-describedby={descriptionId}
          onClick={toggle}
          className="-mt-1 flex h-11 w-16 shrink-0 items-center justify-center rounded-full"
        >
          <span className={`relative inline-flex h-8 w-14 items-center rounded-full transition ${on ? 'bg-primary' : 'bg-gray-500'}`} aria-hidden="true">
            <span className={`inline-block h-6 w-6 rounded-full bg-white shadow transition ${on ? 'translate-x-7' : 'translate-x-1'}`} />
          </span>
        </button>
      </div>
    </div>
  );
}
