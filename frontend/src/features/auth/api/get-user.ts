import { useQuery } from '@tanstack/react-query';
import { getSessionQueryOptions } from './get-session';

/** The signed-in shopper: `data` is undefined while checking, null when signed out (from the one session request). */
export function useUser() {
  return useQuery({ ...getSessionQueryOptions(), select: (session) => session.shopper });
}
