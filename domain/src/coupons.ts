/**
 * Coupons: what a seller may set, when a coupon applies to a shopper's order, and how it is said.
 * The discount itself is pricing's `discountFor` (one money rule for the cart page and the server).
 */
import { discountFor, formatRupees, toPaise, type DiscountTerms } from './pricing';
import { isRupeeAmount, MAX_PRICE_RUPEES } from './limits';

export const COUPON_CODE_PATTERN = /^[A-Za-z0-9]{3,20}$/;
export const COUPON_CODE_MESSAGE = 'A coupon code is 3 to 20 letters and digits';
export const MAX_COUPON_PERCENT = 90;
export const MAX_PER_SHOPPER_LIMIT = 100;
export const MAX_TOTAL_LIMIT = 1_000_000;
export const MAX_COUPONS = 200;

/** Codes are case-insensitive: stored and compared in capitals. */
export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** A coupon as the seller sets it (rupees; dates as ISO timestamps). */
export interface CouponTerms extends DiscountTerms {
  code: string;
  minSubtotal?: number | null;
  startsAt?: string | null;
  endsAt?: string | null;
  firstOrderOnly: boolean;
  perShopperLimit: number;
  totalLimit?: number | null;
  public: boolean;
  active: boolean;
}

/** A coupon as the seller's list shows it. */
export interface SellerCoupon extends CouponTerms {
  _id: string;
  /** Orders that used it (cancelled ones gave theirs back). */
  used: number;
  /** Uses held by open online checkouts. */
  held: number;
  /** The discount given in total, in paise. */
  discountGivenPaise: number;
  createdAt: string;
}

/** A public coupon as a shopper sees it, judged against their cart. */
export interface OfferView {
  code: string;
  /** "₹75 off your first order", "10% off up to ₹100 on orders above ₹499". */
  title: string;
  kind: DiscountTerms['kind'];
  value: number;
  maxDiscount?: number | null;
  minSubtotal?: number | null;
  endsAt?: string | null;
  firstOrderOnly: boolean;
  /** Whether the cart as it is can use it. */
  applies: boolean;
  /** What the cart would save (0 when it does not apply). */
  discountPaise: number;
  /** Why not, when it does not apply ("Add ₹120.00 more to use FLAT50"). */
  message?: string;
}

/** "₹75 off", "10% off up to ₹100", with "on orders above ₹499" and "your first order". */
export function couponTitle(terms: Pick<CouponTerms, 'kind' | 'value' | 'maxDiscount' | 'minSubtotal' | 'firstOrderOnly'>): string {
  const rupees = (value: number) => formatRupees(toPaise(value)).replace(/\.00$/, '');
  const off =
    terms.kind === 'flat'
      ? `${rupees(terms.value)} off`
      : `${terms.value}% off${terms.maxDiscount !== undefined && terms.maxDiscount !== null ? ` up to ${rupees(terms.maxDiscount)}` : ''}`;
  const first = terms.firstOrderOnly ? (terms.kind === 'percent' && terms.maxDiscount ? ' on your first order' : ' your first order') : '';
  const min = terms.minSubtotal ? ` on orders of ${rupees(terms.minSubtotal)} or more` : '';
  return `${off}${first}${min}`;
}

/** What the server knows of a shopper and a coupon when it judges an order. */
export interface CouponContext {
  now: Date;
  /** The items' subtotal, before the discount. */
  subtotalPaise: number;
  /** Whether the shopper has an order that was not cancelled. */
  hasOrdered: boolean;
  /** The shopper's uses of this coupon (orders not cancelled, and open online checkouts). */
  usedByShopper: number;
  /** Uses of the coupon by everyone (including open online checkouts). */
  usedInTotal: number;
  timeZone: string;
}

/** Why this coupon cannot go with the order (null: it can), one message per reason, first the coupon's own. */
export function couponRefusal(
  coupon: Pick<CouponTerms, 'code' | 'active' | 'startsAt' | 'endsAt' | 'totalLimit' | 'perShopperLimit' | 'firstOrderOnly' | 'minSubtotal'>,
  ctx: CouponContext,
): string | null {
  const code = coupon.code;
  if (!coupon.active) return `Coupon ${code} is not valid`;
  if (coupon.startsAt && ctx.now.getTime() < new Date(coupon.startsAt).getTime())
    return `Coupon ${code} is not valid yet; it starts on ${shopDate(new Date(coupon.startsAt), ctx.timeZone)}`;
  if (coupon.endsAt && ctx.now.getTime() > new Date(coupon.endsAt).getTime())
    return `Coupon ${code} expired on ${shopDate(new Date(coupon.endsAt), ctx.timeZone)}`;
  if (coupon.totalLimit !== undefined && coupon.totalLimit !== null && ctx.usedInTotal >= coupon.totalLimit) return `Coupon ${code} has been used up`;
  if (coupon.firstOrderOnly && ctx.hasOrdered) return `Coupon ${code} is for your first order only`;
  if (ctx.usedByShopper >= coupon.perShopperLimit)
    return coupon.perShopperLimit === 1
      ? `You have already used coupon ${code}`
      : `You have already used coupon ${code} ${coupon.perShopperLimit} times, the most it allows`;
  const gap = minimumGapPaise(ctx.subtotalPaise, coupon.minSubtotal);
  if (gap > 0) return `Add ${formatRupees(gap)} more of items to use ${code} (orders of ${formatRupees(toPaise(coupon.minSubtotal!))} or more)`;
  return null;
}

/** How much more the items' subtotal needs to reach the coupon's minimum (0: it reaches it). */
export function minimumGapPaise(subtotalPaise: number, minSubtotal?: number | null): number {
  if (minSubtotal === undefined || minSubtotal === null) return 0;
  return Math.max(0, toPaise(minSubtotal) - subtotalPaise);
}

/** The discount a coupon gives on a subtotal (0 below its minimum). */
export function couponDiscountPaise(subtotalPaise: number, coupon: DiscountTerms & { minSubtotal?: number | null }): number {
  return minimumGapPaise(subtotalPaise, coupon.minSubtotal) > 0 ? 0 : discountFor(subtotalPaise, coupon);
}

/** "27 Nov 2026" in the shop's time zone. */
export function shopDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short', year: 'numeric' }).format(at).replace('Sept', 'Sep');
}

const zoneClocks = new Map<string, Intl.DateTimeFormat>();

/** One formatter per time zone: making one costs far more than using it (delivery slots ask for dozens per request). */
function zoneClock(timeZone: string): Intl.DateTimeFormat {
  let found = zoneClocks.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    zoneClocks.set(timeZone, found);
  }
  return found;
}

/**
 * The instant a shop-time wall clock reads `date` (YYYY-MM-DD) at `time` (HH:MM[:SS]) in `timeZone`.
 * Found from the zone's offset at that moment (India has no daylight saving; elsewhere a time skipped by
 * a change of clocks reads as the next valid one).
 */
export function shopTimeToInstant(date: string, time: string, timeZone: string): Date {
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi, s = 0] = time.split(':').map(Number);
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  const offset = (at: number) => {
    const parts = zoneClock(timeZone).formatToParts(new Date(at));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - at;
  };
  const first = asUtc - offset(asUtc);
  return new Date(asUtc - offset(first));
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A seller's start or end: a day (YYYY-MM-DD, in the shop's time zone: a start from 00:00, an end through
 * 23:59:59) or an ISO timestamp. Undefined when it is neither.
 */
export function readCouponDate(value: string, edge: 'start' | 'end', timeZone: string): Date | undefined {
  if (DATE_ONLY.test(value)) {
    const [y, m, d] = value.split('-').map(Number);
    const check = new Date(Date.UTC(y, m - 1, d));
    if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return undefined;
    return shopTimeToInstant(value, edge === 'start' ? '00:00:00' : '23:59:59', timeZone);
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** The seller's input for a coupon, as sent (rupees, dates as text); `partial` for an edit. */
export type CouponInput = Partial<Omit<CouponTerms, 'startsAt' | 'endsAt'>> & { startsAt?: string | null; endsAt?: string | null };

export interface CouponProblem {
  field: string;
  message: string;
}

const FIELDS = new Set([
  'code',
  'kind',
  'value',
  'maxDiscount',
  'minSubtotal',
  'startsAt',
  'endsAt',
  'firstOrderOnly',
  'perShopperLimit',
  'totalLimit',
  'public',
  'active',
]);

/**
 * Checks a seller's coupon (all of it for a new one, the fields sent for an edit, then the whole as it
 * would be): the first problem, or the terms with dates as instants (ISO) and the code in capitals.
 */
export function readCouponInput(
  body: unknown,
  { partial = false, before, timeZone }: { partial?: boolean; before?: CouponTerms; timeZone: string },
): { terms: CouponTerms } | { problem: CouponProblem } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { problem: { field: 'body', message: 'Send the coupon as a JSON object' } };
  const input = body as Record<string, unknown>;
  for (const key of Object.keys(input)) if (!FIELDS.has(key)) return { problem: { field: key, message: `${key} is not a coupon field` } };
  const problem = (field: string, message: string) => ({ problem: { field, message } });
  const given = (key: string) => input[key] !== undefined;
  if (!partial) {
    for (const key of ['code', 'kind', 'value'] as const) if (!given(key)) return problem(key, `${key} is required`);
  }
  const terms: CouponTerms = before
    ? { ...before }
    : { code: '', kind: 'flat', value: 0, firstOrderOnly: false, perShopperLimit: 1, public: false, active: true };
  if (given('code')) {
    if (typeof input.code !== 'string' || !COUPON_CODE_PATTERN.test(input.code.trim())) return problem('code', COUPON_CODE_MESSAGE);
    terms.code = normaliseCouponCode(input.code);
  }
  if (given('kind')) {
    if (input.kind !== 'percent' && input.kind !== 'flat') return problem('kind', "kind must be 'percent' or 'flat'");
    terms.kind = input.kind;
  }
  if (given('value')) {
    if (typeof input.value !== 'number' || !Number.isFinite(input.value)) return problem('value', 'value must be a number');
    terms.value = input.value;
  }
  const money = (key: 'maxDiscount' | 'minSubtotal'): CouponProblem | undefined => {
    if (!given(key)) return undefined;
    const value = input[key];
    if (value === null) {
      terms[key] = null;
      return undefined;
    }
    if (!isRupeeAmount(value) || value <= 0 || value > MAX_PRICE_RUPEES)
      return { field: key, message: `${key} must be an amount in rupees above 0 (at most 2 decimals)` };
    terms[key] = value;
    return undefined;
  };
  const moneyProblem = money('maxDiscount') ?? money('minSubtotal');
  if (moneyProblem) return { problem: moneyProblem };
  for (const key of ['startsAt', 'endsAt'] as const) {
    if (!given(key)) continue;
    const value = input[key];
    if (value === null || value === '') {
      terms[key] = null;
      continue;
    }
    const at = typeof value === 'string' ? readCouponDate(value, key === 'startsAt' ? 'start' : 'end', timeZone) : undefined;
    if (!at) return problem(key, `${key} must be a date (YYYY-MM-DD) or a date and time`);
    terms[key] = at.toISOString();
  }
  for (const key of ['firstOrderOnly', 'public', 'active'] as const) {
    if (!given(key)) continue;
    if (typeof input[key] !== 'boolean') return problem(key, `${key} must be true or false`);
    terms[key] = input[key];
  }
  if (given('perShopperLimit')) {
    const value = input.perShopperLimit;
    if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > MAX_PER_SHOPPER_LIMIT)
      return problem('perShopperLimit', `perShopperLimit must be a whole number from 1 to ${MAX_PER_SHOPPER_LIMIT}`);
    terms.perShopperLimit = value as number;
  }
  if (given('totalLimit')) {
    const value = input.totalLimit;
    if (value === null) terms.totalLimit = null;
    else if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > MAX_TOTAL_LIMIT)
      return problem('totalLimit', `totalLimit must be a whole number from 1 to ${MAX_TOTAL_LIMIT}`);
    else terms.totalLimit = value as number;
  }
  // The whole, as it would be.
  if (terms.kind === 'percent') {
    if (!isRupeeAmount(terms.value) || terms.value < 1 || terms.value > MAX_COUPON_PERCENT)
      return problem('value', `A percent coupon's value is from 1 to ${MAX_COUPON_PERCENT} (at most 2 decimals, as 12.5)`);
  } else {
    if (!isRupeeAmount(terms.value) || terms.value <= 0 || terms.value > MAX_PRICE_RUPEES)
      return problem('value', "A flat coupon's value is an amount in rupees above 0 (at most 2 decimals)");
    if (terms.maxDiscount !== undefined && terms.maxDiscount !== null) return problem('maxDiscount', 'maxDiscount is for percent coupons only');
  }
  if (terms.startsAt && terms.endsAt && new Date(terms.endsAt).getTime() <= new Date(terms.startsAt).getTime())
    return problem('endsAt', 'endsAt must be after startsAt');
  return { terms };
}
