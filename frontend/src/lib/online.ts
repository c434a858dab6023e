import { useSyncExternalStore } from 'react';

/** Whether the browser says it has a connection (navigator.onLine and its online/offline events). */
export const connection = {
  subscribe(listener: () => void) {
    window.addEventListener('online', listener);
    window.addEventListener('offline', listener);
    return () => {
      window.removeEventListener('online', listener);
      window.removeEventListener('offline', listener);
    };
  },
  online: () => navigator.onLine,
};

export function useOnline(): boolean {
  return useSyncExternalStore(connection.subscribe, connection.online, () => true);
}
