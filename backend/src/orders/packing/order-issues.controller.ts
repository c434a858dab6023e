import { ROLE_LABELS, roleMay } from '@greencart/domain';
import { Body, Controller, ForbiddenException, Get, HttpCode, Param, Post, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { UploadedFile } from '../../common/http/multipart-upload';
import { ActivityLog } from '../../sessions/activity/activity-log';
import { CurrentSeller } from '../../sessions/current-seller.decorator';
import { CurrentUser } from '../../sessions/current-user.decorator';
import type { SellerSession } from '../../sessions/session.service';
import { SellerOnly } from '../../sessions/seller-only.decorator';
import { ShopperOnly } from '../../sessions/shopper-only.decorator';
import type { UserData } from '../../users/users.service';
import { ReportIssueDto, ResolveIssueDto } from './dto/issue.dto';
import { IssuePhotoInterceptor, PHOTO_FIELD } from './issue-photo.interceptor';
import { OrderIssues } from './order-issues.service';

@ApiTags('order issues')
@Controller()
export class OrderIssuesController {
  constructor(
    private readonly issues: OrderIssues,
    private readonly activity: ActivityLog,
  ) {}

  /** "Something was wrong with my order": multipart `lines` (JSON), optional `note` and one `photo`, within 24 h of delivery. */
  @Post('orders/:id/issues')
  @ShopperOnly()
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(IssuePhotoInterceptor)
  async report(
    @CurrentUser() user: UserData,
    @Param('id') id: string,
    @Body() dto: ReportIssueDto,
    @UploadedFiles() files: Record<string, UploadedFile[] | undefined> | undefined,
  ) {
    const order = await this.issues.report(user._id, id, dto, files?.[PHOTO_FIELD]?.[0]?.buffer);
    return { success: true, message: 'Thank you: the shop will look at it', order };
  }

  @Get('seller/issues')
  @SellerOnly('issues')
  async open() {
    return { success: true, issues: await this.issues.open() };
  }

  @Post('seller/issues/:id/resolve')
  @SellerOnly('issues')
  @HttpCode(200)
  async resolve(@CurrentSeller() seller: SellerSession, @Param('id') id: string, @Body() dto: ResolveIssueDto) {
    // A refund needs the refunds permission, whichever route asks for it.
    if (dto.action === 'refund' && !roleMay(seller.account, 'refunds'))
      throw new ForbiddenException(`Your role (${ROLE_LABELS[seller.account]}) cannot refund; ask a manager or the shop owner`);
    const order = await this.issues.resolve(id, dto);
    const answer =
      dto.action === 'refund'
        ? { report: 'refunded', refundPaise: order.issue?.amountPaise ?? 0, way: order.issue?.refund ? 'online' : 'cash', note: dto.note.trim() }
        : { report: 'declined', note: dto.note.trim() };
    await this.activity.record(seller, 'order.refund', reportSubject(order.orderNumber, id), { report: 'open' }, answer);
    return { success: true, message: dto.action === 'refund' ? 'Refund on its way' : 'Report declined', order };
  }

  /** A COD report's refund was paid in cash. */
  @Post('seller/issues/:id/settle')
  @SellerOnly('issues')
  @HttpCode(200)
  async settle(@CurrentSeller() seller: SellerSession, @Param('id') id: string) {
    const { order, settledNow } = await this.issues.settle(id);
    if (settledNow)
      await this.activity.record(seller, 'order.refund', reportSubject(order.orderNumber, id), undefined, { paidInCashPaise: order.issue?.cashOwedPaise ?? 0 });
    return { success: true, message: 'Marked as paid in cash', order };
  }
}

function reportSubject(orderNumber: string | undefined, id: string) {
  return { name: `Order ${orderNumber ?? id} (problem report)`, id };
}
