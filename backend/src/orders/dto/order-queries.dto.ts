import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MAX_CANCEL_REASON_LENGTH, ORDER_STATUSES, type OrderStatus } from '@greencart/domain';

export class OrdersPageQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(1, { message: 'page must be at least 1' })
  @Max(10_000, { message: 'page must be at most 10000' })
  page = 1;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1)
  @Max(100, { message: 'limit cannot exceed 100' })
  limit = 20;

  @IsOptional()
  @IsIn(ORDER_STATUSES, { message: `status must be one of: ${ORDER_STATUSES.join(', ')}` })
  status?: OrderStatus;

  /** An order number: "GC-10427", "gc10427" or "10427". */
  @IsOptional()
  @IsString({ message: 'search must be text' })
  @MaxLength(30, { message: 'search must be at most 30 characters' })
  search?: string;
}

/** `POST /api/orders/:id/cancel`: the shopper's reason, optional (the spec's clients send no body). Blank counts as none. */
export class CancelOrderDto {
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || undefined : value))
  @IsString({ message: 'reason must be text' })
  @MaxLength(MAX_CANCEL_REASON_LENGTH, { message: `reason must be at most ${MAX_CANCEL_REASON_LENGTH} characters` })
  reason?: string;
}

export class ChangeStatusDto {
  @IsIn(ORDER_STATUSES, { message: `status must be one of: ${ORDER_STATUSES.join(', ')}` })
  status: OrderStatus;

  /** Why the shop cancels (shown to the shopper); only with status 'Cancelled'. Blank counts as none. */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || undefined : value))
  @IsString({ message: 'reason must be text' })
  @MaxLength(MAX_CANCEL_REASON_LENGTH, { message: `reason must be at most ${MAX_CANCEL_REASON_LENGTH} characters` })
  reason?: string;
}
