import { STATS_MAX_DAYS } from '@greencart/domain';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';

/** The days a range may name: the shop's dates, far from where date arithmetic breaks (year 10000). */
export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2100-12-31';
const DAY_IN_RANGE = /^(20\d\d|2100)-\d{2}-\d{2}$/;
const dayMessage = (name: string) => `${name} must be a date written YYYY-MM-DD between ${FIRST_DAY} and ${LAST_DAY}`;

/** `from` and `to` (YYYY-MM-DD, both included, in the shop's time zone), or `days` ending today. Checked further by StatsService.range. */
export class StatsRangeQuery {
  @IsOptional()
  @IsString({ message: dayMessage('from') })
  @MaxLength(10, { message: dayMessage('from') })
  @Matches(DAY_IN_RANGE, { message: dayMessage('from') })
  from?: string;

  @IsOptional()
  @IsString({ message: dayMessage('to') })
  @MaxLength(10, { message: dayMessage('to') })
  @Matches(DAY_IN_RANGE, { message: dayMessage('to') })
  to?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'days must be a whole number' })
  @Min(1, { message: 'days must be at least 1' })
  @Max(STATS_MAX_DAYS, { message: `days must be at most ${STATS_MAX_DAYS}` })
  days?: number;
}
