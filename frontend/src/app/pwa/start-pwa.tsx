import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerSW } from 'virtual:pwa-register';
import type { InstallPromptEvent } from '@/lib/install-prompt';
import { toast } from '@/lib/toast';
import { OfflineBar } from './offline-bar';

export const UPDATE_MESSAGE = 'A new version of GreenCart is ready. It opens the next time you start the shop.';

/**
 * The installable app, started after the first paint (main.tsx) so none of it is in the first download:
 * the service worker (precache, offline copies, push), the offline bar, the "new version" toast and the
 * browser's install offer kept for later.
 */
export function startPwa(): void {
  // The browser's mini-infobar would offer installing on the first visit: the shop asks after an order.
  // (The store is loaded here rather than imported: a module shared with the pages would be named in the first download.)
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    void import('@/lib/install-prompt').then(({ installPrompt }) => installPrompt.keep(event as InstallPromptEvent));
  });
  window.addEventListener('appinstalled', () => void import('@/lib/install-prompt').then(({ installPrompt }) => installPrompt.forget()));

  const bar = document.createElement('div');
  bar.id = 'offline-bar';
  document.body.prepend(bar);
  createRoot(bar).render(
    <StrictMode>
      <OfflineBar />
    </StrictMode>,
  );

  if (!('serviceWorker' in navigator)) return;
  registerSW({
    immediate: true,
    // A new version is installed and waits: this window keeps the code it started with.
    onNeedRefresh: () => toast.info(UPDATE_MESSAGE, { id: 'app-update' }),
    onRegisterError: (error: unknown) => console.warn('The service worker could not be registered', error),
  });
}
