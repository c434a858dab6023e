/** Sessions that just ended, on this instance or another: what was opened with them (sockets) closes. */
export const SESSIONS_ENDED = 'sessions.ended';

export type SessionsEndedEvent =
  /** One session was logged out. */
  | { sid: string }
  /** Every session of this shopper ended (sign out everywhere, password reset). */
  | { userId: string }
  /** The seller signed out everywhere: seller sessions signed before this time (ms) are over. */
  | { sellerSince: number }
  /** A staff member was removed or changed their password: every session of theirs ended. */
  | { staffId: string }
  /** Notices from other instances may have been lost (Redis was away): check every open session again. */
  | { recheck: true };

declare module '../common/events/domain-events' {
  interface DomainEventMap {
    [SESSIONS_ENDED]: SessionsEndedEvent;
  }
}
