import { useMemo } from 'react';
import { useUser } from '@/features/auth';
import { countItems, sanitizeCart, type CartItems } from './cart-logic';
import { useGuestCartItems } from './guest-cart';

/** What is in the cart, read-only (the badge and bars need no way to change it). */
export function useCartItems(): CartItems {
  const { data: user } = useUser();
  const guestItems = useGuestCartItems();
  const savedItems = user?.cartItems;
  return useMemo(() => (savedItems ? sanitizeCart(savedItems) : guestItems), [savedItems, guestItems]);
}

/** The number of items in the cart (the badge). */
export function useCartCount(): number {
  return countItems(useCartItems());
}
