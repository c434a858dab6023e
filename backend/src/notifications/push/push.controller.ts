import { Body, Controller, Get, Header, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { SubscribePushDto, UnsubscribePushDto } from '../dto/push.dto';
import { PushAccountGuard, type PushAccountRequest } from './push-account.guard';
import { PushChannel } from './push-channel';
import { PushSubscriptionsService } from './push-subscriptions.service';

/** Web push: the shop's public key, and the browsers that asked for order updates (shoppers) or new orders (the seller). */
@ApiTags('push')
@Controller('push')
export class PushController {
  constructor(
    private readonly channel: PushChannel,
    private readonly subscriptions: PushSubscriptionsService,
  ) {}

  @Get('key')
  @Header('Cache-Control', 'no-cache')
  key() {
    return { success: true, publicKey: this.channel.publicKey, ...(this.channel.problem ? { message: this.channel.problem } : {}) };
  }

  @Post('subscribe')
  @UseGuards(PushAccountGuard)
  @ApiUnauthorizedResponse({ description: 'Not signed in' })
  @HttpCode(201)
  async subscribe(@Req() request: PushAccountRequest, @Body() dto: SubscribePushDto) {
    await this.subscriptions.subscribe(request.pushAccount!, dto);
    return { success: true, message: 'Notifications are on for this device' };
  }

  @Post('unsubscribe')
  @UseGuards(PushAccountGuard)
  @ApiUnauthorizedResponse({ description: 'Not signed in' })
  @HttpCode(200)
  async unsubscribe(@Req() request: PushAccountRequest, @Body() dto: UnsubscribePushDto) {
    await this.subscriptions.unsubscribe(request.pushAccount!, dto.endpoint);
    return { success: true, message: 'Notifications are off for this device' };
  }
}
