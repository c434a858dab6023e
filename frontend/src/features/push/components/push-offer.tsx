import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useInstallPrompt, installPrompt } from '@/lib/install-prompt';
import { toast } from '@/lib/toast';
import { PushSetupError, useSubscribeToPush, type PushAccount } from '../api/subscribe-push';
import { useUnsubscribeFromPush } from '../api/unsubscribe-push';
import { usePushState } from '../use-push-state';

const DISMISSED = 'greencart:order-updates-offer';
const PUSH_TOAST = { id: 'push' };
const problem = (error: unknown) => (error instanceof PushSetupError ? error.message : errorMessage(error));

const primary = 'inline-flex min-h-11 items-center rounded bg-primary px-5 font-medium text-white hover:bg-primary-dull disabled:opacity-60';
const secondary = 'inline-flex min-h-11 items-center rounded border border-gray-300 px-5 text-gray-700 hover:bg-gray-100 disabled:opacity-60';

function readDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED) === '1';
  } catch {
    return false;
  }
}

/**
 * After an order (/order-placed): "Get order updates" on this device, asked only now (never on a first
 * visit), and the browser's "install" offer when it has one. "Not now" hides both on this device.
 */
export function OrderUpdatesOffer() {
  const { state, refresh } = usePushState();
  const install = useInstallPrompt();
  const subscribe = useSubscribeToPush();
  const [dismissed, setDismissed] = useState(readDismissed);
  const [done, setDone] = useState(false);

  const canSubscribe = state === 'available';
  if (dismissed || (!canSubscribe && !install && !done)) return null;

  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED, '1');
    } catch {
      // Private mode: hidden for this page only.
    }
    setDismissed(true);
  };

  return (
    <section aria-labelledby="updates-heading" className="mt-6 rounded-lg border border-primary/30 bg-white px-5 py-4" data-testid="order-updates-offer">
      <h2 id="updates-heading" className="font-medium text-gray-800">
        Know when your order moves
      </h2>
      {done ? (
        <p role="status" className="mt-1 text-sm text-gray-700">
          Order updates are on for this device.
        </p>
      ) : canSubscribe ? (
        <p className="mt-1 text-sm text-gray-700">We can tell you on this device when it is packed, on its way and delivered, even with GreenCart closed.</p>
      ) : null}
      {install && <p className="mt-1 text-sm text-gray-700">Add GreenCart to your home screen to open it like an app, even offline.</p>}
      <div className="mt-3 flex flex-wrap gap-3">
        {canSubscribe && !done && (
          <button
            type="button"
            className={primary}
            disabled={subscribe.isPending}
            onClick={() =>
              subscribe.mutate(undefined, {
                onSuccess: () => {
                  setDone(true);
                  refresh();
                },
                onError: (error) => {
                  toast.error(problem(error), PUSH_TOAST);
                  refresh();
                },
              })
            }
          >
            {subscribe.isPending ? 'Turning on…' : 'Get order updates'}
          </button>
        )}
        {install && (
          <button type="button" className={canSubscribe && !done ? secondary : primary} onClick={() => void installPrompt.show()}>
            Add to home screen
          </button>
        )}
        {!done && (
          <button type="button" className={secondary} onClick={dismiss}>
            Not now
          </button>
        )}
      </div>
    </section>
  );
}

/** The account page's (or the seller's) switch for notifications on this device. */
export function NotificationSettings({ account = 'shopper' }: { account?: PushAccount }) {
  const { state, refresh } = usePushState();
  const subscribe = useSubscribeToPush(account);
  const unsubscribe = useUnsubscribeFromPush(account);
  const what = account === 'seller' ? 'new orders' : 'order updates and replies from the shop';
  const onError = (error: unknown) => {
    toast.error(problem(error), PUSH_TOAST);
    refresh();
  };

  return (
    <section aria-labelledby="notifications-heading" className="mt-10">
      <h2 id="notifications-heading" className="text-lg font-medium text-gray-800">
        Notifications on this device
      </h2>
      {state === undefined ? null : state === 'unsupported' ? (
        <p className="mt-2 text-sm text-gray-600">This browser cannot show notifications from GreenCart.</p>
      ) : state === 'denied' ? (
        <p className="mt-2 text-sm text-gray-600">Notifications are blocked for GreenCart. You can allow them in your browser’s site settings.</p>
      ) : state === 'subscribed' ? (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <p role="status" className="text-sm text-gray-700">
            On: you get {what} here.
          </p>
          <button
            type="button"
            className={secondary}
            disabled={unsubscribe.isPending}
            onClick={() => unsubscribe.mutate(undefined, { onSuccess: refresh, onError })}
          >
            Turn off
          </button>
        </div>
      ) : (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <p className="text-sm text-gray-700">Get {what} on this device, even with GreenCart closed.</p>
          <button type="button" className={primary} disabled={subscribe.isPending} onClick={() => subscribe.mutate(undefined, { onSuccess: refresh, onError })}>
            {account === 'seller' ? 'Get new-order alerts' : 'Get order updates'}
          </button>
        </div>
      )}
    </section>
  );
}
