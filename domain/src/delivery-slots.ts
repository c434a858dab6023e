/**
 * Delivery slots (issue 41): the seller's weekly slots with a capacity and a cut-off, express delivery
 * on or off, closed dates; what a shopper may choose and how a slot is said. Times are the shop's
 * (SHOP_TIMEZONE); days are 'YYYY-MM-DD' in the shop's calendar.
 */
import { shopTimeToInstant } from './coupons';
import { readDeliverySettings, TIME_OF_DAY_PATTERN, type DeliverySettings, type SettingsProblem } from './delivery';

export const DEFAULT_SLOT_DAYS = 3;
export const MAX_SLOT_DAYS = 7;
export const MAX_SLOTS_PER_DAY = 12;
export const MAX_SLOT_CAPACITY = 500;
export const MAX_CUTOFF_MINUTES = 1440;
export const MAX_CLOSED_DATES = 366;
/** From how many places left a slot says "Only N left". */
export const FEW_PLACES_LEFT = 3;

/** One weekly slot: on these weekdays (0 Sunday … 6 Saturday), from start to end, taking `capacity` orders until `cutoffMinutes` before start. */
export interface SlotRule {
  days: number[];
  start: string;
  end: string;
  capacity: number;
  cutoffMinutes: number;
}

/** The slot part of the delivery settings. */
export interface SlotSettings {
  /** Today's "in N minutes" while the shop is open. */
  express: boolean;
  slots: SlotRule[];
  /** How many days ahead (today included) shoppers see slots. */
  slotDays: number;
  /** Days without slots or express. */
  closedDates: string[];
}

export const DEFAULT_SLOT_SETTINGS: SlotSettings = { express: true, slots: [], slotDays: DEFAULT_SLOT_DAYS, closedDates: [] };

/** The slot an order is delivered in. */
export interface DeliverySlot {
  date: string;
  start: string;
  end: string;
}

/** One slot as the shopper sees it. */
export interface SlotView {
  /** "2026-11-29T07:00". */
  id: string;
  start: string;
  end: string;
  /** Places left (0 when full). */
  left: number;
  /** Whether it can be chosen now (not full, not past its cut-off). */
  available: boolean;
  /** Why not, when not available ("Full", "Closed for orders"). */
  reason?: string;
}

export interface SlotDayView {
  date: string;
  /** "Today", "Tomorrow", "Sat 29 Nov". */
  label: string;
  slots: SlotView[];
}

/** GET /api/delivery/slots?pincode=… */
export interface DeliverySlots {
  success: true;
  express: { available: boolean; etaMinutes?: number; message: string };
  days: SlotDayView[];
}

/** The slot's id: its day and start ("2026-11-29T07:00"). */
export function slotId(date: string, start: string): string {
  return `${date}T${start}`;
}

const SLOT_ID = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/;

/** The day and start of a slot id, or undefined when it is not one. */
export function parseSlotId(id: string): { date: string; start: string } | undefined {
  const match = SLOT_ID.exec(id);
  if (!match || !isCalendarDay(match[1]) || !TIME_OF_DAY_PATTERN.test(match[2])) return undefined;
  return { date: match[1], start: match[2] };
}

/** Whether `text` is a real calendar day written YYYY-MM-DD. */
export function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [y, m, d] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** 0 (Sunday) to 6 (Saturday) of a calendar day. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The slots of a day, earliest first (none on a closed date). */
export function rulesOn(settings: SlotSettings, date: string): SlotRule[] {
  if (settings.closedDates.includes(date)) return [];
  const day = weekdayOf(date);
  return settings.slots.filter((rule) => rule.days.includes(day)).sort((a, b) => a.start.localeCompare(b.start));
}

/** "Today", "Tomorrow" or "Sat 29 Nov" for a day `offset` days from today. */
export function dayLabel(date: string, offset: number): string {
  if (offset === 0) return 'Today';
  if (offset === 1) return 'Tomorrow';
  return shortDay(date);
}

const shortDays = new Map<string, string>();

/** "Sat 29 Nov" (remembered: placing an order says it several times, and Intl's formatting is slow to set up). */
export function shortDay(date: string): string {
  const known = shortDays.get(date);
  if (known) return known;
  const at = new Date(`${date}T12:00:00Z`);
  const weekday = at.toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' });
  const month = at.toLocaleDateString('en-GB', { month: 'short', timeZone: 'UTC' }).replace('Sept', 'Sep');
  const said = `${weekday} ${at.getUTCDate()} ${month}`;
  if (shortDays.size > 1_000) shortDays.clear();
  shortDays.set(date, said);
  return said;
}

/** "Sat 29 Nov, 07:00–09:00": a slot in mails, lists, invoices and CSV. */
export function slotText(slot: DeliverySlot): string {
  return `${shortDay(slot.date)}, ${slot.start}–${slot.end}`;
}

/** When a slot stops taking orders. */
export function cutoffOf(date: string, rule: Pick<SlotRule, 'start' | 'cutoffMinutes'>, timeZone: string): Date {
  return new Date(shopTimeToInstant(date, rule.start, timeZone).getTime() - rule.cutoffMinutes * 60_000);
}

/** The instant a slot ends (its delivery promise). */
export function slotEnd(slot: DeliverySlot, timeZone: string): Date {
  return shopTimeToInstant(slot.date, slot.end, timeZone);
}

/** Why a slot cannot be chosen now (null: it can), given how many places are taken. */
export function slotRefusal(date: string, rule: SlotRule, taken: number, now: Date, timeZone: string): string | null {
  const name = `The ${shortDay(date)} ${rule.start}–${rule.end} slot`;
  if (now.getTime() >= cutoffOf(date, rule, timeZone).getTime()) return `${name} is closed for orders now; please choose another slot`;
  if (taken >= rule.capacity) return `${name} is full; please choose another slot`;
  return null;
}

/** One slot as the shopper sees it. */
export function slotView(date: string, rule: SlotRule, taken: number, now: Date, timeZone: string): SlotView {
  const left = Math.max(0, rule.capacity - taken);
  const past = now.getTime() >= cutoffOf(date, rule, timeZone).getTime();
  const available = !past && left > 0;
  return {
    id: slotId(date, rule.start),
    start: rule.start,
    end: rule.end,
    left,
    available,
    ...(available ? {} : { reason: past ? 'Closed for orders' : 'Full' }),
  };
}

/** "Only 2 left" when few places remain, else undefined. */
export function fewLeftText(slot: Pick<SlotView, 'left' | 'available'>): string | undefined {
  return slot.available && slot.left <= FEW_PLACES_LEFT ? `Only ${slot.left} left` : undefined;
}

const fail = (field: string, message: string) => ({ problem: { field, message } as SettingsProblem });
const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/** Reads the slot settings of a delivery settings body (each optional; defaults: express on, no slots, 3 days, no closed dates). */
export function readSlotSettings(input: Record<string, unknown>): { slots: SlotSettings } | { problem: SettingsProblem } {
  const express = input.express ?? true;
  if (typeof express !== 'boolean') return fail('express', 'express must be true or false');
  const slotDays = input.slotDays ?? DEFAULT_SLOT_DAYS;
  if (!isWhole(slotDays) || slotDays < 1 || slotDays > MAX_SLOT_DAYS)
    return fail('slotDays', `slotDays must be a whole number of days from 1 to ${MAX_SLOT_DAYS}`);
  const closed = input.closedDates ?? [];
  if (!Array.isArray(closed)) return fail('closedDates', 'closedDates must be a list of days written YYYY-MM-DD');
  if (closed.length > MAX_CLOSED_DATES) return fail('closedDates', `At most ${MAX_CLOSED_DATES} closed dates`);
  for (const [i, day] of closed.entries())
    if (typeof day !== 'string' || !isCalendarDay(day)) return fail(`closedDates.${i}`, `Closed date ${i + 1} must be a day written YYYY-MM-DD`);
  const rawSlots = input.slots ?? [];
  if (!Array.isArray(rawSlots)) return fail('slots', 'slots must be a list of { days, start, end, capacity, cutoffMinutes }');
  const slots: SlotRule[] = [];
  for (const [i, raw] of rawSlots.entries()) {
    const at = `slots.${i}`;
    const n = i + 1;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return fail(at, `Slot ${n} must be { days, start, end, capacity, cutoffMinutes }`);
    const slot = raw as Record<string, unknown>;
    for (const key of Object.keys(slot))
      if (!['days', 'start', 'end', 'capacity', 'cutoffMinutes'].includes(key)) return fail(`${at}.${key}`, `${key} is not a field of a delivery slot`);
    if (!Array.isArray(slot.days) || !slot.days.length || slot.days.some((d) => !isWhole(d) || d < 0 || d > 6))
      return fail(`${at}.days`, `Slot ${n}: days must list weekdays from 0 (Sunday) to 6 (Saturday)`);
    if (typeof slot.start !== 'string' || !TIME_OF_DAY_PATTERN.test(slot.start)) return fail(`${at}.start`, `Slot ${n}: the start must be HH:MM (24-hour)`);
    if (typeof slot.end !== 'string' || !TIME_OF_DAY_PATTERN.test(slot.end)) return fail(`${at}.end`, `Slot ${n}: the end must be HH:MM (24-hour)`);
    if (slot.end <= slot.start) return fail(`${at}.end`, `Slot ${n}: the end (${slot.end}) must be later than the start (${slot.start})`);
    if (!isWhole(slot.capacity) || slot.capacity < 1 || slot.capacity > MAX_SLOT_CAPACITY)
      return fail(`${at}.capacity`, `Slot ${n}: the capacity must be a whole number of orders from 1 to ${MAX_SLOT_CAPACITY}`);
    const cutoff = slot.cutoffMinutes ?? 0;
    if (!isWhole(cutoff) || cutoff < 0 || cutoff > MAX_CUTOFF_MINUTES)
      return fail(`${at}.cutoffMinutes`, `Slot ${n}: the cut-off must be a whole number of minutes from 0 to ${MAX_CUTOFF_MINUTES}`);
    slots.push({ days: [...new Set(slot.days as number[])].sort(), start: slot.start, end: slot.end, capacity: slot.capacity, cutoffMinutes: cutoff });
  }
  const names = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  for (let day = 0; day <= 6; day++) {
    const ofDay = slots.map((rule, i) => ({ rule, i })).filter(({ rule }) => rule.days.includes(day));
    if (ofDay.length > MAX_SLOTS_PER_DAY) return fail('slots', `At most ${MAX_SLOTS_PER_DAY} slots a day (${names[day]} has ${ofDay.length})`);
    ofDay.sort((a, b) => minutesOf(a.rule.start) - minutesOf(b.rule.start));
    for (let k = 1; k < ofDay.length; k++) {
      const [before, after] = [ofDay[k - 1], ofDay[k]];
      if (minutesOf(after.rule.start) < minutesOf(before.rule.end))
        return fail(
          `slots.${after.i}`,
          `Slots ${before.i + 1} (${before.rule.start}–${before.rule.end}) and ${after.i + 1} (${after.rule.start}–${after.rule.end}) overlap on ${names[day]}`,
        );
    }
  }
  return { slots: { express, slots, slotDays, closedDates: [...new Set(closed as string[])].sort() } };
}

/** GET / PUT /api/seller/delivery with the slot settings. */
export type DeliverySettingsWithSlots = DeliverySettings & SlotSettings;

const SLOT_KEYS = ['express', 'slots', 'slotDays', 'closedDates'];

/** The whole delivery settings body: areas, amounts and hours (readDeliverySettings), then the slots. */
export function readDeliverySettingsWithSlots(body: unknown): { settings: DeliverySettingsWithSlots } | { problem: SettingsProblem } {
  const input = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  const base = readDeliverySettings(input ? Object.fromEntries(Object.entries(input).filter(([key]) => !SLOT_KEYS.includes(key))) : body);
  if ('problem' in base) return base;
  const slots = readSlotSettings(input!);
  if ('problem' in slots) return slots;
  return { settings: { ...base.settings, ...slots.slots } };
}

/** One line of a slot's pick list: a product's pack size and how many of it the slot's orders want. */
export interface PickListLine {
  product: string;
  name: string;
  /** The pack size's label ("1 kg"), when the orders named one. */
  label?: string;
  category: string;
  quantity: number;
  /** How many of the slot's orders want it. */
  orders: number;
  /** The pack size's stock-keeping code and barcode, when the seller gave them. */
  sku?: string;
  barcode?: string;
}

/** GET /api/seller/slots/:date/:start/picklist */
export interface PickList {
  success: true;
  slot: DeliverySlot;
  /** "Sun 29 Nov, 07:00–09:00". */
  title: string;
  orders: number;
  lines: PickListLine[];
}

/** A slot as the packer's filter shows it ("Today 07:00–09:00 · 12 orders"). */
export interface PackerSlot extends DeliverySlot {
  id: string;
  label: string;
  orders: number;
}

/**
 * The pick list of a slot's orders: every product and pack size once with its total quantity, in aisle
 * order (the categories' order, then by name and size). Cancelled orders are not picked, nor lines
 * packed down to 0: a line whose total is 0 is left out, and `orders` counts the orders with some of it.
 * `codesOf` gives a pack size's SKU and barcode (from the catalogue), put on its line when present.
 */
export function pickListLines(
  orders: readonly {
    status: string;
    items: readonly { product: unknown; variant?: string; name: string; label?: string; category: string; quantity: number }[];
  }[],
  categoryOrder: readonly string[],
  codesOf: (product: string, variant: string | undefined) => { sku?: string; barcode?: string } | undefined = () => undefined,
): PickListLine[] {
  const lines = new Map<string, PickListLine>();
  for (const order of orders) {
    if (order.status === 'Cancelled') continue;
    for (const item of order.items) {
      if (!(item.quantity > 0)) continue;
      const product = String((item.product as { _id?: unknown } | null)?._id ?? item.product);
      const key = `${product}:${item.variant ?? ''}`;
      const codes = lines.has(key) ? undefined : codesOf(product, item.variant);
      const line = lines.get(key) ?? {
        product,
        name: item.name,
        ...(item.label ? { label: item.label } : {}),
        category: item.category,
        quantity: 0,
        orders: 0,
        ...(codes?.sku ? { sku: codes.sku } : {}),
        ...(codes?.barcode ? { barcode: codes.barcode } : {}),
      };
      line.quantity += item.quantity;
      line.orders += 1;
      lines.set(key, line);
    }
  }
  const aisle = (category: string) => {
    const at = categoryOrder.indexOf(category);
    return at < 0 ? categoryOrder.length : at;
  };
  return [...lines.values()].sort(
    (a, b) =>
      aisle(a.category) - aisle(b.category) ||
      a.category.localeCompare(b.category) ||
      a.name.localeCompare(b.name) ||
      (a.label ?? '').localeCompare(b.label ?? ''),
  );
}
