import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { SellerOnly } from '../sessions/seller-only.decorator';
import { CouponsService } from './coupons.service';
import { CouponDto } from './dto/coupon.dto';

@ApiTags('coupons')
@Controller('seller/coupons')
@SellerOnly('coupons')
export class SellerCouponsController {
  constructor(private readonly coupons: CouponsService) {}

  @Get()
  @ApiOperation({ summary: "The shop's coupons with their uses, held uses and the discount given" })
  async list() {
    return { success: true, coupons: await this.coupons.list(), timeZone: this.coupons.timeZone };
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a coupon' })
  async create(@Body() dto: CouponDto) {
    return { success: true, message: 'Coupon created', coupon: await this.coupons.create({ ...dto }) };
  }

  @Patch(':id')
  @ApiOperation({ summary: "Change a coupon's terms (null clears an optional one)" })
  async update(@Param('id') id: string, @Body() dto: CouponDto) {
    return { success: true, message: 'Coupon saved', coupon: await this.coupons.update(id, { ...dto }) };
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a coupon (orders that used it keep their discount)' })
  async remove(@Param('id') id: string) {
    await this.coupons.remove(id);
    return { success: true, message: 'Coupon deleted' };
  }
}
