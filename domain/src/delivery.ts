/**
 * Where and when the shop delivers: the seller's areas (pincode, ETA, fee), a free-delivery threshold,
 * a minimum order and opening hours. Amounts here are rupees, as the seller types them; pricing turns
 * them into paise (`priceCart`'s DeliveryCharge).
 */
import { normalisePincode } from './limits';

export const DEFAULT_ETA_MINUTES = 30;
export const MIN_ETA_MINUTES = 5;
export const MAX_ETA_MINUTES = 240;
export const MAX_DELIVERY_FEE = 500;
export const MAX_DELIVERY_AREAS = 2_000;
/** Highest minimum order / free-delivery threshold a seller can set. */
export const MAX_ORDER_THRESHOLD = 100_000;
/** "07:00", "23:30": 24-hour time in the shop's time zone. */
export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export interface DeliveryArea {
  /** Six digits, not starting with 0. */
  pincode: string;
  etaMinutes: number;
  /** Rupees, 0–500. */
  fee: number;
}

export interface DeliveryHours {
  open: string;
  /** Earlier than `open` means after midnight (07:00–02:00). Equal to `open`: open all day. */
  close: string;
}

/** GET / PUT /api/seller/delivery. */
export interface DeliverySettings {
  /** Empty: every pincode is served, fee 0, no minimum (a fresh shop works as the spec's does). */
  areas: DeliveryArea[];
  /** Rupees; from this subtotal delivery is free. null: no threshold. */
  freeDeliveryAbove: number | null;
  /** Rupees; 0: no minimum. */
  minimumOrder: number;
  /** null: open all the time. */
  hours: DeliveryHours | null;
}

/** GET /api/delivery?pincode=… */
export interface DeliveryCheck {
  success: true;
  pincode: string;
  serviceable: boolean;
  etaMinutes?: number;
  fee?: number;
  freeDeliveryAbove?: number;
  minimumOrder?: number;
  open: boolean;
  /** "07:00" when closed now. */
  opensAt?: string;
  /** True when closed now and the next opening is tomorrow (closed for the night), not later today. */
  opensTomorrow?: boolean;
  /** "23:00" when open now with hours. */
  closesAt?: string;
  message: string;
}

/** Minutes since midnight of "HH:MM". */
function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
}

/** The wall-clock time of `now` in `timeZone`, in minutes since midnight. */
const clocks = new Map<string, Intl.DateTimeFormat>();

export function minutesInZone(now: Date, timeZone: string): number {
  let clock = clocks.get(timeZone);
  if (!clock) clocks.set(timeZone, (clock = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })));
  const parts = clock.formatToParts(now);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return hour * 60 + minute;
}

/** Whether the shop is open at `now` (hours in `timeZone`), with when it opens or closes. */
export function openingState(
  hours: DeliveryHours | null | undefined,
  now: Date,
  timeZone: string,
): { open: boolean; opensAt?: string; opensTomorrow?: boolean; closesAt?: string } {
  if (!hours) return { open: true };
  const open = minutesOf(hours.open);
  const close = minutesOf(hours.close);
  if (open === close) return { open: true };
  const t = minutesInZone(now, timeZone);
  const isOpen = open < close ? t >= open && t < close : t >= open || t < close;
  if (isOpen) return { open: true, closesAt: hours.close };
  // Closed: the next opening is later today when it is still ahead on the clock, else tomorrow.
  return t < open ? { open: false, opensAt: hours.open } : { open: false, opensAt: hours.open, opensTomorrow: true };
}

/** "Delivery in 25 min" / "We don't deliver to 560001 yet" / "Closed now · opens at 07:00" / "Closed now · opens tomorrow at 07:00". */
export function deliveryMessage(check: Pick<DeliveryCheck, 'pincode' | 'serviceable' | 'etaMinutes' | 'open' | 'opensAt' | 'opensTomorrow'>): string {
  if (!check.serviceable) return `Sorry, we don't deliver to ${check.pincode} yet`;
  if (!check.open) return `Closed now · opens ${check.opensTomorrow ? 'tomorrow ' : ''}at ${check.opensAt}`;
  return `Delivery in ${check.etaMinutes} min`;
}

/** The delivery promise of an order placed at `placedAt` with an area's ETA. */
export function deliverByFor(placedAt: Date, etaMinutes: number): Date {
  return new Date(placedAt.getTime() + etaMinutes * 60_000);
}

/** One problem of a settings form: the field's path in the request (`areas.2.pincode`) and what is wrong with it. */
export interface SettingsProblem {
  field: string;
  message: string;
}

const PINCODE = /^[1-9]\d{5}$/;
const isWholeNumber = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);
/** Rupees with at most 2 decimals, between `min` and `max`. */
const isRupees = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/**
 * Reads the seller's delivery settings from a request body, or says what is wrong, naming the field.
 * `freeDeliveryAbove`, `minimumOrder` and `hours` may be left out (no threshold, no minimum, always open).
 */
export function readDeliverySettings(body: unknown): { settings: DeliverySettings } | { problem: SettingsProblem } {
  const fail = (field: string, message: string) => ({ problem: { field, message } });
  if (!body || typeof body !== 'object' || Array.isArray(body)) return fail('areas', 'The delivery settings must be an object');
  const input = body as Record<string, unknown>;
  for (const key of Object.keys(input)) {
    if (!['areas', 'freeDeliveryAbove', 'minimumOrder', 'hours'].includes(key)) return fail(key, `${key} is not a delivery setting`);
  }
  if (!Array.isArray(input.areas)) return fail('areas', 'areas must be a list of { pincode, etaMinutes, fee }');
  if (input.areas.length > MAX_DELIVERY_AREAS) return fail('areas', `At most ${MAX_DELIVERY_AREAS} delivery areas`);
  const areas: DeliveryArea[] = [];
  const seen = new Map<string, number>();
  for (const [i, raw] of input.areas.entries()) {
    const at = `areas.${i}`;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return fail(at, `Area ${i + 1} must be { pincode, etaMinutes, fee }`);
    const area = raw as Record<string, unknown>;
    for (const key of Object.keys(area))
      if (!['pincode', 'etaMinutes', 'fee'].includes(key)) return fail(`${at}.${key}`, `${key} is not a field of a delivery area`);
    // Pasted as "411 045": read as 411045.
    const pincode = typeof area.pincode === 'string' ? normalisePincode(area.pincode) : area.pincode;
    if (typeof pincode !== 'string' || !PINCODE.test(pincode)) return fail(`${at}.pincode`, `Area ${i + 1}: the pincode must be 6 digits, not starting with 0`);
    if (seen.has(pincode)) return fail(`${at}.pincode`, `Pincode ${pincode} is listed twice (areas ${seen.get(pincode)! + 1} and ${i + 1})`);
    seen.set(pincode, i);
    if (!isWholeNumber(area.etaMinutes) || area.etaMinutes < MIN_ETA_MINUTES || area.etaMinutes > MAX_ETA_MINUTES) {
      return fail(`${at}.etaMinutes`, `Pincode ${pincode}: the delivery time must be a whole number of minutes from ${MIN_ETA_MINUTES} to ${MAX_ETA_MINUTES}`);
    }
    if (!isRupees(area.fee, 0, MAX_DELIVERY_FEE))
      return fail(`${at}.fee`, `Pincode ${pincode}: the fee must be ₹0 to ₹${MAX_DELIVERY_FEE} (at most 2 decimals)`);
    areas.push({ pincode, etaMinutes: area.etaMinutes, fee: area.fee });
  }
  const free = input.freeDeliveryAbove;
  if (free !== undefined && free !== null && !isRupees(free, 0, MAX_ORDER_THRESHOLD)) {
    return fail('freeDeliveryAbove', `freeDeliveryAbove must be an amount from ₹0 to ₹${MAX_ORDER_THRESHOLD} (or null for no free delivery)`);
  }
  const minimum = input.minimumOrder;
  if (minimum !== undefined && !isRupees(minimum, 0, MAX_ORDER_THRESHOLD))
    return fail('minimumOrder', `minimumOrder must be an amount from ₹0 to ₹${MAX_ORDER_THRESHOLD}`);
  let hours: DeliveryHours | null = null;
  if (input.hours !== undefined && input.hours !== null) {
    const h = input.hours as Record<string, unknown>;
    if (typeof h !== 'object' || Array.isArray(h)) return fail('hours', 'hours must be { open: "07:00", close: "23:00" } or null');
    for (const key of Object.keys(h)) if (!['open', 'close'].includes(key)) return fail(`hours.${key}`, `${key} is not a field of the opening hours`);
    if (typeof h.open !== 'string' || !TIME_OF_DAY_PATTERN.test(h.open)) return fail('hours.open', 'The opening time must be HH:MM (24-hour), e.g. 07:00');
    if (typeof h.close !== 'string' || !TIME_OF_DAY_PATTERN.test(h.close)) return fail('hours.close', 'The closing time must be HH:MM (24-hour), e.g. 23:00');
    hours = { open: h.open, close: h.close };
  }
  return { settings: { areas, freeDeliveryAbove: (free as number | null | undefined) ?? null, minimumOrder: (minimum as number | undefined) ?? 0, hours } };
}
