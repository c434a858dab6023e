import { PINCODE_PATTERN } from '@greencart/domain';
import { useSyncExternalStore } from 'react';

/** Where the shopper wants things delivered, asked once and kept in this browser. */
const KEY = 'greencart:pincode';
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    const value = localStorage.getItem(KEY);
    return value && PINCODE_PATTERN.test(value) ? value : null;
  } catch {
    return null;
  }
}

let current = typeof window === 'undefined' ? null : read();

export const pincodeStore = {
  get: () => current,
  set(pincode: string | null) {
    current = pincode && PINCODE_PATTERN.test(pincode) ? pincode : null;
    try {
      if (current) localStorage.setItem(KEY, current);
      else localStorage.removeItem(KEY);
    } catch {
      // Storage refused (private mode): kept for this page's life.
    }
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key !== KEY) return;
      current = read();
      listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};

/** The pincode the shopper gave (null until asked). */
export function useStoredPincode(): string | null {
  return useSyncExternalStore(pincodeStore.subscribe, pincodeStore.get, () => null);
}
