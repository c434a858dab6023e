import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { LocksModule } from '../common/locks/locks.module';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { EmailChannel } from './mail/email-channel';
import { Mailer } from './mail/mailer';
import { NotificationListeners } from './notification-listeners';
import { PackingListener } from './packing-listener';
import { VerificationListener } from './verification-listener';
import { AccountPreferencesController, SellerNotificationsController } from './notifications.controller';
import { OutboxClaims } from './outbox/outbox-claims';
import { OutboxMarkers } from './outbox/outbox-markers';
import { OutboxOutcomes } from './outbox/outbox-outcomes';
import { OutboxWorker } from './outbox/outbox-worker';
import {
  OutboxClaim,
  OutboxClaimSchema,
  OutboxDue,
  OutboxDueSchema,
  OutboxFailed,
  OutboxFailedSchema,
  OutboxMessage,
  OutboxMessageSchema,
} from './outbox/outbox.schema';
import { OutboxService } from './outbox/outbox.service';
import { PushAccountGuard } from './push/push-account.guard';
import { PushChannel } from './push/push-channel';
import { PushSubscriptionRecord, PushSubscriptionSchema } from './push/push-subscription.schema';
import { PushController } from './push/push.controller';
import { PushSubscriptionsService } from './push/push-subscriptions.service';

/**
 * What the shop tells people when they are not looking: the durable outbox (messages queued by
 * listeners of domain events, sent exactly once by a worker on every instance), mail through SMTP, web
 * push to the browsers that asked for it (VAPID), the
 * shopper's mail preferences and the seller's list of messages that gave up.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: OutboxMessage.name, schema: OutboxMessageSchema },
      { name: OutboxDue.name, schema: OutboxDueSchema },
      { name: OutboxFailed.name, schema: OutboxFailedSchema },
      { name: OutboxClaim.name, schema: OutboxClaimSchema },
      { name: PushSubscriptionRecord.name, schema: PushSubscriptionSchema },
    ]),
    UsersModule,
    SessionsModule,
    LocksModule,
  ],
  controllers: [AccountPreferencesController, SellerNotificationsController, PushController],
  providers: [
    Mailer,
    OutboxMarkers,
    OutboxClaims,
    OutboxOutcomes,
    OutboxWorker,
    OutboxService,
    EmailChannel,
    PushSubscriptionsService,
    PushChannel,
    PushAccountGuard,
    NotificationListeners,
    PackingListener,
    VerificationListener,
  ],
  exports: [Mailer, OutboxWorker],
})
export class NotificationsModule {}
