import { nameWithSize, REFUND_ARRIVES_IN } from '@greencart/domain';
import { Injectable, Logger } from '@nestjs/common';
import { OnDomainEvent } from '../common/events/domain-events';
import type { OrderRecord } from '../orders/order-record';
import { ORDER_ADJUSTED, ORDER_ISSUE_RESOLVED, type OrderAdjustedEvent, type OrderIssueResolvedEvent } from '../orders/packing/packing.events';
import { shopperRecipient } from './mail/email-channel';
import { Mailer } from './mail/mailer';
import { OutboxService } from './outbox/outbox.service';
import { orderSnapshot } from './notification-listeners';
import { PushChannel } from './push/push-channel';
import { issueResolvedPush, orderAdjustedPush } from './push/push-messages';

/**
 * The shopper hears once of each packing change (issue 39): a mail and a push whose outbox ids are
 * made of the change's key, so a change published twice queues nothing new.
 */
@Injectable()
export class PackingListener {
  private readonly logger = new Logger('Notifications');

  constructor(
    private readonly outbox: OutboxService,
    private readonly mailer: Mailer,
    private readonly push: PushChannel,
  ) {}

  @OnDomainEvent(ORDER_ADJUSTED)
  async adjusted({ order, userId, key, differencePaise, cancels }: OrderAdjustedEvent): Promise<void> {
    if (cancels) return;
    try {
      const snapshot = orderSnapshot(order);
      const changes = changesOf(order, key);
      const adjustment = order.adjustments?.find((a) => a.key === key);
      const cashPaise = adjustment?.cashOwedPaise;
      const note = adjustment?.reason?.trim();
      const refundPaise = order.paymentType === 'Online' && !cashPaise ? differencePaise : undefined;
      const mails = this.mailer.enabled
        ? [
            {
              _id: `email:order-adjusted:${snapshot.orderId}:${key}`,
              channel: 'email' as const,
              kind: 'order-adjusted',
              recipient: shopperRecipient(userId),
              data: {
                order: snapshot,
                changes,
                ...(note ? { note } : {}),
                ...(refundPaise !== undefined ? { refundPaise, refundArrives: REFUND_ARRIVES_IN } : {}),
                ...(cashPaise ? { cashPaise } : {}),
              },
            },
          ]
        : [];
      const pushes = await this.push.messagesFor([
        {
          account: shopperRecipient(userId),
          kind: 'order-adjusted',
          key: `${snapshot.orderId}:${key}`,
          payload: orderAdjustedPush(snapshot, differencePaise, cashPaise),
        },
      ]);
      await this.outbox.enqueue([...mails, ...pushes]);
    } catch (error) {
      this.logger.error(`The messages of ${ORDER_ADJUSTED} were not queued: ${(error as Error).message}`);
    }
  }

  @OnDomainEvent(ORDER_ISSUE_RESOLVED)
  async issueResolved({ order, userId, action, amountPaise }: OrderIssueResolvedEvent): Promise<void> {
    try {
      const snapshot = orderSnapshot(order);
      const note = order.issue?.resolutionNote;
      const mails = this.mailer.enabled
        ? [
            {
              _id: `email:issue-resolved:${snapshot.orderId}`,
              channel: 'email' as const,
              kind: 'issue-resolved',
              recipient: shopperRecipient(userId),
              data: {
                order: snapshot,
                action,
                amountPaise,
                ...(note ? { note } : {}),
                refundArrives: REFUND_ARRIVES_IN,
                ...(order.issue?.cashOwedPaise ? { inCash: true } : {}),
              },
            },
          ]
        : [];
      const pushes = await this.push.messagesFor([
        { account: shopperRecipient(userId), kind: 'issue-resolved', key: snapshot.orderId, payload: issueResolvedPush(snapshot, action, amountPaise) },
      ]);
      await this.outbox.enqueue([...mails, ...pushes]);
    } catch (error) {
      this.logger.error(`The messages of ${ORDER_ISSUE_RESOLVED} were not queued: ${(error as Error).message}`);
    }
  }
}

/** "Desi Tomatoes: 1 of 3 packed", "Milk: not available", "Desi Tomatoes replaced by Alphonso Mango × 2". */
export function changesOf(order: OrderRecord, key: string): string[] {
  const adjustment = order.adjustments?.find((a) => a.key === key);
  if (!adjustment) return [];
  const nameOf = (line: number) => {
    const item = order.items[line];
    return item ? nameWithSize(item.name, item.label) : `Line ${line + 1}`;
  };
  return [
    ...adjustment.lines.map((l) => (l.to === 0 ? `${nameOf(l.line)}: not available` : `${nameOf(l.line)}: ${l.to} of ${l.from} packed`)),
    ...adjustment.substitutes.map((s) => `${nameOf(s.forLine)} replaced by ${s.name} × ${s.quantity}`),
  ];
}
