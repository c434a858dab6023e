import type { OrderRecord } from '../order-record';

/** A packing change was stored (published once, never for a replayed request; one that cancels is followed by the cancel's own events). */
export const ORDER_ADJUSTED = 'order.adjusted';

export interface OrderAdjustedEvent {
  orderId: string;
  userId: string;
  order: OrderRecord;
  /** The change's key (outbox ids are made of it, so the mail and the push go once). */
  key: string;
  differencePaise: number;
  /** Nothing was packed: the cancel that follows tells the shopper. */
  cancels: boolean;
  /** The order as it was before the change (the figures move from it to `order`). */
  before: OrderRecord;
}

declare module '../../common/events/domain-events' {
  interface DomainEventMap {
    [ORDER_ADJUSTED]: OrderAdjustedEvent;
  }
}

/** The shop answered a problem report (refund or decline). */
export const ORDER_ISSUE_RESOLVED = 'order.issue-resolved';

export interface OrderIssueResolvedEvent {
  orderId: string;
  userId: string;
  order: OrderRecord;
  action: 'refund' | 'decline';
  amountPaise: number;
}

declare module '../../common/events/domain-events' {
  interface DomainEventMap {
    [ORDER_ISSUE_RESOLVED]: OrderIssueResolvedEvent;
  }
}
