import type { QueryClient } from '@tanstack/react-query';
import type { Session, User } from '../types';
import { SIGNED_OUT } from './get-session';
import { authKeys } from './keys';

/** Store the shopper who just signed in (or null after signing out) as the session, replacing any check in flight. */
export async function setSessionUser(queryClient: QueryClient, user: User | null): Promise<User | null> {
  await queryClient.cancelQueries({ queryKey: authKeys.session() });
  queryClient.setQueryData<Session>(authKeys.session(), (session) => ({ ...(session ?? SIGNED_OUT), shopper: user }));
  return user;
}

/** The signed-in shopper as the cache has them now (null when signed out or not checked yet). */
export function readSessionUser(queryClient: QueryClient): User | null {
  return queryClient.getQueryData<Session>(authKeys.session())?.shopper ?? null;
}

/** Change the cached shopper (their saved cart) without asking the server. */
export function updateSessionUser(queryClient: QueryClient, update: (user: User) => User): void {
  queryClient.setQueryData<Session>(authKeys.session(), (session) => (session?.shopper ? { ...session, shopper: update(session.shopper) } : session));
}

/** The seller signed in (true) or out (false). */
export function setSellerSession(queryClient: QueryClient, seller: boolean): void {
  queryClient.setQueryData<Session>(authKeys.session(), (session) => ({ ...(session ?? SIGNED_OUT), seller }));
}

/** Ask the server again (the session may have ended meanwhile). */
export function refreshSession(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: authKeys.session() });
}

/** Stop a session check in flight before an optimistic change. */
export function cancelSessionCheck(queryClient: QueryClient): Promise<void> {
  return queryClient.cancelQueries({ queryKey: authKeys.session() });
}
