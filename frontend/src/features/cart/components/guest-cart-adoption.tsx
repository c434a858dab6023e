import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useUser } from '@/features/auth';
import { useGuestCartItems } from '../guest-cart';

/** Follows the session: when a shopper is signed in and a guest cart is waiting, fold it into their account. */
export function GuestCartAdoption() {
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  const guestItems = useGuestCartItems();
  const userId = user?._id;
  const guestWaiting = Object.keys(guestItems).length > 0;

  useEffect(() => {
    // The merge code downloads only when there is something to merge.
    if (userId && guestWaiting) void import('../api/merge-cart').then(({ adoptGuestCart }) => adoptGuestCart(queryClient));
  }, [userId, guestWaiting, queryClient]);

  return null;
}
