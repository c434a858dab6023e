import { useEffect, useSyncExternalStore } from 'react';
import { checkChime, chimeBlocked, subscribeChimeBlocked, unlockChime } from '@/lib/chime';

const KEY = 'greencart:seller:new-order-sound';
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return window.localStorage.getItem(KEY) !== 'off';
  } catch {
    return true;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab flipped the switch.
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Whether a new order chimes: on unless the seller muted it (remembered in this browser). */
export function useOrderSound(): [on: boolean, set: (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, read);
  const set = (next: boolean) => {
    try {
      if (next) window.localStorage.removeItem(KEY);
      else window.localStorage.setItem(KEY, 'off');
    } catch {}
    listeners.forEach((listener) => listener());
  };
  return [on, set];
}

/** For event handlers: the current setting, read at the moment of the new order. */
export const orderSoundOn = read;

/**
 * Whether the browser keeps the chime silent (checked while the sound is on): the seller is asked for a
 * tap. A page the seller already clicked in (signing in, in this tab) may play: it is asked to, first.
 */
export function useChimeBlocked(on: boolean): boolean {
  const blocked = useSyncExternalStore(subscribeChimeBlocked, chimeBlocked);
  useEffect(() => {
    if (!on) return;
    if (hadUserActivation()) unlockChime();
    checkChime();
  }, [on]);
  return on && blocked;
}

/** The browser's record of a click or key press in this page so far (browsers without it: no). */
function hadUserActivation(): boolean {
  return Boolean((navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation?.hasBeenActive);
}
