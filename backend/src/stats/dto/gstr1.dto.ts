import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

export const GSTR1_MONTH = /^(20\d\d|2100)-(0[1-9]|1[0-2])$/;
export const GSTR1_MONTH_MESSAGE = 'month must be a month written YYYY-MM, e.g. 2026-11';

/** `GET /api/seller/gst/gstr1?month=YYYY-MM[&format=json|csv]` (issue 54). */
export class Gstr1Query {
  @IsString({ message: GSTR1_MONTH_MESSAGE })
  @MaxLength(7, { message: GSTR1_MONTH_MESSAGE })
  @Matches(GSTR1_MONTH, { message: GSTR1_MONTH_MESSAGE })
  month!: string;

  @IsOptional()
  @IsIn(['json', 'csv'], { message: 'format must be json or csv' })
  format?: 'json' | 'csv';
}
