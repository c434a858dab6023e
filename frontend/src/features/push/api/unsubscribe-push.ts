import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PushAccount } from './subscribe-push';

/** POST /api/push/unsubscribe, then the browser forgets the subscription too. */
export async function unsubscribeFromPush(account: PushAccount = 'shopper'): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await api.post('/api/push/unsubscribe', { endpoint: subscription.endpoint, account });
  await subscription.unsubscribe();
}

export function useUnsubscribeFromPush(account: PushAccount = 'shopper') {
  return useMutation({ mutationFn: () => unsubscribeFromPush(account) });
}
