import { Type } from 'class-transformer';
import { IsInt, IsMongoId, IsOptional, Max, Min } from 'class-validator';

export class HistoryQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1)
  @Max(100, { message: 'limit cannot exceed 100' })
  limit = 50;

  /** Messages older than this message id. */
  @IsOptional()
  @IsMongoId({ message: 'before must be a message id' })
  before?: string;
}

export class InboxQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(1, { message: 'page must be at least 1' })
  @Max(10_000)
  page = 1;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1)
  @Max(100, { message: 'limit cannot exceed 100' })
  limit = 20;
}

export class ShopperIdParams {
  @IsMongoId({ message: 'Invalid shopper id' })
  userId: string;
}
