import type { OrderRecord } from '../order-record';

/** A packing change was stored (published once, never for a replayed request; a change that cancels publishes the cancel instead). */
export const ORDER_ADJUSTED = 'order.adjusted';

export interface OrderAdjustedEvent {
  orderId: string;
  userId: string;
  order: OrderRecord;
  /** The change's key (outbox ids are made of it, so the mail and the push go once). */
  key: string;
  differencePaise: number;
}

declare module '../../common/events/domain-events' {
  interface DomainEventMap {
    [ORDER_ADJUSTED]: OrderAdjustedEvent;
  }
}
