/** The owner invited someone (or reset their sign-in): the mail with the link goes out through the outbox. */
export const STAFF_INVITED = 'staff.invited';

export interface StaffInvitedEvent {
  staffId: string;
  name: string;
  email: string;
  link: string;
  expiresAt: string;
  /** Names this invitation (its secret's hash): the mail is queued once. */
  key: string;
}

declare module '../../common/events/domain-events' {
  interface DomainEventMap {
    [STAFF_INVITED]: StaffInvitedEvent;
  }
}
