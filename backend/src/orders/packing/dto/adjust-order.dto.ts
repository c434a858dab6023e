import { MAX_LINE_QUANTITY } from '@greencart/domain';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsMongoId, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';

export class PackedLineDto {
  @Min(0, { message: 'line is the index of a line of the order' })
  @IsInt({ message: 'line is the index of a line of the order' })
  line: number;

  @Max(MAX_LINE_QUANTITY, { message: `packed cannot exceed ${MAX_LINE_QUANTITY}` })
  @Min(0, { message: 'packed must be 0 or more' })
  @IsInt({ message: 'packed must be a whole number' })
  packed: number;
}

export class SubstituteDto {
  @Min(0, { message: 'forLine is the index of the line it replaces' })
  @IsInt({ message: 'forLine is the index of the line it replaces' })
  forLine: number;

  @IsMongoId({ message: 'A substitute needs a valid product id' })
  product: string;

  @IsOptional()
  @IsMongoId({ message: "variant must be the id of one of the product's pack sizes" })
  variant?: string;

  @Max(MAX_LINE_QUANTITY, { message: `Quantity cannot exceed ${MAX_LINE_QUANTITY}` })
  @Min(1, { message: 'Quantity must be at least 1' })
  @IsInt({ message: 'Quantity must be a whole number' })
  quantity: number;
}

/** Body of POST /api/seller/orders/:id/adjust: what was packed of each line named (lines not named: all of it), and substitutes. */
export class AdjustOrderDto {
  @IsArray({ message: 'lines must be a list' })
  @ArrayMaxSize(50, { message: 'An order has at most 50 lines' })
  @ValidateNested({ each: true })
  @Type(() => PackedLineDto)
  lines: PackedLineDto[];

  @IsOptional()
  @IsArray({ message: 'substitutes must be a list' })
  @ArrayMaxSize(20, { message: 'At most 20 substitutes' })
  @ValidateNested({ each: true })
  @Type(() => SubstituteDto)
  substitutes?: SubstituteDto[];

  @IsOptional()
  @IsString({ message: 'reason must be text' })
  @MaxLength(200, { message: 'A reason is at most 200 characters' })
  reason?: string;
}
