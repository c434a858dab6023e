import {
  DEFAULT_ETA_MINUTES,
  deliveryMessage,
  formatRupees,
  fromPaise,
  openingState,
  readDeliverySettingsWithSlots,
  toPaise,
  DEFAULT_SLOT_SETTINGS,
  type DeliveryCharge,
  type DeliveryCheck,
  type DeliverySettingsWithSlots,
} from '@greencart/domain';
import { BadRequestException, ConflictException, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { ClusterBus } from '../common/cluster/cluster-bus';
import type { Environment } from '../config/environment';
import { StoredDeliverySettings } from './schemas/delivery-settings.schema';
import { ShopClock } from './shop-clock';
import { dayOf } from '../common/time/shop-time';

const SETTINGS_ID = 'delivery';
const TOPIC = 'delivery';

/** What delivering an order to a pincode costs and promises (the area's fee and ETA, the threshold). */
export interface DeliveryQuote extends DeliveryCharge {
  etaMinutes: number;
}

interface Served {
  areas: Map<string, { etaMinutes: number; feePaise: number }>;
  freeAbovePaise: number | null;
  minimumPaise: number;
  settings: DeliverySettingsWithSlots;
}

const EVERYWHERE: Served = {
  areas: new Map(),
  freeAbovePaise: null,
  minimumPaise: 0,
  settings: { areas: [], freeDeliveryAbove: null, minimumOrder: 0, hours: null, ...DEFAULT_SLOT_SETTINGS },
};

/**
 * Where and when the shop delivers. The settings live in one document, are kept in memory (every
 * check and every order is answered from memory) and are read again on every instance when any
 * instance saves them (ClusterBus). Until the seller lists an area, every pincode is served, free,
 * with no minimum (the spec's behaviour).
 */
@Injectable()
export class DeliveryService implements OnModuleInit {
  private readonly logger = new Logger(DeliveryService.name);
  private served: Served = EVERYWHERE;
  private loaded: Promise<void> | undefined;
  private readonly timeZone: string;

  constructor(
    @InjectModel(StoredDeliverySettings.name) private readonly stored: Model<StoredDeliverySettings>,
    private readonly cluster: ClusterBus,
    private readonly clock: ShopClock,
    config: ConfigService<Environment, true>,
  ) {
    this.timeZone = config.get('SHOP_TIMEZONE', { infer: true });
    cluster.subscribe<{ saved: true }>(TOPIC, {
      message: () => void this.reload().catch((error: Error) => this.logger.warn(`Delivery settings not read again: ${error.message}`)),
      resync: () => void this.reload().catch((error: Error) => this.logger.warn(`Delivery settings not read again: ${error.message}`)),
    });
  }

  async onModuleInit(): Promise<void> {
    await this.ready().catch((error: Error) => this.logger.warn(`Delivery settings not loaded at start-up: ${error.message}`));
  }

  private ready(): Promise<void> {
    this.loaded ??= this.load().catch((error: unknown) => {
      this.loaded = undefined;
      throw error;
    });
    return this.loaded;
  }

  private reload(): Promise<void> {
    this.loaded = undefined;
    return this.ready();
  }

  private async load(): Promise<void> {
    const doc = await this.stored.findById(SETTINGS_ID).lean();
    this.served = doc ? servedFrom(doc) : EVERYWHERE;
  }

  /** The seller's settings as saved (rupees). */
  async settings(): Promise<DeliverySettingsWithSlots> {
    await this.ready();
    return this.served.settings;
  }

  /** Replaces the settings (400 naming the field of the first problem); every instance has them within a moment. */
  async save(body: unknown): Promise<DeliverySettingsWithSlots> {
    const read = readDeliverySettingsWithSlots(body);
    if ('problem' in read) throw new BadRequestException({ message: read.problem.message, errors: { [read.problem.field]: read.problem.message } });
    const { settings } = read;
    // One document replaced whole: no $set of embedded documents (see docs/database.md).
    await this.stored.replaceOne(
      { _id: SETTINGS_ID },
      {
        _id: SETTINGS_ID,
        areas: settings.areas.map((a) => ({ pincode: a.pincode, etaMinutes: a.etaMinutes, feePaise: toPaise(a.fee) })),
        freeDeliveryAbovePaise: settings.freeDeliveryAbove === null ? null : toPaise(settings.freeDeliveryAbove),
        minimumOrderPaise: toPaise(settings.minimumOrder),
        hours: settings.hours,
        express: settings.express,
        slots: settings.slots,
        slotDays: settings.slotDays,
        closedDates: settings.closedDates,
      },
      { upsert: true },
    );
    await this.reload();
    await this.cluster.publish(TOPIC, { saved: true });
    return this.served.settings;
  }

  /** GET /api/delivery: whether, when and for how much the shop delivers to `pincode` now. */
  async check(pincode: string, now: Date = this.clock.now()): Promise<DeliveryCheck> {
    await this.ready();
    const { open, opensAt, opensTomorrow, closesAt } = openingState(this.served.settings.hours, now, this.timeZone);
    const area = this.areaOf(pincode);
    if (!area) {
      const check = { pincode, serviceable: false, open, ...(opensAt ? { opensAt } : {}), ...(opensTomorrow ? { opensTomorrow } : {}) };
      return { success: true, ...check, message: deliveryMessage(check) };
    }
    const check = {
      pincode,
      serviceable: true,
      etaMinutes: area.etaMinutes,
      fee: fromPaise(area.feePaise),
      ...(this.served.freeAbovePaise !== null ? { freeDeliveryAbove: fromPaise(this.served.freeAbovePaise) } : {}),
      ...(this.served.minimumPaise > 0 ? { minimumOrder: fromPaise(this.served.minimumPaise) } : {}),
      open,
      ...(opensAt ? { opensAt } : {}),
      ...(opensTomorrow ? { opensTomorrow } : {}),
      ...(closesAt ? { closesAt } : {}),
    };
    return { success: true, ...check, message: this.slotsMessage(now) ?? deliveryMessage(check) };
  }

  /**
   * What an order to `pincode` with this subtotal costs and promises, checked before anything is stored
   * or charged: an unserved pincode (400), a subtotal under the minimum (400) and a closed shop (409)
   * are refused with what to do. With `slotChosen`, the hours are not this order's concern (the slot's
   * rules are: DeliverySlotsService).
   */
  async quote(pincode: string, subtotalPaise: number, { slotChosen = false } = {}, now: Date = this.clock.now()): Promise<DeliveryQuote> {
    await this.ready();
    const area = this.areaOf(pincode);
    if (!area) throw new BadRequestException(`Sorry, we don't deliver to ${pincode} yet; please choose another address`);
    if (subtotalPaise < this.served.minimumPaise) {
      throw new BadRequestException(
        `The minimum order is ${formatRupees(this.served.minimumPaise)}; add ${formatRupees(this.served.minimumPaise - subtotalPaise)} more to order`,
      );
    }
    const { open, opensAt, opensTomorrow } = openingState(this.served.settings.hours, now, this.timeZone);
    if (!open && !slotChosen) {
      const orSlot = this.served.settings.slots.length ? ', or choose a delivery slot' : '';
      throw new ConflictException(`The shop is closed now; it opens ${opensTomorrow ? 'tomorrow ' : ''}at ${opensAt}. You can order then${orSlot}`);
    }
    return { feePaise: area.feePaise, freeAbovePaise: this.served.freeAbovePaise, etaMinutes: area.etaMinutes };
  }

  /** What the header says instead of "Delivery in 25 min" when express is off, or the shop is closed today (issue 41). */
  private slotsMessage(now: Date): string | undefined {
    const { express, closedDates } = this.served.settings;
    if (!express) return 'Delivery in slots · choose one at checkout';
    if (closedDates.length && closedDates.includes(dayOf(now, this.timeZone))) return 'Closed today · choose a delivery slot';
    return undefined;
  }

  /** The area of a pincode (every pincode, free and in 30 minutes, while no area is listed), or undefined. */
  areaOf(pincode: string): { etaMinutes: number; feePaise: number } | undefined {
    if (!this.served.areas.size) return { etaMinutes: DEFAULT_ETA_MINUTES, feePaise: 0 };
    return this.served.areas.get(pincode);
  }
}

function servedFrom(doc: StoredDeliverySettings): Served {
  const areas = doc.areas ?? [];
  return {
    areas: new Map(areas.map((a) => [a.pincode, { etaMinutes: a.etaMinutes, feePaise: a.feePaise }])),
    freeAbovePaise: doc.freeDeliveryAbovePaise ?? null,
    minimumPaise: doc.minimumOrderPaise ?? 0,
    settings: {
      areas: areas.map((a) => ({ pincode: a.pincode, etaMinutes: a.etaMinutes, fee: fromPaise(a.feePaise) })),
      freeDeliveryAbove: doc.freeDeliveryAbovePaise === null || doc.freeDeliveryAbovePaise === undefined ? null : fromPaise(doc.freeDeliveryAbovePaise),
      minimumOrder: fromPaise(doc.minimumOrderPaise ?? 0),
      hours: doc.hours ? { open: doc.hours.open, close: doc.hours.close } : null,
      express: doc.express ?? true,
      slots: (doc.slots ?? []).map(({ days, start, end, capacity, cutoffMinutes }) => ({ days: [...days], start, end, capacity, cutoffMinutes })),
      slotDays: doc.slotDays ?? DEFAULT_SLOT_SETTINGS.slotDays,
      closedDates: [...(doc.closedDates ?? [])],
    },
  };
}
