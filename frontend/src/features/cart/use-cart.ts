import { useCallback, useMemo, useSyncExternalStore } from 'react';
import toast from 'react-hot-toast';
import { addItem, countItems, deleteLine, GUEST_CART_KEY, removeItem, setQuantity, type CartItems, type CartStorage } from './cart-logic';
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

export const guestCart = createGuestCartStore(browserStorage());

// Another tab changed the guest cart: show the same cart here.
window.addEventListener('storage', (event) => {
  if (event.key === null || event.key === GUEST_CART_KEY) guestCart.reload();
});

export function useGuestCartItems(): CartItems {
  return useSyncExternalStore(guestCart.subscribe, guestCart.getSnapshot, guestCart.getSnapshot);
}

export interface Cart {
  items: CartItems;
  /** Sum of quantities (the badge). */
  count: number;
  quantityOf(productId: string): number;
  add(productId: string): void;
  setQuantity(productId: string, quantity: number): void;
  remove(productId: string): void;
  removeLine(productId: string): void;
}

const CART_TOAST = { id: 'cart' };

/** The shopper's cart, the only way the UI reads or changes it. */
export function useCart(): Cart {
  const items = useGuestCartItems();

  const change = useCallback((next: (cart: CartItems) => CartItems, message: string) => {
    guestCart.update(next);
    toast.success(message, CART_TOAST);
  }, []);

  return useMemo(
    () => ({
      items,
      count: countItems(items),
      quantityOf: (productId) => items[productId] ?? 0,
      add: (productId) => change((cart) => addItem(cart, productId), 'Added to cart'),
      setQuantity: (productId, quantity) => change((cart) => setQuantity(cart, productId, quantity), 'Cart updated'),
      remove: (productId) => change((cart) => removeItem(cart, productId), 'Removed from cart'),
      removeLine: (productId) => change((cart) => deleteLine(cart, productId), 'Removed from cart'),
    }),
    [items, change],
  );
}
