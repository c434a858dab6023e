import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsMongoId, IsOptional, Max, Min, ValidateNested } from 'class-validator';
import { MAX_LINE_QUANTITY } from '@greencart/domain';
import { OrderChoicesDto } from './order-choices.dto';

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
export class PlaceOrderDto extends OrderChoicesDto {
  @IsMongoId({ message: 'Please select an address' })
  address: string;

  @IsArray({ message: 'items must be a list' })
  @ArrayMinSize(1, { message: 'Your cart is empty' })
  @ArrayMaxSize(MAX_LINES_PER_ORDER, { message: `An order can have at most ${MAX_LINES_PER_ORDER} lines` })
  @ValidateNested({ each: true })
  @Type(() => OrderLineDto)
  items: OrderLineDto[];
}
