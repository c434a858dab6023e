import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { IsString, Matches } from 'class-validator';
import { DeliverySlotsService } from '../../delivery/slots/delivery-slots.service';
import { SellerOnly } from '../../sessions/seller-only.decorator';
import { SlotOrders } from './slot-orders.service';

/** A slot in a path: its day and start. */
export class SlotParams {
  @IsString()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'date must be a day written YYYY-MM-DD' })
  date: string;

  @IsString()
  @Matches(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'start must be a time written HH:MM' })
  start: string;
}

/** The packer's view (issue 41): the slots with their orders, and each slot's pick list. */
@ApiTags('delivery slots')
@Controller('seller/slots')
export class SellerSlotsController {
  constructor(
    private readonly slots: DeliverySlotsService,
    private readonly orders: SlotOrders,
  ) {}

  @Get()
  @SellerOnly('picklists')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'The slots of the days shoppers can choose, with how many orders each has' })
  async list() {
    return { success: true, slots: await this.slots.upcoming() };
  }

  @Get(':date/:start/orders')
  @SellerOnly('picklists')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: "A slot's orders (not cancelled), oldest first" })
  async ordersIn(@Param() { date, start }: SlotParams) {
    const orders = await this.orders.ordersIn(date, start);
    return { success: true, orderdata: orders, total: orders.length };
  }

  @Get(':date/:start/picklist')
  @SellerOnly('picklists')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: "A slot's pick list: every product and pack size with its total quantity, in aisle order" })
  pickList(@Param() { date, start }: SlotParams) {
    return this.orders.pickList(date, start);
  }

  @Get(':date/:start/picklist.csv')
  @SellerOnly('picklists')
  @ApiOperation({ summary: "A slot's pick list as CSV" })
  async pickListCsv(@Param() { date, start }: SlotParams, @Res() res: Response) {
    const { filename, body } = await this.orders.pickListCsv(date, start);
    res.status(200);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
    res.setHeader('Cache-Control', 'no-store');
    res.send(body);
  }
}
