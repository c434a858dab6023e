import { ApiProperty } from '@nestjs/swagger';
import { IsMongoId } from 'class-validator';

export class ProductIdParams {
  @ApiProperty({ example: '665f1c2ab0c4f1a2b3c4d5e6', description: 'Product id (24 hex digits)' })
  @IsMongoId({ message: 'Invalid product id' })
  id: string;
}
