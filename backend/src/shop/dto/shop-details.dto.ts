import { GST_STATE_CODES, gstinProblem, gstRateListProblem, isGstRateForm, normaliseGstin, TAX_MODES, type TaxMode } from '@greencart/domain';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsIn, IsNotEmpty, IsString, MaxLength, ValidateBy, ValidateIf, type ValidationArguments } from 'class-validator';

export const MAX_LEGAL_NAME_LENGTH = 120;
export const MAX_SHOP_ADDRESS_LENGTH = 300;
const STATE_MESSAGE = 'stateCode must be the 2-digit GST code of an Indian state or union territory (e.g. 29 for Karnataka)';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Body of PUT /api/seller/shop: the legal details printed on every invoice from then on. */
export class ShopDetailsDto {
  @ApiProperty({ maxLength: MAX_LEGAL_NAME_LENGTH, example: 'GreenCart Retail Private Limited' })
  @Transform(trimmed)
  @IsDefined({ message: 'legalName is required' })
  @IsString({ message: 'legalName must be text' })
  @IsNotEmpty({ message: 'legalName is required' })
  @MaxLength(MAX_LEGAL_NAME_LENGTH, { message: `legalName must be at most ${MAX_LEGAL_NAME_LENGTH} characters` })
  legalName: string;

  @ApiPropertyOptional({ nullable: true, example: '29AAACG1234A1ZA', description: 'Left out, null or "": not registered for GST (bills of supply)' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? normaliseGstin(value) || undefined : value === null ? undefined : value))
  @ValidateIf((_object, value) => value !== undefined)
  @ValidateBy({
    name: 'isGstinOfState',
    validator: {
      validate: (value: unknown, args?: ValidationArguments) => typeof value === 'string' && !gstinProblem(value, stateCodeOf(args)),
      defaultMessage: (args?: ValidationArguments) => (typeof args?.value === 'string' ? gstinProblem(args.value, stateCodeOf(args))! : 'gstin must be text'),
    },
  })
  gstin?: string;

  @ApiProperty({ maxLength: MAX_SHOP_ADDRESS_LENGTH, example: '12 MG Road\nBengaluru 560001', description: 'Lines separated by new lines or commas' })
  @Transform(trimmed)
  @IsDefined({ message: 'address is required' })
  @IsString({ message: 'address must be text' })
  @IsNotEmpty({ message: 'address is required' })
  @MaxLength(MAX_SHOP_ADDRESS_LENGTH, { message: `address must be at most ${MAX_SHOP_ADDRESS_LENGTH} characters` })
  address: string;

  @ApiProperty({ enum: GST_STATE_CODES, example: '29' })
  @IsDefined({ message: STATE_MESSAGE })
  @IsIn(GST_STATE_CODES as string[], { message: STATE_MESSAGE })
  stateCode: string;

  @ApiPropertyOptional({ enum: TAX_MODES, description: 'How the shop is taxed (issue 54); left out: as it was (`flat` until chosen). `gst` needs a GSTIN' })
  @ValidateIf((_object, value) => value !== undefined)
  @IsIn(TAX_MODES as unknown as string[], { message: `taxMode must be one of ${TAX_MODES.join(', ')}` })
  taxMode?: TaxMode;

  @ApiPropertyOptional({
    type: [Number],
    example: [0, 0.25, 3, 5, 18, 40],
    description: "The GST rates (percent) the shop's products may carry; left out: as they were",
  })
  @ValidateIf((_object, value) => value !== undefined)
  @ValidateBy({
    name: 'isGstRateList',
    validator: { validate: (value: unknown) => !gstRateListProblem(value), defaultMessage: (args?: ValidationArguments) => gstRateListProblem(args?.value)! },
  })
  gstRates?: number[];

  @ApiPropertyOptional({ example: 18, description: '`gst` mode: the GST rate inside the delivery fee (percent); left out: as it was (18 until set)' })
  @ValidateIf((_object, value) => value !== undefined)
  @ValidateBy({
    name: 'isGstRate',
    validator: {
      validate: (value: unknown) => isGstRateForm(value),
      defaultMessage: () => 'deliveryGstRate must be a percent from 0 to 100 with at most two decimals',
    },
  })
  deliveryGstRate?: number;
}

/** The state chosen in the same body, when it is one (a wrong one is reported by stateCode itself). */
function stateCodeOf(args: ValidationArguments | undefined): string | undefined {
  const code = (args?.object as { stateCode?: unknown } | undefined)?.stateCode;
  return typeof code === 'string' && GST_STATE_CODES.includes(code) ? code : undefined;
}
