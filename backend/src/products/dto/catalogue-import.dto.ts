import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsMongoId, IsOptional } from 'class-validator';

/** Query of POST /api/seller/products/import. */
export class ImportQuery {
  @ApiPropertyOptional({ enum: ['true', 'false'], description: 'true: only check the file and say what it would do' })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'dryRun must be true or false' })
  dryRun?: 'true' | 'false';
}

export class ImportIdParams {
  @ApiProperty({ example: '665f1c2ab0c4f1a2b3c4d5e6', description: 'The id POST /api/seller/products/import answered' })
  @IsMongoId({ message: 'Invalid import id' })
  id: string;
}
