import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { SellerOnly } from '../sessions/seller-only.decorator';
import { DeliveryService } from './delivery.service';
import { DeliveryCheckQuery, DeliverySettingsDto } from './dto/delivery.dto';

@ApiTags('delivery')
@Controller()
export class DeliveryController {
  constructor(private readonly delivery: DeliveryService) {}

  @Get('delivery')
  @ApiOperation({ summary: 'Whether, when and for how much the shop delivers to a pincode now' })
  check(@Query() { pincode }: DeliveryCheckQuery) {
    return this.delivery.check(pincode);
  }

  @Get('seller/delivery')
  @SellerOnly('delivery')
  @ApiOperation({ summary: "The seller's delivery areas, free-delivery threshold, minimum order and opening hours" })
  async settings() {
    return { success: true, ...(await this.delivery.settings()) };
  }

  @Put('seller/delivery')
  @SellerOnly('delivery')
  @ApiOperation({ summary: 'Replace the delivery settings (an empty list of areas serves every pincode, free)' })
  async save(@Body() dto: DeliverySettingsDto) {
    return { success: true, message: 'Delivery settings saved', ...(await this.delivery.save(dto)) };
  }
}
