import { useSyncExternalStore } from 'react';

/** Chromium's `beforeinstallprompt` event (not in TypeScript's DOM types). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let saved: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/**
 * The browser's own "Install app" offer, kept instead of shown at once (app/pwa.tsx catches it): the
 * shop asks only after a first order.
 */
export const installPrompt = {
  keep(event: InstallPromptEvent) {
    saved = event;
    changed();
  },
  forget() {
    saved = null;
    changed();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => saved,
  /** Shows the browser's install dialog; whether the shopper installed. */
  async show(): Promise<boolean> {
    const event = saved;
    if (!event) return false;
    installPrompt.forget();
    await event.prompt();
    return (await event.userChoice).outcome === 'accepted';
  },
};

export function useInstallPrompt(): InstallPromptEvent | null {
  return useSyncExternalStore(installPrompt.subscribe, installPrompt.get, () => null);
}
