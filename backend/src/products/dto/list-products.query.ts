import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsBoolean, IsInt, IsMongoId, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export const MAX_PAGE_SIZE = 100;
export const MAX_PAGE = 10_000;
export const MAX_IDS = 100;

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Query of GET /api/products. Every parameter is optional; unknown parameters are refused. */
export class ListProductsQuery {
  @ApiPropertyOptional({
    description:
      'What the shopper typed: words of names, their starts, typos, Hindi/Hinglish and other names ("pyaz", "tamatar", "coke"); answers best first, with correctedQuery when understood otherwise',
    maxLength: 100,
    example: 'chawal',
  })
  @IsOptional()
  @Transform(trimmed)
  @IsString({ message: 'search must be a single text value' })
  @MaxLength(100, { message: 'search must be at most 100 characters' })
  search?: string;

  @ApiPropertyOptional({ description: 'Case-insensitive part of the category key (e.g. "dairy")', maxLength: 50, example: 'vegetables' })
  @IsOptional()
  @Transform(trimmed)
  @IsString({ message: 'category must be a single text value' })
  @MaxLength(50, { message: 'category must be at most 50 characters' })
  category?: string;

  @ApiPropertyOptional({ enum: ['true', 'false'], description: 'Only products in stock (true) or out of stock (false)' })
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'inStock must be true or false' })
  inStock?: boolean;

  @ApiPropertyOptional({ description: `Comma-separated product ids (at most ${MAX_IDS})`, example: '665f1c2ab0c4f1a2b3c4d5e6,665f1c2ab0c4f1a2b3c4d5e7' })
  @IsOptional()
  @Transform(({ value }) =>
    typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string'))
      ? [value]
          .flat()
          .flatMap((part: string) => part.split(','))
          .map((id) => id.trim())
          .filter(Boolean)
      : value,
  )
  @IsArray({ message: 'ids must be a comma-separated list of product ids' })
  @ArrayNotEmpty({ message: 'ids must list at least one product id' })
  @ArrayMaxSize(MAX_IDS, { message: `ids may list at most ${MAX_IDS} product ids` })
  @IsMongoId({ each: true, message: 'ids must contain only valid product ids' })
  ids?: string[];

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(1, { message: 'page must be at least 1' })
  @Max(MAX_PAGE, { message: `page must be at most ${MAX_PAGE}` })
  page: number = 1;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be at least 1' })
  @Max(MAX_PAGE_SIZE, { message: `limit must be at most ${MAX_PAGE_SIZE}` })
  limit: number = 20;
}
