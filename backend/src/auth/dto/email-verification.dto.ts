import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** POST /api/auth/verify-email */
export class VerifyEmailDto {
  @ApiProperty({ description: 'The token of the link in the confirmation mail' })
  @IsString({ message: 'The confirmation link is incomplete; open it again from the mail' })
  @IsNotEmpty({ message: 'The confirmation link is incomplete; open it again from the mail' })
  @MaxLength(2000, { message: 'The confirmation link is not valid' })
  token: string;
}
