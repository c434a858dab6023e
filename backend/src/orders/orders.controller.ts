import { firstNameOf, ROLE_LABELS, roleMay } from '@greencart/domain';
import { BadRequestException, Body, ForbiddenException, Controller, Get, Headers, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { sendPrepared } from '../common/http/prepared-body';
import { ActivityLog } from '../sessions/activity/activity-log';
import { CurrentSeller } from '../sessions/current-seller.decorator';
import { CurrentUser } from '../sessions/current-user.decorator';
import type { SellerSession } from '../sessions/session.service';
import { SellerOnly } from '../sessions/seller-only.decorator';
import { ShopperOnly } from '../sessions/shopper-only.decorator';
import type { UserData } from '../users/users.service';
import { CancelOrderDto, ChangeStatusDto, OrdersPageQuery } from './dto/order-queries.dto';
import { PlaceOrderDto } from './dto/place-order.dto';
import { OrderPlacing } from './order-placing.service';
import { OrderStatusChanges } from './order-status.service';
import { ordersAnswer, OrdersService } from './orders.service';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

@ApiTags('orders')
@Controller()
export class OrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly placing: OrderPlacing,
    private readonly changes: OrderStatusChanges,
    private readonly activity: ActivityLog,
  ) {}

  /**
   * Cash on delivery. 201 for a new order, 200 when the same checkout attempt is submitted again:
   * the same Idempotency-Key, or without one the same order from the same shopper within 10 seconds.
   */
  @Post('placeorders')
  @ShopperOnly()
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'Recommended: one value per checkout attempt (e.g. a UUID)' })
  async placeCod(
    @CurrentUser() user: UserData,
    @Body() dto: PlaceOrderDto,
    @Headers('idempotency-key') key: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) throw new BadRequestException('Idempotency-Key must be 8–100 letters, digits, - or _');
    const { order, created } = await this.placing.place(user._id, dto, key, 'COD');
    res.status(created ? 201 : 200);
    return { success: true, message: 'Order placed', order };
  }

  /** The shopper's orders, newest first; a page unchanged since it was last asked for is 304 (ETag) or the same prepared bytes. */
  @Get('getorder/user')
  @ShopperOnly()
  async mine(@CurrentUser() user: UserData, @Query() query: OrdersPageQuery, @Req() req: Request, @Res() res: Response) {
    if (query.search) {
      const { orders, total } = await this.orders.findByNumber(query.search, user._id);
      return void res.json(ordersAnswer(orders, total, query));
    }
    sendPrepared(req, res, await this.orders.shopperPage(user._id, query.page, query.limit), { personal: true });
  }

  @Get('getorder/admin/seller')
  @SellerOnly('orders')
  async all(@Query() query: OrdersPageQuery, @Req() req: Request, @Res() res: Response) {
    if (query.search || query.status) {
      const { orders, total } = query.search
        ? await this.orders.findByNumber(query.search)
        : await this.orders.listByStatus(query.status!, query.page, query.limit);
      return void res.json(ordersAnswer(orders, total, query));
    }
    sendPrepared(req, res, await this.orders.sellerPage(query.page, query.limit), { personal: true });
  }

  /** The shopper cancels their own order while it is still 'Order Placed' (409 after that). */
  @Post('orders/:id/cancel')
  @ShopperOnly()
  @HttpCode(200)
  async cancel(@CurrentUser() user: UserData, @Param('id') id: string, @Body() body: CancelOrderDto) {
    const order = await this.changes.cancelByShopper(user._id, id, body?.reason);
    return { success: true, message: 'Order cancelled', order };
  }

  @Patch('orders/:id/status')
  @SellerOnly('orders')
  @HttpCode(200)
  async changeStatus(@CurrentSeller() seller: SellerSession, @Param('id') id: string, @Body() dto: ChangeStatusDto) {
    // Cancelling refunds a paid order: a manager's or the owner's decision, not a packer's.
    if (dto.status === 'Cancelled' && !roleMay(seller.account, 'refunds'))
      throw new ForbiddenException(`Your role (${ROLE_LABELS[seller.account]}) cannot cancel orders; ask a manager or the shop owner`);
    const actor = seller.account === 'owner' ? undefined : firstNameOf(seller.name);
    const order = await this.changes.changeStatus(id, dto.status, { by: 'shop', reason: dto.reason, actor });
    await this.activity.record(
      seller,
      'order.status',
      { name: `Order ${order.orderNumber ?? id}`, id },
      { status: order.statusHistory.at(-2)?.status ?? null },
      { status: order.status },
    );
    return { success: true, message: `Order is now '${order.status}'`, order };
  }
}
