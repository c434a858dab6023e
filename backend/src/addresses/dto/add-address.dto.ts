import { normalisePhone, PHONE_MESSAGE, PHONE_PATTERN, PINCODE_MESSAGE, PINCODE_PATTERN } from '@greencart/domain';
import { ApiProperty } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsDefined, IsEmail, IsNotEmpty, IsObject, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** What a courier needs to find the shopper. */
export class AddressFieldsDto {
  @Transform(trim)
  @IsString({ message: 'First name is required' })
  @IsNotEmpty({ message: 'First name is required' })
  @MaxLength(50)
  firstName: string;

  @Transform(trim)
  @IsString({ message: 'Last name is required' })
  @IsNotEmpty({ message: 'Last name is required' })
  @MaxLength(50)
  lastName: string;

  @Transform(trim)
  @IsString({ message: 'Email is required' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254)
  email: string;

  @Transform(trim)
  @IsString({ message: 'Street is required' })
  @IsNotEmpty({ message: 'Street is required' })
  @MaxLength(200)
  street: string;

  @Transform(trim)
  @IsString({ message: 'City is required' })
  @IsNotEmpty({ message: 'City is required' })
  @MaxLength(60)
  city: string;

  @Transform(trim)
  @IsString({ message: 'State is required' })
  @IsNotEmpty({ message: 'State is required' })
  @MaxLength(60)
  state: string;

  @ApiProperty({ example: '560001' })
  @Transform(trim)
  @IsString({ message: 'Pincode is required' })
  @Matches(PINCODE_PATTERN, { message: PINCODE_MESSAGE })
  pincode: string;

  @Transform(trim)
  @IsString({ message: 'Country is required' })
  @IsNotEmpty({ message: 'Country is required' })
  @MaxLength(60)
  country: string;

  @ApiProperty({ example: '+91 9876543210' })
  @Transform(({ value }) => (typeof value === 'string' ? normalisePhone(value) : value))
  @IsString({ message: 'Phone is required' })
  @Matches(PHONE_PATTERN, { message: PHONE_MESSAGE })
  phone: string;
}

/** Body of POST /api/Address/add — the field is spelled `adress` (spec section 7). */
export class AddAddressDto {
  @IsDefined({ message: 'adress is required' })
  @IsObject({ message: 'adress must be an object' })
  @ValidateNested()
  @Type(() => AddressFieldsDto)
  adress: AddressFieldsDto;
}
