import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { normaliseEmail } from './register.dto';

/** Shopper and seller sign-in. */
export class LoginDto {
  @ApiProperty({ example: 'asha@example.com' })
  @Transform(normaliseEmail)
  @IsString({ message: 'Email is required' })
  @IsNotEmpty({ message: 'Email is required' })
  @MaxLength(254, { message: 'Email is too long' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  email: string;

  @ApiProperty()
  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  @MaxLength(128, { message: 'Password must be at most 128 characters' })
  password: string;
}
