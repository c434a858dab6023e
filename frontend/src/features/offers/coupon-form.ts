import { readCouponInput, type CouponProblem, type SellerCoupon } from '@greencart/domain';
import { shopDayInput, shopTimeZone } from './shop-time';

/** What the seller types: text until sent, so a half-typed number is not lost. */
export interface CouponFormValues {
  code: string;
  kind: 'percent' | 'flat';
  value: string;
  maxDiscount: string;
  minSubtotal: string;
  /** A day (YYYY-MM-DD), or empty for none. */
  startsAt: string;
  endsAt: string;
  firstOrderOnly: boolean;
  perShopperLimit: string;
  /** Empty: no limit. */
  totalLimit: string;
  public: boolean;
  active: boolean;
}

/** The body of POST /api/seller/coupons (and the fields of a PATCH): numbers where numbers were typed, days as text. */
export interface CouponBody {
  code: string;
  kind: 'percent' | 'flat';
  value: number | string;
  maxDiscount?: number | string | null;
  minSubtotal?: number | string | null;
  startsAt?: string | null;
  endsAt?: string | null;
  firstOrderOnly: boolean;
  perShopperLimit: number | string;
  totalLimit?: number | string | null;
  public: boolean;
  active: boolean;
}

export const EMPTY_COUPON_FORM: CouponFormValues = {
  code: '',
  kind: 'flat',
  value: '',
  maxDiscount: '',
  minSubtotal: '',
  startsAt: '',
  endsAt: '',
  firstOrderOnly: false,
  perShopperLimit: '1',
  totalLimit: '',
  public: true,
  active: true,
};

const text = (value: number | null | undefined) => (value === undefined || value === null ? '' : String(value));

/** The form of a saved coupon, dates as the shop's days. */
export function couponToForm(coupon: SellerCoupon): CouponFormValues {
  return {
    code: coupon.code,
    kind: coupon.kind,
    value: String(coupon.value),
    maxDiscount: text(coupon.maxDiscount),
    minSubtotal: text(coupon.minSubtotal),
    startsAt: coupon.startsAt ? shopDayInput(coupon.startsAt) : '',
    endsAt: coupon.endsAt ? shopDayInput(coupon.endsAt) : '',
    firstOrderOnly: coupon.firstOrderOnly,
    perShopperLimit: String(coupon.perShopperLimit),
    totalLimit: text(coupon.totalLimit),
    public: coupon.public,
    active: coupon.active,
  };
}

/** A number where the seller typed one; other text stays text, for the rules to say what is wrong. */
const asNumber = (typed: string): number | string => (/^\s*-?\d+(\.\d+)?\s*$/.test(typed) ? Number(typed) : typed.trim());
/** An optional field: null when left empty. */
const optional = (typed: string): number | string | null => (typed.trim() === '' ? null : asNumber(typed));

/** Every field as the server takes it; empty optional fields are null (a cap only for a percent coupon). */
function fullBody(values: CouponFormValues): CouponBody {
  return {
    code: values.code.trim(),
    kind: values.kind,
    value: asNumber(values.value),
    maxDiscount: values.kind === 'percent' ? optional(values.maxDiscount) : null,
    minSubtotal: optional(values.minSubtotal),
    startsAt: values.startsAt || null,
    endsAt: values.endsAt || null,
    firstOrderOnly: values.firstOrderOnly,
    perShopperLimit: asNumber(values.perShopperLimit),
    totalLimit: optional(values.totalLimit),
    public: values.public,
    active: values.active,
  };
}

/** A new coupon's body: the optional fields left empty are not sent. */
export function newCouponBody(values: CouponFormValues): CouponBody {
  const body = fullBody(values);
  for (const key of ['maxDiscount', 'minSubtotal', 'startsAt', 'endsAt', 'totalLimit'] as const) if (body[key] === null) delete body[key];
  return body;
}

/** An edit's body: only the fields that changed from `initial` (null clears an optional one). */
export function couponChanges(initial: CouponFormValues, values: CouponFormValues): Partial<CouponBody> {
  const before = fullBody(initial);
  const after = fullBody(values);
  const changes: Partial<CouponBody> = {};
  for (const key of Object.keys(after) as (keyof CouponBody)[]) {
    if (after[key] !== before[key]) (changes as Record<string, unknown>)[key] = after[key];
  }
  return changes;
}

/** The server's own check of a coupon (domain package), before sending: the first problem, or null. */
export function couponFormProblem(body: Partial<CouponBody>, before?: SellerCoupon): CouponProblem | null {
  const read = before ? readCouponInput(body, { partial: true, before, timeZone: shopTimeZone() }) : readCouponInput(body, { timeZone: shopTimeZone() });
  return 'problem' in read ? read.problem : null;
}
