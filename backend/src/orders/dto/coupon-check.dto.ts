import { Type } from 'class-transformer';
import { IsArray, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { OrderLineDto } from './place-order.dto';

/** Body of POST /api/coupons/check. */
export class CouponCheckDto {
  @IsString({ message: 'Enter a coupon code' })
  @MaxLength(40, { message: 'A coupon code is 3 to 20 letters and digits' })
  code: string;

  /** The cart's lines; absent: the shopper's saved cart. */
  @IsOptional()
  @IsArray({ message: 'items must be a list' })
  @ValidateNested({ each: true })
  @Type(() => OrderLineDto)
  items?: OrderLineDto[];
}
