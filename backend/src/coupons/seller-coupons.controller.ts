import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ActivityLog } from '../sessions/activity/activity-log';
import { CurrentSeller } from '../sessions/current-seller.decorator';
import { SellerOnly } from '../sessions/seller-only.decorator';
import type { SellerSession } from '../sessions/session.service';
import { CouponsService } from './coupons.service';
import { CouponDto } from './dto/coupon.dto';

@ApiTags('coupons')
@Controller('seller/coupons')
@SellerOnly('coupons')
export class SellerCouponsController {
  constructor(
    private readonly coupons: CouponsService,
    private readonly activity: ActivityLog,
  ) {}

  /** The coupon as it stands, for the log's "before" (undefined when there is none). */
  private async current(id: string): Promise<Record<string, unknown> | undefined> {
    const found = (await this.coupons.list()).find((c) => String((c as { _id?: unknown })._id) === id);
    return found ? (JSON.parse(JSON.stringify(found)) as Record<string, unknown>) : undefined;
  }

  @Get()
  @ApiOperation({ summary: "The shop's coupons with their uses, held uses and the discount given" })
  async list() {
    return { success: true, coupons: await this.coupons.list(), timeZone: this.coupons.timeZone };
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a coupon' })
  async create(@CurrentSeller() seller: SellerSession, @Body() dto: CouponDto) {
    const coupon = await this.coupons.create({ ...dto });
    await this.activity.record(seller, 'coupon.created', { name: `Coupon ${dto.code}` }, undefined, { ...dto });
    return { success: true, message: 'Coupon created', coupon };
  }

  @Patch(':id')
  @ApiOperation({ summary: "Change a coupon's terms (null clears an optional one)" })
  async update(@CurrentSeller() seller: SellerSession, @Param('id') id: string, @Body() dto: CouponDto) {
    const before = await this.current(id);
    const coupon = await this.coupons.update(id, { ...dto });
    const after = JSON.parse(JSON.stringify(coupon)) as Record<string, unknown>;
    await this.activity.record(seller, 'coupon.edited', { name: `Coupon ${String(after.code ?? id)}`, id }, before ?? {}, after);
    return { success: true, message: 'Coupon saved', coupon };
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a coupon (orders that used it keep their discount)' })
  async remove(@CurrentSeller() seller: SellerSession, @Param('id') id: string) {
    const before = await this.current(id);
    await this.coupons.remove(id);
    await this.activity.record(seller, 'coupon.deleted', { name: `Coupon ${String(before?.code ?? id)}`, id }, before, undefined);
    return { success: true, message: 'Coupon deleted' };
  }
}
