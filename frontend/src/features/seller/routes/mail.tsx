import { lazy, Suspense } from 'react';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { pluralize } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useMail, type FailedMessage, type MailOverview } from '../api/get-mail';
import { useResendAllMail } from '../api/resend-all-mail';
import { useResendMail } from '../api/resend-mail';

/** What each kind of message is, in the seller's words. */
const KINDS: Record<string, string> = {
  'order-confirmation': 'Order receipt',
  'payment-received': 'Payment received',
  'order-packing': 'Packing',
  'order-out-for-delivery': 'Out for delivery',
  'order-delivered': 'Delivered',
  'order-cancelled': 'Cancelled',
  'refund-started': 'Refund started',
  'refund-done': 'Refund done',
  'sold-out-refund': 'Sold-out refund (shopper)',
  'seller-new-order': 'New order (to you)',
  'seller-order-cancelled': 'Cancelled by the shopper (to you)',
  'seller-sold-out-refund': 'Sold-out refund (to you)',
  'password-reset': 'Password reset link',
};

const when = (iso: string) => new Date(iso).toLocaleString('en-IN', { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });

/** /seller/mail: whether mail goes out, and the messages that gave up, each with why and "Send again". */
const NotificationSettings = lazy(async () => ({ default: (await import('@/features/push')).NotificationSettings }));

export function SellerMailRoute() {
  const query = useMail();
  const resendAll = useResendAllMail();

  return (
    <section aria-labelledby="seller-mail-heading" className="max-w-3xl">
      <title>Mail · GreenCart seller</title>
      <h1 id="seller-mail-heading" className="text-lg font-medium">
        Mail to shoppers
      </h1>
      {query.isPending && <Spinner label="Loading mail status…" />}
      {query.isError && <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && (
        <>
          {query.data.mail.enabled ? (
            <p className="mt-2 text-sm text-gray-600">
              Mail is on, sent from <span className="break-all">{query.data.mail.from}</span>. {outboxState(query.data.outbox)}
            </p>
          ) : (
            <p role="note" className="mt-3 rounded bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {query.data.mail.reason}. Set it (README: Mail) to send receipts and order updates.
            </p>
          )}
          <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
            <h2 className="font-medium text-gray-800">
              {query.data.failed.length ? `${pluralize(query.data.failed.length, 'message')} not delivered` : 'Messages not delivered'}
            </h2>
            {query.data.failed.length > 1 && (
              <button
                type="button"
                disabled={resendAll.isPending}
                onClick={() =>
                  resendAll.mutate(undefined, {
                    onSuccess: (answer) => toast.success(answer.message, { id: 'mail-resend' }),
                    onError: (error) => toast.error(errorMessage(error), { id: 'mail-resend' }),
                  })
                }
                className="min-h-11 rounded-md border border-primary px-4 text-sm font-medium text-primary hover:bg-primary/10 disabled:opacity-60"
              >
                Send all again
              </button>
            )}
          </div>
          {query.data.failed.length === 0 ? (
            <p className="mt-3 text-sm text-gray-600">None: every message was delivered or is on its way.</p>
          ) : (
            <ul className="mt-3 space-y-3">
              {query.data.failed.map((message) => (
                <FailedRow key={message.id} message={message} />
              ))}
            </ul>
          )}
        </>
      )}
      <Suspense fallback={null}>
        <NotificationSettings account="seller" />
      </Suspense>
    </section>
  );
}

/** What the mail waiting on this instance is doing, in a sentence. */
function outboxState({ waiting, serverDown }: MailOverview['outbox']): string {
  const mails = pluralize(waiting, 'mail');
  if (serverDown) return `The mail server does not answer right now: ${mails} wait and go out when it is back.`;
  return waiting === 0 ? 'Nothing waiting.' : `${mails} on the way.`;
}

function FailedRow({ message }: { message: FailedMessage }) {
  const resend = useResendMail();
  const what = KINDS[message.kind] ?? message.kind;
  return (
    <li className="rounded-lg border border-gray-200 bg-white p-4 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-medium text-gray-800">
            {what}
            {message.orderNumber && <span className="text-gray-600"> · {message.orderNumber}</span>}
          </p>
          <p className="mt-1 break-all text-gray-600">To {message.to ?? 'a shopper whose address could not be read'}</p>
          {message.subject && <p className="mt-1 text-gray-600">“{message.subject}”</p>}
          <p className="mt-2 rounded bg-red-50 px-2 py-1 break-words text-red-800">{message.reason}</p>
          <p className="mt-2 text-xs text-gray-600">
            Gave up {when(message.failedAt)} after {pluralize(message.attempts, 'attempt')}
          </p>
        </div>
        <button
          type="button"
          disabled={resend.isPending}
          aria-label={`Send again: ${what}${message.orderNumber ? ` for ${message.orderNumber}` : ''} to ${message.to ?? 'the shopper'}`}
          onClick={() =>
            resend.mutate(message.id, {
              onSuccess: () => toast.success('Queued to be sent again', { id: `mail-${message.id}` }),
              onError: (error) => toast.error(errorMessage(error), { id: `mail-${message.id}` }),
            })
          }
          className="min-h-11 shrink-0 rounded-md bg-primary px-4 font-medium text-white hover:bg-primary-dull disabled:opacity-60"
        >
          Send again
        </button>
      </div>
    </li>
  );
}
