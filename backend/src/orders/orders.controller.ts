import { BadRequestException, Body, Controller, Get, Headers, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '../sessions/current-user.decorator';
import { SellerOnly } from '../sessions/seller-only.decorator';
import { ShopperOnly } from '../sessions/shopper-only.decorator';
import type { UserData } from '../users/users.service';
import { ChangeStatusDto, OrdersPageQuery } from './dto/order-queries.dto';
import { PlaceOrderDto } from './dto/place-order.dto';
import { OrdersService } from './orders.service';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

@ApiTags('orders')
@Controller()
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

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
    const { order, created } = await this.orders.place(user._id, dto, key, 'COD');
    res.status(created ? 201 : 200);
    return { success: true, message: 'Order placed', order };
  }

  @Get('getorder/user')
  @ShopperOnly()
  async mine(@CurrentUser() user: UserData, @Query() query: OrdersPageQuery) {
    const { orders, total } = query.search
      ? await this.orders.findByNumber(query.search, user._id)
      : await this.orders.listForShopper(user._id, query.page, query.limit);
    return { success: true, orderdata: orders, ...pageInfo(query, total) };
  }

  @Get('getorder/admin/seller')
  @SellerOnly()
  async all(@Query() query: OrdersPageQuery) {
    const { orders, total } = query.search
      ? await this.orders.findByNumber(query.search)
      : await this.orders.listForSeller(query.page, query.limit, query.status);
    return { success: true, orderdata: orders, ...pageInfo(query, total) };
  }

  /** The shopper cancels their own order while it is still 'Order Placed' (409 after that). */
  @Post('orders/:id/cancel')
  @ShopperOnly()
  @HttpCode(200)
  async cancel(@CurrentUser() user: UserData, @Param('id') id: string) {
    const order = await this.orders.cancelByShopper(user._id, id);
    return { success: true, message: 'Order cancelled', order };
  }

  @Patch('orders/:id/status')
  @SellerOnly()
  @HttpCode(200)
  async changeStatus(@Param('id') id: string, @Body() dto: ChangeStatusDto) {
    const order = await this.orders.changeStatus(id, dto.status);
    return { success: true, message: `Order is now '${order.status}'`, order };
  }
}

function pageInfo(query: OrdersPageQuery, total: number) {
  return { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) };
}
