import { Injectable, Logger } from '@nestjs/common';
import { OnDomainEvent } from '../../common/events/domain-events';
import { ORDER_PAID, ORDER_STATUS_CHANGED, type OrderPaidEvent, type OrderStatusChangedEvent } from '../../orders/order.events';
import { ORDER_ADJUSTED, ORDER_ISSUE_RESOLVED, type OrderAdjustedEvent, type OrderIssueResolvedEvent } from '../../orders/packing/packing.events';
import { InvoicesService } from './invoices.service';

/**
 * Issues the documents a month's GSTR-1 is made of as the orders move (issue 54 and 61): an order's
 * invoice when it is paid (an online order at placement, cash on delivery when delivered), a credit
 * note for each refund after it (a packing change, a refunded problem report, a cancel). In the
 * background, so no answer waits for a number; a document missed by a stop is issued the next time the
 * order's invoice or credit notes are read.
 */
@Injectable()
export class InvoiceIssuing {
  private readonly logger = new Logger(InvoiceIssuing.name);
  /** Per order, its documents in the order of its events: a credit note after the invoice it is against. */
  private readonly turns = new Map<string, Promise<unknown>>();

  constructor(private readonly invoices: InvoicesService) {}

  @OnDomainEvent(ORDER_PAID)
  paid(event: OrderPaidEvent): void {
    if (event.order.status === 'Cancelled') return;
    this.run(event.orderId, 'invoice', () => this.invoices.issue(event.order));
  }

  @OnDomainEvent(ORDER_ADJUSTED)
  adjusted(event: OrderAdjustedEvent): void {
    this.notes(event.orderId);
  }

  @OnDomainEvent(ORDER_ISSUE_RESOLVED)
  issueResolved(event: OrderIssueResolvedEvent): void {
    if (event.action === 'refund') this.notes(event.orderId);
  }

  @OnDomainEvent(ORDER_STATUS_CHANGED)
  statusChanged(event: OrderStatusChangedEvent): void {
    if (event.to === 'Cancelled') this.notes(event.orderId);
  }

  /** Numbers the order's credit notes that have none yet (an order without an invoice has none). */
  private notes(orderId: string): void {
    this.run(orderId, 'credit notes', () => this.invoices.issueCreditNotes(orderId));
  }

  private run(orderId: string, what: string, work: () => Promise<unknown>): void {
    const next = (this.turns.get(orderId) ?? Promise.resolve())
      .then(work)
      .catch((error: Error) => this.logger.error(`Order ${orderId}: its ${what} could not be issued now (${error.message}); reading them issues them`))
      .finally(() => {
        if (this.turns.get(orderId) === next) this.turns.delete(orderId);
      });
    this.turns.set(orderId, next);
    this.invoices.track(next);
  }
}
