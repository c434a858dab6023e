import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class SubscribeDto {
  @ApiProperty({ example: 'shopper@example.com' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsString({ message: 'Email is required' })
  @IsNotEmpty({ message: 'Email is required' })
  @MaxLength(254, { message: 'Email is too long' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  email: string;
}
