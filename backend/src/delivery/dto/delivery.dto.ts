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

  @ApiPropertyOptional({ example: true, description: "Today's delivery in the area's minutes while open (default true)" })
  @Allow()
  express?: unknown;

  @ApiPropertyOptional({
    example: [{ days: [0, 1, 2, 3, 4, 5, 6], start: '07:00', end: '09:00', capacity: 20, cutoffMinutes: 60 }],
    description: 'Weekly delivery slots (weekdays 0 = Sunday), at most 12 a day, not overlapping',
  })
  @Allow()
  slots?: unknown;

  @ApiPropertyOptional({ example: 3, description: 'Days of slots shoppers see, 1–7 (default 3)' })
  @Allow()
  slotDays?: unknown;

  @ApiPropertyOptional({ example: ['2026-12-25'], description: 'Days without slots or express (YYYY-MM-DD)' })
  @Allow()
  closedDates?: unknown;
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

/** `delivery` of POST /api/placeorders and /api/paymentonline: the slot chosen (absent: express). */
export class DeliveryChoiceDto {
  @ApiProperty({ example: '2026-11-29T07:00', description: 'The id of a slot of GET /api/delivery/slots' })
  @IsString({ message: 'delivery.slot must be a slot id such as 2026-11-29T07:00' })
  @Matches(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { message: 'delivery.slot must be a slot id such as 2026-11-29T07:00' })
  slot: string;
}
