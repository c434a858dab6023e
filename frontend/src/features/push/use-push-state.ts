import { useCallback, useEffect, useState } from 'react';

/** Whether this browser can take pushes, has said no, or is subscribed already (undefined while looking). */
export type PushState = 'unsupported' | 'denied' | 'subscribed' | 'available';

export const pushSupported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

async function readPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'subscribed' : 'available';
}

/** This browser's push state, read again after a change (`refresh`). */
export function usePushState(): { state: PushState | undefined; refresh: () => void } {
  const [state, setState] = useState<PushState>();
  const refresh = useCallback(() => {
    void readPushState().then(setState, () => setState('unsupported'));
  }, []);
  useEffect(refresh, [refresh]);
  return { state, refresh };
}
