import { ACTIVITY_KINDS, STAFF_NAME_MAX_LENGTH, STAFF_PASSWORD_MAX_LENGTH, STAFF_ROLES, type ActivityKind, type StaffRole } from '@greencart/domain';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsDate, IsEmail, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { normaliseEmail } from '../../auth/dto/register.dto';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const ROLE_MESSAGE = `role must be one of: ${STAFF_ROLES.join(', ')}`;

/** POST /api/seller/staff */
export class InviteStaffDto {
  @ApiProperty({ example: 'Ravi Kumar' })
  @Transform(trim)
  @IsString({ message: 'Name is required' })
  @IsNotEmpty({ message: 'Name is required' })
  @MaxLength(STAFF_NAME_MAX_LENGTH, { message: `Name must be at most ${STAFF_NAME_MAX_LENGTH} characters` })
  name: string;

  @ApiProperty({ example: 'ravi@example.com' })
  @Transform(normaliseEmail)
  @IsString({ message: 'Email is required' })
  @IsNotEmpty({ message: 'Email is required' })
  @MaxLength(254, { message: 'Email is too long' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  email: string;

  @ApiProperty({ enum: STAFF_ROLES })
  @IsIn(STAFF_ROLES, { message: ROLE_MESSAGE })
  role: StaffRole;
}

/** PATCH /api/seller/staff/:id */
export class UpdateStaffDto {
  @ApiPropertyOptional()
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'Name must be text' })
  @IsNotEmpty({ message: 'Name cannot be empty' })
  @MaxLength(STAFF_NAME_MAX_LENGTH, { message: `Name must be at most ${STAFF_NAME_MAX_LENGTH} characters` })
  name?: string;

  @ApiPropertyOptional({ enum: STAFF_ROLES })
  @IsOptional()
  @IsIn(STAFF_ROLES, { message: ROLE_MESSAGE })
  role?: StaffRole;
}

/** :id of a staff member */
export class StaffIdParam {
  @Matches(/^[0-9a-f]{24}$/, { message: 'Invalid staff member id' })
  id: string;
}

/** POST /api/seller/staff/accept */
export class AcceptInvitationDto {
  @ApiProperty({ description: 'The token of the invitation link' })
  @IsString({ message: 'The invitation link is incomplete; open it again from the mail' })
  @IsNotEmpty({ message: 'The invitation link is incomplete; open it again from the mail' })
  @MaxLength(200, { message: 'The invitation link is not valid' })
  token: string;

  @ApiProperty({ minLength: 12 })
  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  @MaxLength(STAFF_PASSWORD_MAX_LENGTH, { message: `Password must be at most ${STAFF_PASSWORD_MAX_LENGTH} characters` })
  password: string;
}

/** POST /api/seller/password */
export class ChangeStaffPasswordDto {
  @ApiProperty()
  @IsString({ message: 'Your current password is required' })
  @IsNotEmpty({ message: 'Your current password is required' })
  @MaxLength(STAFF_PASSWORD_MAX_LENGTH, { message: 'Your current password is not right' })
  currentPassword: string;

  @ApiProperty({ minLength: 12 })
  @IsString({ message: 'A new password is required' })
  @IsNotEmpty({ message: 'A new password is required' })
  @MaxLength(STAFF_PASSWORD_MAX_LENGTH, { message: `Password must be at most ${STAFF_PASSWORD_MAX_LENGTH} characters` })
  password: string;
}

/** GET /api/seller/activity */
export class ActivityQueryDto {
  @ApiPropertyOptional({ description: 'From this time (ISO)' })
  @IsOptional()
  @Type(() => Date)
  @IsDate({ message: 'from must be a date' })
  from?: Date;

  @ApiPropertyOptional({ description: 'Before this time (ISO)' })
  @IsOptional()
  @Type(() => Date)
  @IsDate({ message: 'to must be a date' })
  to?: Date;

  @ApiPropertyOptional({ description: "'owner' or a staff member's id" })
  @IsOptional()
  @Matches(/^(owner|[0-9a-f]{24})$/, { message: "actor must be 'owner' or a staff member's id" })
  actor?: string;

  @ApiPropertyOptional({ enum: ACTIVITY_KINDS })
  @IsOptional()
  @IsIn(ACTIVITY_KINDS, { message: 'kind is not one the log knows' })
  kind?: ActivityKind;

  @ApiPropertyOptional({ minimum: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(1, { message: 'page must be at least 1' })
  @Max(10_000, { message: 'page must be at most 10000' })
  page?: number;
}
