import { ISSUE_NOTE_MAX } from '@greencart/domain';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

/** Text fields of POST /api/orders/:id/issues (multipart): `lines` is JSON, read by the service. */
export class ReportIssueDto {
  @IsString({ message: 'lines must be a JSON list of { line, quantity, reason }' })
  @MaxLength(8_000, { message: 'lines is too long' })
  lines: string;

  @IsOptional()
  @IsString({ message: 'note must be text' })
  @MaxLength(ISSUE_NOTE_MAX, { message: `A note is at most ${ISSUE_NOTE_MAX} characters` })
  note?: string;
}

/** Body of POST /api/seller/issues/:id/resolve. */
export class ResolveIssueDto {
  @IsIn(['refund', 'decline'], { message: "action must be 'refund' or 'decline'" })
  action: 'refund' | 'decline';

  @IsOptional()
  @Max(10_000_000, { message: 'amountPaise is too large' })
  @Min(1, { message: 'amountPaise must be at least 1' })
  @IsInt({ message: 'amountPaise must be a whole number of paise' })
  amountPaise?: number;

  @IsString({ message: 'A note for the shopper is needed' })
  @MaxLength(ISSUE_NOTE_MAX, { message: `A note is at most ${ISSUE_NOTE_MAX} characters` })
  note: string;
}
