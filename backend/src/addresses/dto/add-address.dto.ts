import {
  ADDRESS_COUNTRIES,
  ADDRESS_LIMITS,
  allowedCountry,
  COUNTRY_MESSAGE,
  normalisePhone,
  normalisePincode,
  PHONE_MESSAGE,
  PHONE_PATTERN,
  PINCODE_MESSAGE,
  PINCODE_PATTERN,
} from '@greencart/domain';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsDefined, IsEmail, IsIn, IsNotEmpty, IsObject, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** An optional text field: left out, null or only spaces is none. */
const optionalText = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || undefined : (value ?? undefined));
/** "Street must be at most 200 characters": said the way the form says it. */
const atMost = (noun: string, limit: number) => MaxLength(limit, { message: `${noun} must be at most ${limit} characters` });

/** What a courier needs to find the shopper. */
export class AddressFieldsDto {
  @Transform(trim)
  @IsString({ message: 'First name is required' })
  @IsNotEmpty({ message: 'First name is required' })
  @atMost('First name', ADDRESS_LIMITS.firstName)
  firstName: string;

  @Transform(trim)
  @IsString({ message: 'Last name is required' })
  @IsNotEmpty({ message: 'Last name is required' })
  @atMost('Last name', ADDRESS_LIMITS.lastName)
  lastName: string;

  /** Optional: left out (or sent empty, as the form of old clients may) means none is stored; the shop's mails go to the account's email. */
  @ApiPropertyOptional({ example: 'asha@example.com' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() || undefined : (value ?? undefined)))
  @IsOptional()
  @IsString({ message: 'Please enter a valid email address' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @atMost('Email', ADDRESS_LIMITS.email)
  email?: string;

  /** Optional: flat, house number and building ("Flat 4B, Lotus Apartments"); left out or empty means none. */
  @ApiPropertyOptional({ example: 'Flat 4B, Lotus Apartments' })
  @Transform(optionalText)
  @IsOptional()
  @IsString({ message: 'Flat / house must be text' })
  @atMost('Flat / house', ADDRESS_LIMITS.house)
  house?: string;

  @Transform(trim)
  @IsString({ message: 'Street is required' })
  @IsNotEmpty({ message: 'Street is required' })
  @atMost('Street', ADDRESS_LIMITS.street)
  street: string;

  /** Optional: what a courier looks for nearby ("Opposite the city library"). */
  @ApiPropertyOptional({ example: 'Opposite the city library' })
  @Transform(optionalText)
  @IsOptional()
  @IsString({ message: 'Landmark must be text' })
  @atMost('Landmark', ADDRESS_LIMITS.landmark)
  landmark?: string;

  @Transform(trim)
  @IsString({ message: 'City is required' })
  @IsNotEmpty({ message: 'City is required' })
  @atMost('City', ADDRESS_LIMITS.city)
  city: string;

  @Transform(trim)
  @IsString({ message: 'State is required' })
  @IsNotEmpty({ message: 'State is required' })
  @atMost('State', ADDRESS_LIMITS.state)
  state: string;

  @ApiProperty({ example: '560001', description: 'Six digits; spaces and dashes are ignored ("411 045")' })
  @Transform(({ value }) => (typeof value === 'string' ? normalisePincode(value) : value))
  @IsString({ message: 'Pincode is required' })
  @Matches(PINCODE_PATTERN, { message: PINCODE_MESSAGE })
  pincode: string;

  @ApiProperty({ enum: ADDRESS_COUNTRIES, example: 'India' })
  @Transform(({ value }) => (typeof value === 'string' ? (allowedCountry(value) ?? value.trim()) : value))
  @IsString({ message: 'Country is required' })
  @IsNotEmpty({ message: 'Country is required' })
  @IsIn(ADDRESS_COUNTRIES, { message: COUNTRY_MESSAGE })
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
