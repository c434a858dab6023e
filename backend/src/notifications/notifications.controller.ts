import { BadRequestException, Body, Controller, Get, Header, HttpCode, NotFoundException, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../sessions/current-user.decorator';
import { SellerOnly } from '../sessions/seller-only.decorator';
import { ShopperOnly } from '../sessions/shopper-only.decorator';
import { UsersService, type UserData } from '../users/users.service';
import { ResendDto, UpdatePreferencesDto } from './dto/notifications.dto';
import { Mailer } from './mail/mailer';
import { OutboxWorker } from './outbox/outbox-worker';
import { OutboxService } from './outbox/outbox.service';

/** The shopper's choices about mails from the shop. */
@ApiTags('account')
@Controller('account/preferences')
export class AccountPreferencesController {
  constructor(
    private readonly users: UsersService,
    private readonly mailer: Mailer,
  ) {}

  @Get()
  @ShopperOnly()
  @Header('Cache-Control', 'no-store')
  async get(@CurrentUser() user: UserData) {
    return { success: true, preferences: await this.own(user._id), mail: this.mailState() };
  }

  @Patch()
  @ShopperOnly()
  async update(@CurrentUser() user: UserData, @Body() dto: UpdatePreferencesDto) {
    if (dto.orderProgressEmails === undefined) throw new BadRequestException('Nothing to change: send orderProgressEmails');
    const preferences = await this.users.setPreferences(user._id, dto);
    if (!preferences) throw new NotFoundException('Account not found');
    return {
      success: true,
      preferences,
      mail: this.mailState(),
      message: preferences.orderProgressEmails ? 'Order progress emails are on' : 'Order progress emails are off; receipts and refunds still come',
    };
  }

  private async own(userId: string) {
    const preferences = await this.users.preferences(userId);
    if (!preferences) throw new NotFoundException('Account not found');
    return preferences;
  }

  private mailState() {
    return this.mailer.problem ? { enabled: false as const, reason: this.mailer.problem } : { enabled: true as const };
  }
}

/** The seller's view of the outbox: messages that gave up, and sending them again. */
@ApiTags('seller')
@Controller('seller/notifications')
export class SellerNotificationsController {
  constructor(
    private readonly outbox: OutboxService,
    private readonly worker: OutboxWorker,
    private readonly mailer: Mailer,
  ) {}

  @Get()
  @SellerOnly()
  @Header('Cache-Control', 'no-store')
  async list() {
    const failed = await this.outbox.failedMessages();
    return {
      success: true,
      mail: this.mailer.problem ? { enabled: false, reason: this.mailer.problem } : { enabled: true, from: this.mailer.from },
      outbox: this.worker.status(),
      failed,
    };
  }

  @Post('resend')
  @SellerOnly()
  @HttpCode(200)
  async resend(@Body() dto: ResendDto) {
    await this.outbox.resend(dto.id);
    return { success: true, message: 'Queued to be sent again' };
  }

  @Post('resend-all')
  @SellerOnly()
  @HttpCode(200)
  async resendAll() {
    const count = await this.outbox.resendAll();
    return { success: true, count, message: count === 1 ? '1 message queued to be sent again' : `${count} messages queued to be sent again` };
  }
}
