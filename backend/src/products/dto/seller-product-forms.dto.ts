import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MAX_STOCK, STOCK_COUNT_MESSAGE } from '@greencart/domain';
import { IsBoolean, IsInt, IsMongoId, IsOptional, IsString, Max, Min, ValidateIf } from 'class-validator';
import { INVALID_PRODUCT_DATA } from './product-data.dto';

/** The text fields of the multipart body of POST /api/addproduct (files come under `image`). */
export class AddProductForm {
  @ApiProperty({ description: 'JSON text of { name, description, category, price, offerPrice, weight? }' })
  @IsString({ message: INVALID_PRODUCT_DATA })
  productData: string;
}

/** The text fields of the multipart body of PATCH /api/products/:id (new files come under `image`). */
export class UpdateProductForm {
  @ApiPropertyOptional({ description: 'JSON text of the fields that change (same rules as when adding)' })
  @IsOptional()
  @IsString({ message: INVALID_PRODUCT_DATA })
  productData?: string;

  @ApiPropertyOptional({
    description:
      'JSON text: the final ordered list of 1 to 4 images, each a URL the product already has (kept) or "new:N", the N-th file under `image` (from 0). Left out: the images stay as they are.',
    example: '["/api/images/665f1c2ab0c4f1a2b3c4d5e6","new:0"]',
  })
  @IsOptional()
  @IsString({ message: 'images must be valid JSON' })
  images?: string;
}

const THRESHOLD_MESSAGE = `lowStockThreshold must be a whole number from 0 to ${MAX_STOCK}`;

/**
 * Body of POST /api/changeStock: the spec's `{ id, inStock }` (the seller's toggle), and/or the counted
 * units `{ id, stock }` (null stops counting) and the "running low" threshold.
 */
export class ChangeStockDto {
  @ApiProperty({ example: '665f1c2ab0c4f1a2b3c4d5e6' })
  @IsMongoId({ message: 'Invalid product id' })
  id: string;

  @ApiPropertyOptional({
    example: '665f1c2ab0c4f1a2b3c4d5e7',
    description: 'The pack size to change (its _id); left out: inStock acts on every size, stock on the only one',
  })
  @ValidateIf((o: ChangeStockDto) => o.variant !== undefined)
  @IsMongoId({ message: "variant must be the _id of one of the product's pack sizes" })
  variant?: string;

  @ApiPropertyOptional({ description: "The seller's toggle: false makes the product unavailable whatever its count" })
  @ValidateIf((o: ChangeStockDto) => o.inStock !== undefined)
  @IsBoolean({ message: 'inStock must be true or false' })
  inStock?: boolean;

  @ApiPropertyOptional({ type: 'integer', nullable: true, minimum: 0, maximum: MAX_STOCK, description: 'Units on hand; null stops counting' })
  @ValidateIf((o: ChangeStockDto) => o.stock !== undefined && o.stock !== null)
  @IsInt({ message: STOCK_COUNT_MESSAGE })
  @Min(0, { message: STOCK_COUNT_MESSAGE })
  @Max(MAX_STOCK, { message: STOCK_COUNT_MESSAGE })
  stock?: number | null;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: MAX_STOCK, description: 'The seller sees "running low" at this many units (default 5)' })
  @ValidateIf((o: ChangeStockDto) => o.lowStockThreshold !== undefined)
  @IsInt({ message: THRESHOLD_MESSAGE })
  @Min(0, { message: THRESHOLD_MESSAGE })
  @Max(MAX_STOCK, { message: THRESHOLD_MESSAGE })
  lowStockThreshold?: number;
}
