import { shopDate } from '@greencart/domain';

/**
 * The shop's time zone for coupon dates: the server reads a day ("2026-12-31") in its SHOP_TIMEZONE. This
 * is its default until the seller's coupon list says the zone it uses (`shopTimeZone` is then that one).
 */
export const SHOP_TIME_ZONE = 'Asia/Kolkata';
let zone = SHOP_TIME_ZONE;

/** The zone the server named (from GET /api/seller/coupons). */
export function setShopTimeZone(timeZone: string | undefined): void {
  if (timeZone) zone = timeZone;
}

export function shopTimeZone(): string {
  return zone;
}

/** "31 Dec 2026" in the shop's time zone. */
export function shopDay(iso: string): string {
  return shopDate(new Date(iso), zone);
}

/** The shop's day of an instant as a date input reads it (YYYY-MM-DD). */
export function shopDayInput(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}
