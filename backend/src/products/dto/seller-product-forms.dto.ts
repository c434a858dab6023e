import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsMongoId, IsOptional, IsString } from 'class-validator';
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

/** Body of POST /api/changeStock. */
export class ChangeStockDto {
  @ApiProperty({ example: '665f1c2ab0c4f1a2b3c4d5e6' })
  @IsMongoId({ message: 'Invalid product id' })
  id: string;

  @ApiProperty()
  @IsBoolean({ message: 'inStock must be true or false' })
  inStock: boolean;
}
