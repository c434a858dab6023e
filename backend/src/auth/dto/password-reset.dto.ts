import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@greencart/domain';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { normaliseEmail } from './register.dto';

/** POST /api/password/forgot */
export class ForgotPasswordDto {
  @ApiProperty({ example: 'asha@example.com' })
  @Transform(normaliseEmail)
  @IsString({ message: 'Email is required' })
  @IsNotEmpty({ message: 'Email is required' })
  @MaxLength(254, { message: 'Email is too long' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  email: string;
}

/** POST /api/password/reset/check */
export class ResetLinkDto {
  @ApiProperty({ description: 'The token of the link in the reset mail' })
  @IsString({ message: 'The reset link is incomplete; open it again from the mail' })
  @IsNotEmpty({ message: 'The reset link is incomplete; open it again from the mail' })
  @MaxLength(2000, { message: 'The reset link is not valid' })
  token: string;
}

/** POST /api/password/reset: the new password follows the same rule as registering. */
export class ResetPasswordDto extends ResetLinkDto {
  @ApiProperty({ minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH })
  @IsString({ message: 'Password is required' })
  @MinLength(MIN_PASSWORD_LENGTH, { message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters` })
  @MaxLength(MAX_PASSWORD_LENGTH, { message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters` })
  password: string;
}
