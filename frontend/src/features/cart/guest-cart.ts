import { useSyncExternalStore } from 'react';
import { GUEST_CART_KEY, type CartItems, type CartStorage } from './cart-logic';
import { createGuestCartStore, createMemoryStorage } from './guest-cart-store';

function browserStorage(): CartStorage {
  try {
    const storage = window.localStorage;
    storage.getItem(GUEST_CART_KEY);
    return storage;
  } catch {
    return createMemoryStorage();
  }
}

/** The signed-out shopper's cart, kept in localStorage across reloads. */
export const guestCart = createGuestCartStore(browserStorage());

// Another tab changed the guest cart: show the same cart here (unit tests run without a window).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === GUEST_CART_KEY) guestCart.reload();
  });
}

export function useGuestCartItems(): CartItems {
  return useSyncExternalStore(guestCart.subscribe, guestCart.getSnapshot, guestCart.getSnapshot);
}
