import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ActivityLog } from '../sessions/activity/activity-log';
import { CurrentSeller } from '../sessions/current-seller.decorator';
import { SellerOnly } from '../sessions/seller-only.decorator';
import type { SellerSession } from '../sessions/session.service';
import { DeliveryService } from './delivery.service';
import { DeliverySlotsService } from './slots/delivery-slots.service';
import { DeliveryCheckQuery, DeliverySettingsDto } from './dto/delivery.dto';

@ApiTags('delivery')
@Controller()
export class DeliveryController {
  constructor(
    private readonly delivery: DeliveryService,
    private readonly slots: DeliverySlotsService,
    private readonly activity: ActivityLog,
  ) {}

  @Get('delivery/slots')
  @ApiOperation({ summary: "Express delivery now (or why not) and the next days' slots with the places left, for a pincode" })
  slotsFor(@Query() { pincode }: DeliveryCheckQuery) {
    return this.slots.slotsFor(pincode);
  }

  @Get('delivery')
  @ApiOperation({ summary: 'Whether, when and for how much the shop delivers to a pincode now' })
  check(@Query() { pincode }: DeliveryCheckQuery) {
    return this.delivery.check(pincode);
  }

  @Get('seller/delivery')
  @SellerOnly('delivery')
  @ApiOperation({ summary: "The seller's delivery areas, free-delivery threshold, minimum order, opening hours and delivery slots" })
  async settings() {
    return { success: true, ...(await this.delivery.settings()) };
  }

  @Put('seller/delivery')
  @SellerOnly('delivery')
  @ApiOperation({ summary: 'Replace the delivery settings (an empty list of areas serves every pincode, free)' })
  async save(@CurrentSeller() seller: SellerSession, @Body() dto: DeliverySettingsDto) {
    const before = JSON.parse(JSON.stringify(await this.delivery.settings())) as Record<string, unknown>;
    const saved = await this.delivery.save(dto);
    const after = JSON.parse(JSON.stringify(saved)) as Record<string, unknown>;
    // The slots' part of the settings is its own kind in the log (the owner filters "Delivery slots"); a save that changes nothing is still one entry.
    const slotsMoved = SLOT_FIELDS.some((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
    const restMoved = Object.keys({ ...before, ...after }).some(
      (key) => !SLOT_FIELDS.includes(key) && JSON.stringify(before[key]) !== JSON.stringify(after[key]),
    );
    if (restMoved || !slotsMoved)
      await this.activity.record(seller, 'delivery.changed', { name: 'Delivery settings' }, omit(before, SLOT_FIELDS), omit(after, SLOT_FIELDS));
    if (slotsMoved) await this.activity.record(seller, 'slots.changed', { name: 'Delivery slots' }, pick(before, SLOT_FIELDS), pick(after, SLOT_FIELDS));
    return { success: true, message: 'Delivery settings saved', ...saved };
  }
}

/** The delivery settings that are the slots' (issue 41), logged as `slots.changed`. */
const SLOT_FIELDS = ['express', 'slots', 'slotDays', 'closedDates'];

const pick = (value: Record<string, unknown>, keys: string[]) => Object.fromEntries(Object.entries(value).filter(([key]) => keys.includes(key)));
const omit = (value: Record<string, unknown>, keys: string[]) => Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));
