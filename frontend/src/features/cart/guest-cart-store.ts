import { cartsEqual, EMPTY_CART, readGuestCart, writeGuestCart, type CartItems, type CartStorage } from './cart-logic';

interface GuestCartStore {
  getSnapshot(): CartItems;
  subscribe(listener: () => void): () => void;
  update(change: (cart: CartItems) => CartItems): void;
  clear(): void;
  /** Re-read storage (another tab changed it). */
  reload(): void;
}

/** The guest cart: an external store kept in browser storage, read with useSyncExternalStore. */
export function createGuestCartStore(storage: CartStorage): GuestCartStore {
  let snapshot = readGuestCart(storage);
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    update(change) {
      const next = change(snapshot);
      if (next === snapshot) return;
      snapshot = next;
      writeGuestCart(storage, next);
      emit();
    },
    clear() {
      this.update(() => EMPTY_CART);
    },
    reload() {
      const next = readGuestCart(storage);
      if (cartsEqual(next, snapshot)) return;
      snapshot = next;
      emit();
    },
  };
}

/** An in-memory stand-in when the browser refuses storage (some private modes). */
export function createMemoryStorage(): CartStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}
