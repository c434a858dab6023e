import type { QueryClient } from '@tanstack/react-query';
import type { User } from '../types';
import { authKeys } from './keys';

/** Store the shopper who just signed in (or null after signing out) as the session, replacing any check in flight. */
export async function setSessionUser(queryClient: QueryClient, user: User | null): Promise<User | null> {
  await queryClient.cancelQueries({ queryKey: authKeys.user() });
  queryClient.setQueryData<User | null>(authKeys.user(), user);
  return user;
}
