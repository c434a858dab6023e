import { couponDiscountPaise, couponRefusal, couponTitle, readCouponInput, shopTimeToInstant, type CouponContext } from './coupons';
import { discountFor, priceCart } from './pricing';

const TZ = 'Asia/Kolkata';
const ctx = (over: Partial<CouponContext> = {}): CouponContext => ({
  now: new Date('2026-11-27T10:00:00Z'),
  subtotalPaise: 50_000,
  hasOrdered: false,
  usedByShopper: 0,
  usedInTotal: 0,
  timeZone: TZ,
  ...over,
});
const base = { code: 'FLAT50', active: true, perShopperLimit: 1, firstOrderOnly: false };

describe('the discount (one money rule)', () => {
  it('takes a percent of the subtotal rounded down to the paisa, capped by maxDiscount and by the subtotal', () => {
    expect(discountFor(33_333, { kind: 'percent', value: 10 })).toBe(3333);
    expect(discountFor(200_000, { kind: 'percent', value: 10, maxDiscount: 100 })).toBe(10_000);
    expect(discountFor(4_000, { kind: 'flat', value: 75 })).toBe(4_000);
    expect(discountFor(10_000, { kind: 'flat', value: 50.5 })).toBe(5_050);
  });

  it('taxes the discounted value; the delivery threshold is judged before the discount', () => {
    const price = priceCart([{ offerPrice: 499, quantity: 1 }], { feePaise: 2500, freeAbovePaise: 49_900 }, { kind: 'flat', value: 50 });
    expect(price).toEqual({ subtotalPaise: 49_900, discountPaise: 5_000, taxPaise: 898, shippingPaise: 0, totalPaise: 45_798 });
    const percent = priceCart([{ offerPrice: 333.33, quantity: 1 }], null, { kind: 'percent', value: 15 });
    // 15% of 33,333 = 4,999.95 → 4,999; tax 2% of 28,334 = 566.68 → 566.
    expect(percent).toEqual({ subtotalPaise: 33_333, discountPaise: 4_999, taxPaise: 566, shippingPaise: 0, totalPaise: 28_900 });
  });

  it('takes a percent with decimals exactly: 12.5% of 33.33 × 3', () => {
    // 9,999 × 12.5% = 1,249.875 → 1,249; tax 2% of 8,750 = 175; total 8,925.
    expect(priceCart([{ offerPrice: 33.33, quantity: 3 }], null, { kind: 'percent', value: 12.5 })).toEqual({
      subtotalPaise: 9_999,
      discountPaise: 1_249,
      taxPaise: 175,
      shippingPaise: 0,
      totalPaise: 8_925,
    });
    expect(discountFor(10_000, { kind: 'percent', value: 33.33 })).toBe(3_333);
  });

  it('gives nothing below the coupon minimum', () => {
    expect(couponDiscountPaise(49_899, { kind: 'flat', value: 50, minSubtotal: 499 })).toBe(0);
    expect(couponDiscountPaise(49_900, { kind: 'flat', value: 50, minSubtotal: 499 })).toBe(5_000);
  });
});

describe('couponRefusal', () => {
  it('says why, one reason each', () => {
    expect(couponRefusal({ ...base, active: false }, ctx())).toBe('Coupon FLAT50 is not valid');
    expect(couponRefusal({ ...base, startsAt: '2026-12-01T00:00:00+05:30' }, ctx())).toBe('Coupon FLAT50 is not valid yet; it starts on 1 Dec 2026');
    expect(couponRefusal({ ...base, endsAt: '2026-11-26T23:59:59+05:30' }, ctx())).toBe('Coupon FLAT50 expired on 26 Nov 2026');
    expect(couponRefusal({ ...base, totalLimit: 5 }, ctx({ usedInTotal: 5 }))).toBe('Coupon FLAT50 has been used up');
    expect(couponRefusal({ ...base, firstOrderOnly: true }, ctx({ hasOrdered: true }))).toBe('Coupon FLAT50 is for your first order only');
    expect(couponRefusal(base, ctx({ usedByShopper: 1 }))).toBe('You have already used coupon FLAT50');
    expect(couponRefusal({ ...base, perShopperLimit: 3 }, ctx({ usedByShopper: 3 }))).toBe('You have already used coupon FLAT50 3 times, the most it allows');
    expect(couponRefusal({ ...base, minSubtotal: 499 }, ctx({ subtotalPaise: 37_900 }))).toBe(
      'Add ₹120.00 more of items to use FLAT50 (orders of ₹499.00 or more)',
    );
    expect(couponRefusal({ ...base, minSubtotal: 499, totalLimit: 5 }, ctx({ usedInTotal: 4 }))).toBeNull();
  });
});

describe('readCouponInput', () => {
  it('reads a whole coupon, code in capitals and days in the shop time zone', () => {
    const read = readCouponInput({ code: 'flat50', kind: 'flat', value: 50, minSubtotal: 499, startsAt: '2026-12-01', endsAt: '2026-12-31' }, { timeZone: TZ });
    expect(read).toEqual({
      terms: expect.objectContaining({
        code: 'FLAT50',
        perShopperLimit: 1,
        active: true,
        public: false,
        startsAt: '2026-11-30T18:30:00.000Z',
        endsAt: '2026-12-31T18:29:59.000Z',
      }),
    });
  });

  it('names the field of the first problem', () => {
    const before = { code: 'OK10', kind: 'flat' as const, value: 10, firstOrderOnly: false, perShopperLimit: 1, public: true, active: true };
    const problem = (body: unknown, partial = false) => {
      const read = readCouponInput(body, { timeZone: TZ, partial, ...(partial ? { before } : {}) });
      return 'problem' in read ? read.problem.field : null;
    };
    expect(problem({ code: 'ab', kind: 'flat', value: 5 })).toBe('code');
    expect(problem({ code: 'OK10', kind: 'percent', value: 95 })).toBe('value');
    expect(problem({ code: 'OK10', kind: 'percent', value: 12.5 })).toBeNull();
    expect(problem({ code: 'OK10', kind: 'percent', value: 12.555 })).toBe('value');
    expect(problem({ code: 'OK10', kind: 'percent', value: 0.5 })).toBe('value');
    expect(problem({ code: 'OK10', kind: 'flat', value: 10, maxDiscount: 5 })).toBe('maxDiscount');
    expect(problem({ code: 'OK10', kind: 'flat', value: 10.001 })).toBe('value');
    expect(problem({ code: 'OK10', kind: 'flat', value: 10, perShopperLimit: 0 })).toBe('perShopperLimit');
    expect(problem({ code: 'OK10', kind: 'flat', value: 10, startsAt: '2026-12-02', endsAt: '2026-12-01' })).toBe('endsAt');
    expect(problem({ code: 'OK10', kind: 'flat', value: 10, startsAt: '2026-02-30' })).toBe('startsAt');
    expect(problem({ code: 'OK10', kind: 'flat', value: 10, colour: 'red' })).toBe('colour');
    expect(problem({ kind: 'flat' })).toBe('code');
    expect(problem({ active: false }, true)).toBeNull();
    expect(problem({ kind: 'percent', value: 95 }, true)).toBe('value');
    expect(problem({ value: 12.5 }, true)).toBeNull();
  });
});

describe('couponTitle and time zones', () => {
  it('says the offer in a line', () => {
    expect(couponTitle({ kind: 'flat', value: 75, firstOrderOnly: true })).toBe('₹75 off your first order');
    expect(couponTitle({ kind: 'percent', value: 10, maxDiscount: 100, minSubtotal: 499, firstOrderOnly: false })).toBe(
      '10% off up to ₹100 on orders of ₹499 or more',
    );
  });

  it('finds the instant of a shop-time wall clock', () => {
    expect(shopTimeToInstant('2026-11-28', '00:00', TZ).toISOString()).toBe('2026-11-27T18:30:00.000Z');
    expect(shopTimeToInstant('2026-07-01', '09:00', 'Europe/London').toISOString()).toBe('2026-07-01T08:00:00.000Z');
  });
});
