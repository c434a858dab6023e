import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

/** PATCH /api/account/preferences: only what is sent changes. */
export class UpdatePreferencesDto {
  @ApiPropertyOptional({ description: 'Mails when an order is packed, out for delivery and delivered (receipts, cancellations and refunds always go)' })
  @IsOptional()
  @IsBoolean({ message: 'orderProgressEmails must be true or false' })
  orderProgressEmails?: boolean;
}

/** POST /api/seller/notifications/resend */
export class ResendDto {
  @ApiProperty({ example: 'email:order-confirmation:6650f0c2a1b2c3d4e5f60718' })
  @IsString({ message: 'id is required' })
  @MaxLength(300, { message: 'id is too long' })
  @Matches(/^[a-z]+:[a-z-]+:[\w:.-]+$/, { message: 'id is not a message id' })
  id: string;
}
