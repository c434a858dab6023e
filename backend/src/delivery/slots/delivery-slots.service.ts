import {
  dayLabel,
  parseSlotId,
  rulesOn,
  shortDay,
  slotEnd,
  slotId,
  slotRefusal,
  slotView,
  cutoffOf,
  type DeliverySlot,
  type DeliverySettingsWithSlots,
  type DeliverySlots,
  type PackerSlot,
  type SlotDayView,
} from '@greencart/domain';
import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { CountedSweep } from '../../common/counted/counted-sweep';
import type { Environment } from '../../config/environment';
import { addDays, dayOf } from '../../common/time/shop-time';
import { DeliveryService, type DeliveryQuote } from '../delivery.service';
import { ShopClock } from '../shop-clock';
import { SlotPlacesService, SlotRefused, type SlotTerms, type UnconfirmedPlace } from './slot-places.service';

/** The slot an order's quote names. */
export interface QuotedSlot extends DeliverySlot {
  id: string;
}

/** How long an answer of GET /api/delivery/slots is reused (places taken on other instances show within this). */
const ANSWER_MS = 1_000;
const MAX_ANSWERS = 5_000;

export const CHOOSE_A_SLOT = 'Express delivery is off; please choose a delivery slot';

/**
 * Delivery slots as shoppers and orders see them: what can be chosen for a pincode now, whether a
 * chosen slot (or express, when none is) goes with an order, and taking and giving back its place.
 */
@Injectable()
export class DeliverySlotsService {
  private readonly timeZone: string;
  /** Recent answers per pincode, with the settings and this instance's places they were built from. */
  private readonly answers = new Map<string, { at: number; settings: object; version: number; answer: DeliverySlots }>();

  constructor(
    private readonly delivery: DeliveryService,
    private readonly places: SlotPlacesService,
    private readonly clock: ShopClock,
    config: ConfigService<Environment, true>,
    sweep: CountedSweep,
  ) {
    this.timeZone = config.get('SHOP_TIMEZONE', { infer: true });
    // What the sweep does with a stale take: keeps the place of a stored order, gives back one whose order never was (once).
    sweep.register<UnconfirmedPlace>({
      staleTakes: (now) => this.staleTakes(now),
      settle: ({ slotId: id, ref }) => this.places.settle(id, ref),
      giveBack: ({ slotId: id, ref }) => this.places.giveBack(id, ref, { unstored: true }),
    });
  }

  /** GET /api/delivery/slots: express now (or why not) and the next days' slots with the places left. */
  async slotsFor(pincode: string): Promise<DeliverySlots> {
    const now = this.clock.now();
    const settings = await this.delivery.settings();
    // Reused for a second while nothing changed here: every checkout page asks, and the take is what holds anyway.
    const kept = this.answers.get(pincode);
    if (kept && kept.settings === settings && kept.version === this.places.version && Math.abs(now.getTime() - kept.at) < ANSWER_MS) return kept.answer;
    const version = this.places.version;
    const answer = await this.buildAnswer(pincode, now, settings);
    if (this.answers.size >= MAX_ANSWERS) this.answers.clear();
    this.answers.set(pincode, { at: now.getTime(), settings, version, answer });
    return answer;
  }

  private async buildAnswer(pincode: string, now: Date, settings: DeliverySettingsWithSlots): Promise<DeliverySlots> {
    const check = await this.delivery.check(pincode, now);
    const today = dayOf(now, this.timeZone);
    const express = !check.serviceable
      ? { available: false, message: check.message }
      : !settings.express
        ? { available: false, message: 'Express delivery is off; please choose a slot' }
        : settings.closedDates.includes(today)
          ? { available: false, message: 'Closed today; please choose a slot' }
          : !check.open
            ? { available: false, message: check.message }
            : { available: true, etaMinutes: check.etaMinutes, message: check.message };
    if (!check.serviceable) return { success: true, express, days: [] };
    const days = Array.from({ length: settings.slotDays }, (_, i) => ({ date: addDays(today, i), offset: i }))
      .map(({ date, offset }) => ({ date, offset, rules: rulesOn(settings, date) }))
      .filter((day) => day.rules.length);
    const taken = await this.places.taken(days.flatMap((day) => day.rules.map((rule) => slotId(day.date, rule.start))));
    const views: SlotDayView[] = days.map((day) => ({
      date: day.date,
      label: dayLabel(day.date, day.offset),
      slots: day.rules.map((rule) => slotView(day.date, rule, taken.get(slotId(day.date, rule.start)) ?? 0, now, this.timeZone)),
    }));
    return { success: true, express, days: views };
  }

  /**
   * What delivering this order costs and promises: by the chosen slot (which must be offered, open for
   * orders and not full: 409 naming it; the shop's hours do not matter), else express (refused when
   * the seller turned it off, on a closed date, or while the shop is closed).
   */
  async quote(pincode: string, subtotalPaise: number, chosen: string | undefined): Promise<DeliveryQuote & { slot?: QuotedSlot }> {
    const now = this.clock.now();
    const settings = await this.delivery.settings();
    if (chosen === undefined) {
      if (!settings.express) throw new BadRequestException(CHOOSE_A_SLOT);
      const today = dayOf(now, this.timeZone);
      if (settings.closedDates.includes(today))
        throw new ConflictException(`The shop is closed today (${shortDay(today)}); please choose a delivery slot on another day`);
      return this.delivery.quote(pincode, subtotalPaise, {}, now);
    }
    const parsed = parseSlotId(chosen);
    if (!parsed) throw new BadRequestException('delivery.slot must be a slot id such as 2026-11-29T07:00');
    const quote = await this.delivery.quote(pincode, subtotalPaise, { slotChosen: true }, now);
    const today = dayOf(now, this.timeZone);
    const named = `The ${shortDay(parsed.date)} ${parsed.start} slot`;
    if (settings.closedDates.includes(parsed.date)) throw new ConflictException(`The shop is closed on ${shortDay(parsed.date)}; please choose another day`);
    const rule = rulesOn(settings, parsed.date).find((r) => r.start === parsed.start);
    const inWindow = parsed.date >= today && parsed.date <= addDays(today, settings.slotDays - 1);
    if (!rule || !inWindow) throw new ConflictException(`${named} is not offered; please choose another slot`);
    // Past its cut-off here; full is for the take to say (the one that holds under a race).
    const refusal = slotRefusal(parsed.date, rule, 0, now, this.timeZone);
    if (refusal) throw new ConflictException(refusal);
    return { ...quote, slot: { id: chosen, date: parsed.date, start: rule.start, end: rule.end } };
  }

  /** The ids of the orders in a slot (cancelled ones gave their place back). */
  async orderIds(date: string, start: string): Promise<string[]> {
    return (await this.places.orderRefs(slotId(date, start))).map((ref) => ref.slice('order:'.length));
  }

  /** The slots of the days shoppers can choose, with the end of each (for the packer's filter): today first. */
  async upcoming(): Promise<PackerSlot[]> {
    const now = this.clock.now();
    const settings = await this.delivery.settings();
    const today = dayOf(now, this.timeZone);
    const days = Array.from({ length: settings.slotDays }, (_, i) => ({ date: addDays(today, i), label: dayLabel(addDays(today, i), i) }));
    const all = days.flatMap((day) => rulesOn(settings, day.date).map((rule) => ({ ...day, start: rule.start, end: rule.end })));
    const orders = await this.places.orderCounts(all.map((s) => slotId(s.date, s.start)));
    return all.map((s) => ({ id: slotId(s.date, s.start), ...s, orders: orders.get(slotId(s.date, s.start)) ?? 0 }));
  }

  /** When an order in this slot is promised by: the slot's end. */
  deliverBy(slot: DeliverySlot): Date {
    return slotEnd(slot, this.timeZone);
  }

  /** Takes the slot's place for `ref` (an order, or with `until` a checkout's hold): see SlotPlacesService.take. */
  async take(slot: QuotedSlot, ref: string, options: { until?: Date; fromHold?: string } = {}): Promise<boolean> {
    const settings = await this.delivery.settings();
    const rule = settings.closedDates.includes(slot.date) ? undefined : rulesOn(settings, slot.date).find((r) => r.start === slot.start);
    const name = `The ${shortDay(slot.date)} ${slot.start}–${slot.end} slot`;
    const terms: SlotTerms = rule
      ? {
          capacity: rule.capacity,
          closesAt: cutoffOf(slot.date, rule, this.timeZone),
          full: slotRefusal(slot.date, rule, rule.capacity, new Date(0), this.timeZone)!,
          closed: `${name} is closed for orders now; please choose another slot`,
        }
      : {
          capacity: 0,
          closesAt: new Date(0),
          full: `${name} is no longer offered; please choose another slot`,
          closed: `${name} is no longer offered; please choose another slot`,
        };
    return this.places.take(slot.id, ref, terms, options);
  }

  /** Gives back the place `ref` took in the slot (once; nothing when it had none). */
  async giveBack(slot: DeliverySlot, ref: string): Promise<void> {
    await this.places.giveBack(slotId(slot.date, slot.start), ref);
  }

  /** The order `ref` is stored: its place is kept for good (see SlotPlacesService.confirm). */
  confirm(slot: DeliverySlot, ref: string): void {
    this.places.confirm(slotId(slot.date, slot.start), ref);
  }

  /**
   * Orders' places taken longer than STALE_TAKE_MS before `now` whose orders were not known to be stored, in the
   * slots from yesterday on (a place is taken for today or later; an older slot is over and its places matter no more).
   */
  private staleTakes(now: number): Promise<UnconfirmedPlace[]> {
    const earliest = Math.min(Date.now(), this.clock.now().getTime());
    return this.places.staleTakes(addDays(dayOf(new Date(earliest), this.timeZone), -1), now);
  }
}

export { SlotRefused };
