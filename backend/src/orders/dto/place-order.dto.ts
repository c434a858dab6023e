import { DeliveryChoiceDto } from '../../delivery/dto/delivery.dto';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsMongoId,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { MAX_LINE_QUANTITY, SUBSTITUTION_CHOICES, type SubstitutionChoice } from '@greencart/domain';

const MAX_QUANTITY_PER_LINE = MAX_LINE_QUANTITY;
export const MAX_LINES_PER_ORDER = 50;

export class OrderLineDto {
  @IsMongoId({ message: 'Each item needs a valid product id' })
  product: string;

  /** The pack size (issue 37); absent: the product's default size. */
  @IsOptional()
  @IsMongoId({ message: "variant must be the id of one of the product's pack sizes" })
  variant?: string;

  @ApiProperty({ minimum: 1, maximum: MAX_QUANTITY_PER_LINE })
  // class-validator runs the lowest decorator first; with stopAtFirstError the type check must come first.
  @Max(MAX_QUANTITY_PER_LINE, { message: `Quantity cannot exceed ${MAX_QUANTITY_PER_LINE}` })
  @Min(1, { message: 'Quantity must be at least 1' })
  @IsInt({ message: 'Quantity must be a whole number' })
  quantity: number;
}

/** Body of POST /api/placeorders (spec section 7). Any client-sent amount is refused by the whitelist. */
export class PlaceOrderDto {
  @IsMongoId({ message: 'Please select an address' })
  address: string;

  @IsArray({ message: 'items must be a list' })
  @ArrayMinSize(1, { message: 'Your cart is empty' })
  @ArrayMaxSize(MAX_LINES_PER_ORDER, { message: `An order can have at most ${MAX_LINES_PER_ORDER} lines` })
  @ValidateNested({ each: true })
  @Type(() => OrderLineDto)
  items: OrderLineDto[];

  /** A coupon code (issue 40); optional for the spec's client. */
  @ApiPropertyOptional({ example: 'FLAT50', description: 'A coupon code, case-insensitive' })
  @IsOptional()
  @IsString({ message: 'coupon must be a coupon code' })
  @MaxLength(40, { message: 'A coupon code is 3 to 20 letters and digits' })
  coupon?: string;

  /** If an item is not available: 'refund' it (the default) or replace it with a 'similar' item (issue 39); optional. */
  @ApiPropertyOptional({ enum: SUBSTITUTION_CHOICES, description: 'If an item is not available (default refund)' })
  @IsOptional()
  @IsIn(SUBSTITUTION_CHOICES, { message: "substitutions must be 'refund' or 'similar'" })
  substitutions?: SubstitutionChoice;

  /** The delivery slot chosen (issue 41); absent: express delivery. */
  @ApiPropertyOptional({ type: () => DeliveryChoiceDto, example: { slot: '2026-11-29T07:00' } })
  @IsOptional()
  @IsObject({ message: 'delivery must be { slot: "<slot id>" }' })
  @ValidateNested()
  @Type(() => DeliveryChoiceDto)
  delivery?: DeliveryChoiceDto;
}
