import { couponDiscountPaise, couponRefusal, minimumGapPaise, type DiscountTerms, type OfferView } from '@greencart/domain';
import { useSyncExternalStore } from 'react';
import { ApiError } from '@/lib/api-client';
import { SHOP_TIME_ZONE } from './shop-time';

/** The coupon the shopper applied: its terms, so the cart page prices it as the cart changes. */
export interface AppliedCoupon extends DiscountTerms {
  code: string;
  title: string;
  minSubtotal?: number | null;
}

interface AppliedState {
  coupon: AppliedCoupon | null;
  /** Why the last applied coupon was taken off (the server refused it at placing), until the next one. */
  notice: string | null;
}

/** Kept for this tab until the order is placed or the shopper removes it (a new tab starts without one). */
const KEY = 'greencart:coupon';
const listeners = new Set<() => void>();

function read(): AppliedCoupon | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<AppliedCoupon> | null;
    if (!stored || typeof stored.code !== 'string' || (stored.kind !== 'flat' && stored.kind !== 'percent') || typeof stored.value !== 'number') return null;
    return {
      code: stored.code,
      title: typeof stored.title === 'string' ? stored.title : stored.code,
      kind: stored.kind,
      value: stored.value,
      maxDiscount: typeof stored.maxDiscount === 'number' ? stored.maxDiscount : null,
      minSubtotal: typeof stored.minSubtotal === 'number' ? stored.minSubtotal : null,
    };
  } catch {
    return null;
  }
}

let state: AppliedState = { coupon: typeof window === 'undefined' ? null : read(), notice: null };

function change(next: AppliedState) {
  state = next;
  try {
    if (next.coupon) sessionStorage.setItem(KEY, JSON.stringify(next.coupon));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): kept for this page's life.
  }
  listeners.forEach((listener) => listener());
}

export const appliedCouponStore = {
  get: () => state,
  /** The coupon the server just accepted for this cart. */
  apply(offer: Pick<OfferView, 'code' | 'title' | 'kind' | 'value' | 'maxDiscount' | 'minSubtotal'>) {
    const { code, title, kind, value, maxDiscount = null, minSubtotal = null } = offer;
    change({ coupon: { code, title, kind, value, maxDiscount, minSubtotal }, notice: null });
  },
  /** The shopper took it off, or the order that used it is placed. */
  remove() {
    change({ coupon: null, notice: null });
  },
  /** The server refused it when the order was placed: taken off, saying why. */
  refused(message: string) {
    change({ coupon: null, notice: message });
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    // Tests clear storage between cases and say so with a storage event without a key.
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== KEY) return;
      state = { coupon: read(), notice: null };
      listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};

const NONE: AppliedState = { coupon: null, notice: null };

/** The applied coupon (null: none) and why the last one was taken off. */
export function useAppliedCoupon(): AppliedState {
  return useSyncExternalStore(appliedCouponStore.subscribe, appliedCouponStore.get, () => NONE);
}

/** The applied coupon judged against the cart as it is now. */
export interface CouponInCart {
  coupon: AppliedCoupon;
  /** The terms to price with; null while the cart is below the coupon's minimum. */
  terms: DiscountTerms | null;
  discountPaise: number;
  /** How much more of items the coupon needs (0: it applies). */
  gapPaise: number;
  /** "Add ₹120.00 more of items to use FLAT50 (orders of ₹499.00 or more)", while short. */
  message: string | null;
}

/**
 * The applied coupon on the cart's live subtotal (before the discount), by the domain's rules: the page may
 * be ahead of the server's copy of the cart. Reasons only the server knows (first order, used already) are
 * checked again when the order is placed.
 */
export function couponInCart(coupon: AppliedCoupon | null, subtotalPaise: number): CouponInCart | null {
  if (!coupon) return null;
  const gapPaise = minimumGapPaise(subtotalPaise, coupon.minSubtotal);
  const discountPaise = couponDiscountPaise(subtotalPaise, coupon);
  return {
    coupon,
    terms: gapPaise > 0 ? null : { kind: coupon.kind, value: coupon.value, maxDiscount: coupon.maxDiscount },
    discountPaise,
    gapPaise,
    message: gapPaise > 0 ? minimumMessage(coupon, subtotalPaise) : null,
  };
}

/** The server's own words for a cart below a coupon's minimum (the domain's refusal, with only the minimum in question). */
export function minimumMessage(coupon: Pick<AppliedCoupon, 'code' | 'minSubtotal'>, subtotalPaise: number): string | null {
  return couponRefusal(
    { code: coupon.code, active: true, perShopperLimit: 1, firstOrderOnly: false, minSubtotal: coupon.minSubtotal },
    { now: new Date(), subtotalPaise, hasOrdered: false, usedByShopper: 0, usedInTotal: 0, timeZone: SHOP_TIME_ZONE },
  );
}

/** Whether placing an order failed because of its coupon (the server's refusal names the code). */
export function isCouponRefusal(error: unknown, code: string): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 401 &&
    error.status !== 429 &&
    error.message.toUpperCase().includes(code.toUpperCase())
  );
}
