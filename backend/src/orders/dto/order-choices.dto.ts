import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsObject, IsOptional, IsString, MaxLength, ValidateBy, ValidateNested, type ValidationArguments } from 'class-validator';
import { gstinProblem, normaliseGstin, SUBSTITUTION_CHOICES, type SubstitutionChoice } from '@greencart/domain';
import { DeliveryChoiceDto } from '../../delivery/dto/delivery.dto';

/**
 * What a shopper chooses for an order besides its lines and address, the same whether it is placed
 * (cash on delivery) or paid online first: a coupon, what to do if an item is not available, a slot.
 * class-validator checks a class's own fields before these, so the bodies' messages keep their order.
 */
export abstract class OrderChoicesDto {
  /** A coupon code (issue 40); optional for the spec's client. */
  @ApiPropertyOptional({ example: 'FLAT50', description: 'A coupon code, case-insensitive' })
  @IsOptional()
  @IsString({ message: 'coupon must be a coupon code' })
  @MaxLength(40, { message: 'A coupon code is 3 to 20 letters and digits' })
  coupon?: string;

  /** If an item is not available: 'refund' it (the default) or replace it with a 'similar' item (issue 39); optional. */
  @ApiPropertyOptional({ enum: SUBSTITUTION_CHOICES, description: 'If an item is not available (default refund)' })
  @IsOptional()
  @IsIn(SUBSTITUTION_CHOICES, { message: "substitutions must be 'refund' or 'similar'" })
  substitutions?: SubstitutionChoice;

  /** The delivery slot chosen (issue 41); absent: express delivery. */
  @ApiPropertyOptional({ type: () => DeliveryChoiceDto, example: { slot: '2026-11-29T07:00' } })
  @IsOptional()
  @IsObject({ message: 'delivery must be { slot: "<slot id>" }' })
  @ValidateNested()
  @Type(() => DeliveryChoiceDto)
  delivery?: DeliveryChoiceDto;

  /** A business buyer's GSTIN (issue 54): the invoice names it and the order counts as B2B; optional, "" or null: none. */
  @ApiPropertyOptional({ example: '27AAPFU0939F1ZV', description: "A business buyer's GSTIN, checked like the shop's" })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? normaliseGstin(value) || undefined : value === null ? undefined : value))
  @IsOptional()
  @ValidateBy({
    name: 'isGstin',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && !gstinProblem(value),
      defaultMessage: (args?: ValidationArguments) =>
        typeof args?.value === 'string' ? `buyerGstin: ${gstinProblem(args.value)!}` : 'buyerGstin must be a GSTIN (15 characters)',
    },
  })
  buyerGstin?: string;
}
