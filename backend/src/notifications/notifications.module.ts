import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { LocksModule } from '../common/locks/locks.module';
import { UsersModule } from '../users/users.module';
import { EmailChannel } from './mail/email-channel';
import { Mailer } from './mail/mailer';
import { NotificationListeners } from './notification-listeners';
import { AccountPreferencesController, SellerNotificationsController } from './notifications.controller';
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

/**
 * What the shop tells people when they are not looking: the durable outbox (messages queued by
 * listeners of domain events, sent exactly once by a worker on every instance), mail through SMTP, the
 * shopper's mail preferences and the seller's list of messages that gave up.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: OutboxMessage.name, schema: OutboxMessageSchema },
      { name: OutboxDue.name, schema: OutboxDueSchema },
      { name: OutboxFailed.name, schema: OutboxFailedSchema },
      { name: OutboxClaim.name, schema: OutboxClaimSchema },
    ]),
    UsersModule,
    LocksModule,
  ],
  controllers: [AccountPreferencesController, SellerNotificationsController],
  providers: [Mailer, OutboxWorker, OutboxService, EmailChannel, NotificationListeners],
  exports: [Mailer, OutboxWorker],
})
export class NotificationsModule {}
