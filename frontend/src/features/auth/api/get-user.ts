import { queryOptions, useQuery } from '@tanstack/react-query';
import { adoptGuestCart } from '@/features/cart/api/merge-cart';
import { sanitizeCart } from '@/features/cart/cart-logic';
import { api } from '@/lib/api-client';
import type { User } from '../types';
import { authKeys } from './keys';

export function toUser(userData: User): User {
  return { ...userData, cartItems: sanitizeCart(userData.cartItems) };
}

/** GET /api/isAuth → the signed-in shopper, or null. A failed check means "signed out", silently (401 is the normal answer). */
export async function getUser(): Promise<User | null> {
  try {
    const { userData } = await api.get<{ success: true; userData: User }>('/api/isAuth');
    return userData ? toUser(userData) : null;
  } catch {
    return null;
  }
}

export const getUserQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.user(),
    queryFn: async () => {
      const user = await getUser();
      // A returning session or a Google sign-in lands here: bring the guest cart along.
      return user ? adoptGuestCart(user) : null;
    },
    staleTime: 5 * 60_000,
    retry: false,
  });

/** The signed-in shopper: `data` is undefined while checking, null when signed out. */
export function useUser() {
  return useQuery(getUserQueryOptions());
}
