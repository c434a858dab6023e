import { STATS_MAX_DAYS } from '@greencart/domain';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

/** `from` and `to` (YYYY-MM-DD, both included, in the shop's time zone), or `days` ending today. Checked further by StatsService.range. */
export class StatsRangeQuery {
  @IsOptional()
  @IsString({ message: 'from must be a date written YYYY-MM-DD' })
  @MaxLength(10, { message: 'from must be a date written YYYY-MM-DD' })
  from?: string;

  @IsOptional()
  @IsString({ message: 'to must be a date written YYYY-MM-DD' })
  @MaxLength(10, { message: 'to must be a date written YYYY-MM-DD' })
  to?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'days must be a whole number' })
  @Min(1, { message: 'days must be at least 1' })
  @Max(STATS_MAX_DAYS, { message: `days must be at most ${STATS_MAX_DAYS}` })
  days?: number;
}
