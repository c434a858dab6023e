import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../sessions/current-user.decorator';
import { SellerOnly } from '../sessions/seller-only.decorator';
import { ShopperOnly } from '../sessions/shopper-only.decorator';
import type { UserData } from '../users/users.service';
import { ChatService } from './chat.service';
import { HistoryQuery, InboxQuery, ShopperIdParams } from './dto/chat-queries.dto';

/** Chat history over HTTP; live messages go through the socket gateway (chat.gateway.ts). */
@ApiTags('chat')
@Controller()
export class ChatController {
  constructor(private readonly chat: ChatService) {}

  /** The shopper's own conversation with the shop, newest page first (messages oldest first within it). */
  @Get('chat/messages')
  @ShopperOnly()
  async mine(@CurrentUser() user: UserData, @Query() query: HistoryQuery) {
    const [page, unread] = await Promise.all([this.chat.history(user._id, query.limit, query.before), this.chat.unreadFor(user._id, 'user')]);
    return { success: true, ...page, unread };
  }

  @Get('chat/unread')
  @ShopperOnly()
  async myUnread(@CurrentUser() user: UserData) {
    return { success: true, unread: await this.chat.unreadFor(user._id, 'user') };
  }

  @Post('chat/read')
  @ShopperOnly()
  @HttpCode(200)
  async markMineRead(@CurrentUser() user: UserData) {
    await this.chat.markRead(user._id, 'user');
    return { success: true };
  }

  /** The seller's inbox: one row per shopper, newest first, with unread counts. */
  @Get('seller/chats')
  @SellerOnly('chat')
  async inbox(@Query() query: InboxQuery) {
    const [{ rows, total }, unread] = await Promise.all([this.chat.inbox(query.page, query.limit), this.chat.unreadForSeller()]);
    return { success: true, conversations: rows, unread, page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) };
  }

  @Get('seller/chats/unread')
  @SellerOnly('chat')
  async sellerUnread() {
    return { success: true, unread: await this.chat.unreadForSeller() };
  }

  @Get('seller/chats/:userId/messages')
  @SellerOnly('chat')
  async conversation(@Param() params: ShopperIdParams, @Query() query: HistoryQuery) {
    const conversation = await this.chat.conversationOf(params.userId);
    const page = await this.chat.history(params.userId, query.limit, query.before);
    return { success: true, shopper: { userId: params.userId, name: conversation.name, email: conversation.email }, ...page };
  }

  @Post('seller/chats/:userId/read')
  @SellerOnly('chat')
  @HttpCode(200)
  async markRead(@Param() params: ShopperIdParams) {
    await this.chat.conversationOf(params.userId);
    await this.chat.markRead(params.userId, 'seller');
    return { success: true };
  }
}
