import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getPushKeyQueryOptions } from './get-push-key';

export type PushAccount = 'shopper' | 'seller';

/** Why a push subscription could not be made, in words for the person who asked. */
export class PushSetupError extends Error {}

const toBytes = (base64url: string) => Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, i) => byte === b[i]);
}

/**
 * POST /api/push/subscribe: asks the browser for permission, subscribes this browser's push service
 * with the shop's key (again when the shop's key changed) and tells the shop where to send.
 */
export async function subscribeToPush(publicKey: string | null, account: PushAccount = 'shopper'): Promise<void> {
  if (!publicKey) throw new PushSetupError('This shop does not send notifications yet.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushSetupError('Notifications are blocked for GreenCart. You can allow them in your browser’s site settings.');
  const registration = await navigator.serviceWorker.ready;
  const key = toBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch {
    throw new PushSetupError('This browser could not reach its notification service. Please try again later.');
  }
  const { endpoint, keys } = subscription.toJSON();
  await api.post('/api/push/subscribe', { endpoint, keys: { p256dh: keys?.p256dh, auth: keys?.auth }, account });
}

export function useSubscribeToPush(account: PushAccount = 'shopper') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => subscribeToPush(await queryClient.fetchQuery(getPushKeyQueryOptions()), account),
  });
}
