import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsDefined, IsString, Matches } from 'class-validator';
import { normalisePincode, PINCODE_MESSAGE, PINCODE_PATTERN } from '@greencart/domain';
import { Transform } from 'class-transformer';

/**
 * Body of PUT /api/seller/delivery. Kept as sent here and read by the domain's readDeliverySettings,
 * which names the field of each problem (`areas.2.etaMinutes`).
 */
export class DeliverySettingsDto {
  @ApiProperty({ example: [{ pincode: '411001', etaMinutes: 25, fee: 0 }], description: 'Served pincodes (six digits, unique), ETA 5–240 minutes, fee ₹0–500' })
  @IsDefined({ message: 'areas is required (an empty list serves every pincode)' })
  areas: unknown;

  @ApiPropertyOptional({ example: 199, nullable: true, description: 'Rupees; delivery is free from this subtotal' })
  @Allow()
  freeDeliveryAbove?: unknown;

  @ApiPropertyOptional({ example: 99, description: 'Rupees; 0 for no minimum' })
  @Allow()
  minimumOrder?: unknown;

  @ApiPropertyOptional({ example: { open: '07:00', close: '23:00' }, nullable: true, description: 'In SHOP_TIMEZONE; null: always open' })
  @Allow()
  hours?: unknown;
}

/** Query of GET /api/delivery. */
export class DeliveryCheckQuery {
  @ApiProperty({ example: '411045', description: 'Six digits; spaces and dashes are ignored ("411 045")' })
  @Transform(({ value }) => (typeof value === 'string' ? normalisePincode(value) : value))
  @IsDefined({ message: 'pincode is required' })
  @IsString({ message: PINCODE_MESSAGE })
  @Matches(PINCODE_PATTERN, { message: PINCODE_MESSAGE })
  pincode: string;
}
