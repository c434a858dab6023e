import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { SellerOnly } from '../sessions/seller-only.decorator';
import { DeliveryService } from './delivery.service';
import { DeliverySlotsService } from './slots/delivery-slots.service';
import { DeliveryCheckQuery, DeliverySettingsDto } from './dto/delivery.dto';

@ApiTags('delivery')
@Controller()
export class DeliveryController {
  constructor(
    private readonly delivery: DeliveryService,
    private readonly slots: DeliverySlotsService,
  ) {}

  @Get('delivery/slots')
  @ApiOperation({ summary: "Express delivery now (or why not) and the next days' slots with the places left, for a pincode" })
  slotsFor(@Query() { pincode }: DeliveryCheckQuery) {
    return this.slots.slotsFor(pincode);
  }

  @Get('delivery')
  @ApiOperation({ summary: 'Whether, when and for how much the shop delivers to a pincode now' })
  check(@Query() { pincode }: DeliveryCheckQuery) {
    return this.delivery.check(pincode);
  }

  @Get('seller/delivery')
  @SellerOnly()
  @ApiOperation({ summary: "The seller's delivery areas, free-delivery threshold, minimum order, opening hours and delivery slots" })
  async settings() {
    return { success: true, ...(await this.delivery.settings()) };
  }

  @Put('seller/delivery')
  @SellerOnly()
  @ApiOperation({ summary: 'Replace the delivery settings (an empty list of areas serves every pincode, free)' })
  async save(@Body() dto: DeliverySettingsDto) {
    return { success: true, message: 'Delivery settings saved', ...(await this.delivery.save(dto)) };
  }
}
