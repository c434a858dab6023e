import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsObject, IsOptional, IsString, IsUrl, Matches, MaxLength, ValidateNested } from 'class-validator';

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The browser's keys of a push subscription (PushSubscription.toJSON().keys). */
export class PushKeysDto {
  @ApiProperty({ description: 'P-256 public key of the browser, base64url (65 bytes)' })
  @IsString({ message: 'keys.p256dh is required' })
  @MaxLength(100, { message: 'keys.p256dh is too long' })
  @Matches(BASE64URL, { message: 'keys.p256dh must be base64url' })
  p256dh: string;

  @ApiProperty({ description: 'Auth secret of the browser, base64url (16 bytes)' })
  @IsString({ message: 'keys.auth is required' })
  @MaxLength(40, { message: 'keys.auth is too long' })
  @Matches(BASE64URL, { message: 'keys.auth must be base64url' })
  auth: string;
}

/** POST /api/push/subscribe */
export class SubscribePushDto {
  @ApiProperty({ description: "The push service's endpoint for this browser", example: 'https://fcm.googleapis.com/fcm/send/…' })
  @IsString({ message: 'endpoint is required' })
  @MaxLength(2048, { message: 'endpoint is too long' })
  @IsUrl({ require_protocol: true, require_tld: false, protocols: ['https', 'http'] }, { message: 'endpoint must be an http(s) URL' })
  endpoint: string;

  @ApiProperty({ type: PushKeysDto })
  @IsObject({ message: 'keys must be an object with p256dh and auth' })
  @ValidateNested()
  @Type(() => PushKeysDto)
  keys: PushKeysDto;

  @ApiPropertyOptional({ enum: ['shopper', 'seller'], description: 'Which signed-in account, when the browser holds both sessions (default: the shopper)' })
  @IsOptional()
  @IsIn(['shopper', 'seller'], { message: 'account must be shopper or seller' })
  account?: 'shopper' | 'seller';
}

/** POST /api/push/unsubscribe */
export class UnsubscribePushDto {
  @ApiProperty()
  @IsString({ message: 'endpoint is required' })
  @MaxLength(2048, { message: 'endpoint is too long' })
  endpoint: string;

  @ApiPropertyOptional({ enum: ['shopper', 'seller'] })
  @IsOptional()
  @IsIn(['shopper', 'seller'], { message: 'account must be shopper or seller' })
  account?: 'shopper' | 'seller';
}
