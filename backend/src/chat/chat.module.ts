import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { OrdersModule } from '../orders/orders.module';
import { UsersModule } from '../users/users.module';
import { ChatRateLimit } from './chat-rate-limit';
import { ChatController } from './chat.controller';
import { ChatGateway } from './chat.gateway';
import { ChatService } from './chat.service';
import { ChatConversations } from './chat-conversations';
import { RememberedMessages } from './chat-format';
import { ChatHistory } from './chat-history';
import { ChatInbox } from './chat-inbox';
import { ChatMessages } from './chat-messages';
import { ChatWriteBehind } from './chat-write-behind';
import {
  ChatMessageRecord,
  ChatMessageSchema,
  ChatPage,
  ChatPageSchema,
  ChatReadMark,
  ChatReadMarkSchema,
  Conversation,
  ConversationSchema,
} from './schemas/chat-message.schema';

/** Chat between shoppers and the shop, and live order pushes, over socket.io; history over HTTP. */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: ChatMessageRecord.name, schema: ChatMessageSchema },
      { name: Conversation.name, schema: ConversationSchema },
      { name: ChatReadMark.name, schema: ChatReadMarkSchema },
      { name: ChatPage.name, schema: ChatPageSchema },
    ]),
    UsersModule,
    OrdersModule,
  ],
  controllers: [ChatController],
  providers: [RememberedMessages, ChatConversations, ChatMessages, ChatHistory, ChatInbox, ChatWriteBehind, ChatService, ChatGateway, ChatRateLimit],
})
export class ChatModule {}
