import { Body, Controller, Get, Header, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { SellerOnly } from '../sessions/seller-only.decorator';
import { ShopDetailsDto } from './dto/shop-details.dto';
import { ShopService, shopDetailsView } from './shop.service';

@ApiTags('seller')
@Controller('seller/shop')
export class ShopController {
  constructor(private readonly shop: ShopService) {}

  @Get()
  @SellerOnly()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: "The shop's legal name, GSTIN, address and state (the environment's SHOP_* defaults until saved)" })
  async details() {
    return { success: true, shop: shopDetailsView(await this.shop.details()) };
  }

  @Put()
  @SellerOnly()
  @ApiOperation({ summary: "Save the shop's legal details; invoices issued from then on print them" })
  async save(@Body() dto: ShopDetailsDto) {
    return { success: true, message: 'Shop details saved', shop: shopDetailsView(await this.shop.save(dto)) };
  }
}
