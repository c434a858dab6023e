import { shopDate } from '@greencart/domain';

/**
 * The shop's time zone for the seller's coupon dates: the server reads a day ("2026-12-31") in its
 * SHOP_TIMEZONE, whose default this is; the coupon API does not say the zone it uses.
 */
export const SHOP_TIME_ZONE = 'Asia/Kolkata';

/** "31 Dec 2026" in the shop's time zone. */
export function shopDay(iso: string): string {
  return shopDate(new Date(iso), SHOP_TIME_ZONE);
}

/** The shop's day of an instant as a date input reads it (YYYY-MM-DD). */
export function shopDayInput(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}
