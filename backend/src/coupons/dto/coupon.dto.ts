import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';

/**
 * Body of POST /api/seller/coupons and PATCH /api/seller/coupons/:id. Kept as sent here and read by the
 * domain's readCouponInput, which says what is wrong with which field (the seller's form uses it too).
 */
export class CouponDto {
  @ApiPropertyOptional({ example: 'FLAT50', description: '3–20 letters and digits, case-insensitive, unique' }) @Allow() code?: unknown;
  @ApiPropertyOptional({ enum: ['percent', 'flat'] }) @Allow() kind?: unknown;
  @ApiPropertyOptional({ example: 50, description: 'Percent 1–90, or rupees' }) @Allow() value?: unknown;
  @ApiPropertyOptional({ example: 100, nullable: true, description: 'Rupees; percent coupons only' }) @Allow() maxDiscount?: unknown;
  @ApiPropertyOptional({ example: 499, nullable: true, description: 'Rupees of items before the discount' }) @Allow() minSubtotal?: unknown;
  @ApiPropertyOptional({ example: '2026-12-01', nullable: true, description: 'A day in SHOP_TIMEZONE (from 00:00) or an ISO time' })
  @Allow()
  startsAt?: unknown;
  @ApiPropertyOptional({ example: '2026-12-31', nullable: true, description: 'A day in SHOP_TIMEZONE (through 23:59:59) or an ISO time' })
  @Allow()
  endsAt?: unknown;
  @ApiPropertyOptional() @Allow() firstOrderOnly?: unknown;
  @ApiPropertyOptional({ example: 1 }) @Allow() perShopperLimit?: unknown;
  @ApiPropertyOptional({ example: 100, nullable: true }) @Allow() totalLimit?: unknown;
  @ApiPropertyOptional({ description: 'Shown to shoppers under "Offers for you"' }) @Allow() public?: unknown;
  @ApiPropertyOptional() @Allow() active?: unknown;
}
