import { useMemo } from 'react';
import { useSessionStatus, useUser } from '@/features/auth';
import { countItems, sanitizeCart, type CartItems } from './cart-logic';
import { useGuestCartItems } from './guest-cart';

export interface CartItemsState {
  items: CartItems;
  /** False until the session has answered: whose cart it is (the guest's or the account's) is not known yet. */
  known: boolean;
}

/** What is in the cart, read-only (the badge and bars need no way to change it), and whether that is known yet. */
export function useCartItemsState(): CartItemsState {
  const { data: user } = useUser();
  // Unknown (offline, the check failed): the guest cart of this device shows, and changes go there.
  const checking = useSessionStatus() === 'checking';
  const guestItems = useGuestCartItems();
  const savedItems = user?.cartItems;
  const items = useMemo(() => (savedItems ? sanitizeCart(savedItems) : guestItems), [savedItems, guestItems]);
  return useMemo(() => ({ items, known: !checking }), [items, checking]);
}

export function useCartItems(): CartItems {
  return useCartItemsState().items;
}

/** The number of items in the cart (the badge); undefined while the session is still being checked. */
export function useCartCount(): number | undefined {
  const { items, known } = useCartItemsState();
  return known ? countItems(items) : undefined;
}
