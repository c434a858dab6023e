import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useUser } from '@/features/auth';
import { adoptGuestCart } from '../api/merge-cart';
import { useGuestCartItems } from '../guest-cart';

/** Follows the session: when a shopper is signed in and a guest cart is waiting, fold it into their account. */
export function GuestCartAdoption() {
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  const guestItems = useGuestCartItems();
  const userId = user?._id;
  const guestWaiting = Object.keys(guestItems).length > 0;

  useEffect(() => {
    if (userId && guestWaiting) void adoptGuestCart(queryClient);
  }, [userId, guestWaiting, queryClient]);

  return null;
}
