import { DELIVERY_PROMISE_MINUTES, nameWithSize, slotText } from '@greencart/domain';
import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { PASSWORD_RESET_REQUESTED, type PasswordResetRequestedEvent } from '../auth/auth.events';
import { CHAT_MESSAGE, type ChatMessageEvent } from '../chat/chat.service';
import { WorkUnderWay } from '../common/batching/work-under-way';
import {
  ORDER_PAID,
  ORDER_PLACED,
  ORDER_REFUNDED,
  ORDER_STATUS_CHANGED,
  type OrderPaidEvent,
  type OrderPlacedEvent,
  type OrderRefundedEvent,
  type OrderStatusChangedEvent,
} from '../orders/order.events';
import type { OrderRecord } from '../orders/order-record';
import { PAYMENT_SOLD_OUT_REFUNDED, type PaymentSoldOutRefundedEvent } from '../payments/payment.events';
import { UsersService } from '../users/users.service';
import { SELLER_RECIPIENT, shopperRecipient } from './mail/email-channel';
import { Mailer } from './mail/mailer';
import { STATUS_MAIL, type MailKind, type MailKinds, type OrderSnapshot } from './mail/templates';
import { OutboxService, type NewMessage } from './outbox/outbox.service';
import { PushChannel, type PushNotice } from './push/push-channel';
import { chatReplyPush, orderStatusPush, sellerCancelledPush, sellerNewOrderPush } from './push/push-messages';
import { OnDomainEvent } from '../common/events/domain-events';

/**
 * What the shop tells people, and when: each message is queued in the outbox by the listener of the
 * domain event that causes it, with an `_id` derived from that event (so handling an event twice
 * queues nothing new). Queuing is a database write shared by the orders placed at the same moment, made
 * in the background: the request that published the event is answered without waiting for it (nor for
 * the mail server: sending happens later, in the outbox worker), and a mail that fails never fails the
 * order. A stopping shop queues what it heard before its database closes. With mail off (no SMTP_URL)
 * no mail is queued; with push off (no VAPID keys), or for an account without a subscribed browser, no push.
 */
@Injectable()
export class NotificationListeners implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Notifications');
  private readonly underWay = new WorkUnderWay();

  constructor(
    private readonly outbox: OutboxService,
    private readonly mailer: Mailer,
    private readonly push: PushChannel,
    private readonly users: UsersService,
  ) {}

  @OnDomainEvent(ORDER_PLACED)
  orderPlaced({ order, userId }: OrderPlacedEvent): void {
    this.inBackground(ORDER_PLACED, async () => {
      const snapshot = orderSnapshot(order);
      // The address's email is optional: the seller then reads the account's.
      const shopperEmail = order.address?.email || (this.mailer.enabled ? (await this.users.contactOf(userId))?.email : undefined);
      await this.send(
        [
          email('order-confirmation', snapshot.orderId, shopperRecipient(userId), { order: snapshot }),
          email('seller-new-order', snapshot.orderId, SELLER_RECIPIENT, { order: snapshot, ...(shopperEmail ? { shopperEmail } : {}) }),
        ],
        [{ account: SELLER_RECIPIENT, kind: 'seller-new-order', key: snapshot.orderId, payload: sellerNewOrderPush(snapshot) }],
      );
    });
  }

  @OnDomainEvent(ORDER_PAID)
  orderPaid({ order, userId, paymentType }: OrderPaidEvent): void {
    this.inBackground(ORDER_PAID, async () => {
      // Cash collected on delivery is said by the delivered mail.
      if (paymentType !== 'Online') return;
      const snapshot = orderSnapshot(order);
      await this.send([email('payment-received', snapshot.orderId, shopperRecipient(userId), { order: snapshot })]);
    });
  }

  @OnDomainEvent(ORDER_STATUS_CHANGED)
  statusChanged({ order, userId, to }: OrderStatusChangedEvent): void {
    this.inBackground(ORDER_STATUS_CHANGED, async () => {
      const kind = STATUS_MAIL[to];
      const snapshot = orderSnapshot(order);
      const at = [...(order.statusHistory ?? [])].reverse().find((change) => change.status === to)?.at ?? new Date();
      const payload = orderStatusPush(snapshot, to);
      const mails = kind
        ? [email(kind, snapshot.orderId, shopperRecipient(userId), { order: snapshot, at: new Date(at).toISOString() } as MailKinds[typeof kind])]
        : [];
      const pushes: PushNotice[] = payload ? [{ account: shopperRecipient(userId), kind: 'order-status', key: `${snapshot.orderId}:${to}`, payload }] : [];
      // The shopper cancelled: the seller may be packing it from the new-order mail.
      if (to === 'Cancelled' && snapshot.cancelledBy === 'shopper') {
        mails.push(email('seller-order-cancelled', snapshot.orderId, SELLER_RECIPIENT, { order: snapshot, at: new Date(at).toISOString() }));
        pushes.push({ account: SELLER_RECIPIENT, kind: 'seller-order-cancelled', key: snapshot.orderId, payload: sellerCancelledPush(snapshot) });
      }
      await this.send(mails, pushes);
    });
  }

  @OnDomainEvent(CHAT_MESSAGE)
  chatMessage({ message }: ChatMessageEvent): void {
    this.inBackground(CHAT_MESSAGE, async () => {
      // The seller's replies reach the shopper with the shop closed; the seller reads shoppers' messages in the inbox.
      if (message.from !== 'seller') return;
      await this.send([], [{ account: shopperRecipient(message.userId), kind: 'chat-reply', key: message._id, payload: chatReplyPush(message.text) }]);
    });
  }

  @OnDomainEvent(ORDER_REFUNDED)
  refunded({ order, userId, refundId, refundStatus }: OrderRefundedEvent): void {
    this.inBackground(ORDER_REFUNDED, async () => {
      if (refundStatus === 'failed') return;
      const snapshot = orderSnapshot(order);
      const kind = refundStatus === 'processed' ? 'refund-done' : 'refund-started';
      await this.send([email(kind, snapshot.orderId, shopperRecipient(userId), { order: snapshot, refundId })]);
    });
  }

  @OnDomainEvent(PAYMENT_SOLD_OUT_REFUNDED)
  soldOutRefunded(event: PaymentSoldOutRefundedEvent): void {
    this.inBackground(PAYMENT_SOLD_OUT_REFUNDED, async () => {
      const refund = {
        razorpayOrderId: event.razorpayOrderId,
        razorpayPaymentId: event.razorpayPaymentId,
        amountPaise: event.amountPaise,
        productNames: event.productNames,
        reason: event.reason,
      };
      await this.send([
        email('sold-out-refund', event.razorpayPaymentId, shopperRecipient(event.userId), refund),
        email('seller-sold-out-refund', event.razorpayPaymentId, SELLER_RECIPIENT, refund),
      ]);
    });
  }

  @OnDomainEvent(PASSWORD_RESET_REQUESTED)
  passwordResetRequested({ userId, link, expiresAt, window }: PasswordResetRequestedEvent): void {
    this.inBackground(PASSWORD_RESET_REQUESTED, async () => {
      await this.send([email('password-reset', `${userId}:${window}`, shopperRecipient(userId), { link, expiresAt })]);
    });
  }

  /** Settles once the messages of every event heard so far are queued (or failed). */
  caughtUp(): Promise<void> {
    return this.underWay.settled();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.caughtUp();
  }

  private inBackground(event: string, work: () => Promise<void>): void {
    this.underWay.track(work().catch((error: Error) => this.logger.error(`The messages of ${event} were not queued: ${error?.stack ?? String(error)}`)));
  }

  /** Queues the mails (when mail is on) and a push to every subscribed browser of each notice's account (when push is on). */
  private async send(mails: NewMessage[], pushes: PushNotice[] = []): Promise<void> {
    const messages = [...(this.mailer.enabled ? mails : []), ...(await this.push.messagesFor(pushes))];
    await this.outbox.enqueue(messages);
  }
}

/** A mail of `kind` about `key` (an order id, a payment id): its `_id` is `email:<kind>:<key>`. */
function email<K extends MailKind>(kind: K, key: string, recipient: string, data: MailKinds[K]): NewMessage {
  return { _id: `email:${kind}:${key}`, channel: 'email', kind, recipient, data: data as unknown as Record<string, unknown> };
}

/**
 * The facts a mail tells about an order, as they are now, each line named with its pack size. `deliveryFeePaise`, `deliverBy` and
 * `discountPaise` are read when present (orders stored before them: no fee, the 30-minute promise from the time of ordering, no discount).
 */
export function orderSnapshot(order: OrderRecord): OrderSnapshot {
  // An order handed out may still be a mongoose document underneath: read its plain fields.
  const document = order as OrderRecord & { toObject?(): OrderRecord };
  const plain = (typeof document.toObject === 'function' ? document.toObject() : order) as OrderRecord & {
    deliveryFeePaise?: number;
    deliverBy?: Date;
    deliverySlot?: { date: string; start: string; end: string };
  };
  const placedAt = new Date(plain.createdAt ?? Date.now());
  const deliverBy = plain.deliverBy ? new Date(plain.deliverBy) : new Date(placedAt.getTime() + DELIVERY_PROMISE_MINUTES * 60_000);
  const a = plain.address;
  return {
    orderId: String(plain._id),
    orderNumber: plain.orderNumber ?? String(plain._id),
    status: plain.status,
    placedAt: placedAt.toISOString(),
    deliverBy: deliverBy.toISOString(),
    ...(plain.deliverySlot ? { deliverySlot: slotText(plain.deliverySlot) } : {}),
    items: plain.items.map((item) => ({
      name: nameWithSize(item.name, item.label),
      quantity: item.quantity,
      pricePaise: item.offerPricePaise,
      ...(item.ordered !== undefined && item.ordered !== item.quantity ? { ordered: item.ordered } : {}),
    })),
    subtotalPaise: plain.subtotalPaise,
    ...(plain.discountPaise ? { discountPaise: plain.discountPaise } : {}),
    ...(plain.discountPaise && plain.coupon?.code ? { couponCode: plain.coupon.code } : {}),
    taxPaise: plain.taxPaise,
    ...(plain.taxMode && plain.taxMode !== 'flat' ? { taxMode: plain.taxMode } : {}),
    ...(plain.taxMode === 'gst' ? { taxInsidePaise: plain.taxInsidePaise ?? 0 } : {}),
    deliveryFeePaise: plain.deliveryFeePaise ?? 0,
    amountPaise: plain.amountPaise,
    paymentType: plain.paymentType,
    paymentStatus: plain.paymentStatus,
    ...(plain.payment?.razorpayPaymentId ? { razorpayPaymentId: plain.payment.razorpayPaymentId } : {}),
    ...(plain.cancelledBy ? { cancelledBy: plain.cancelledBy } : {}),
    ...(plain.cancelReason ? { cancelReason: plain.cancelReason } : {}),
    ...(a
      ? {
          address: {
            name: `${a.firstName} ${a.lastName}`.trim(),
            street: [a.house, a.street, a.landmark].filter(Boolean).join(', '),
            city: a.city,
            state: a.state,
            pincode: a.pincode,
            phone: a.phone,
          },
        }
      : {}),
  };
}
