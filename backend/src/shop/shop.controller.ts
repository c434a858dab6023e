import { Body, Controller, Get, Header, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ActivityLog } from '../sessions/activity/activity-log';
import { CurrentSeller } from '../sessions/current-seller.decorator';
import type { SellerSession } from '../sessions/session.service';
import { SellerOnly } from '../sessions/seller-only.decorator';
import { ShopDetailsDto } from './dto/shop-details.dto';
import { ShopService, shopDetailsView, shopTaxView } from './shop.service';

@ApiTags('seller')
@Controller()
export class ShopController {
  constructor(
    private readonly shop: ShopService,
    private readonly activity: ActivityLog,
  ) {}

  @Get('shop')
  @ApiOperation({
    summary: "What every shopper's screen needs of the shop's settings: its tax mode (how prices and bills read) and the delivery fee's GST rate",
  })
  async publicShop() {
    return { success: true, shop: shopTaxView(await this.shop.tax()) };
  }

  @Get('seller/shop')
  @SellerOnly()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: "The shop's legal name, GSTIN, address and state (the environment's SHOP_* defaults until saved), and how it is taxed" })
  async details() {
    return { success: true, shop: shopDetailsView(await this.shop.details()) };
  }

  @Put('seller/shop')
  @SellerOnly()
  @ApiOperation({ summary: "Save the shop's legal details; invoices issued from then on print them" })
  async save(@CurrentSeller() seller: SellerSession, @Body() dto: ShopDetailsDto) {
    const before = shopDetailsView(await this.shop.details());
    const after = shopDetailsView(await this.shop.save(dto));
    await this.activity.record(seller, 'shop.changed', { name: 'Shop details' }, { ...before }, { ...after });
    return { success: true, message: 'Shop details saved', shop: after };
  }
}
