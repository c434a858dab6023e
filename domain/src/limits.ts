/** Rules both tiers apply: the server enforces them, the pages say them before the server has to. */

/** At most 99 of one product in a cart or an order line. */
export const MAX_LINE_QUANTITY = 99;
/** At most 100 different products in one cart. */
export const MAX_CART_LINES = 100;

/** Spec §9: at most 4 images per product. */
export const MAX_PRODUCT_IMAGES = 4;
/** Each product picture must be under 5 MB. */
export const MAX_IMAGE_MB = 5;
export const MAX_IMAGE_BYTES = MAX_IMAGE_MB * 1024 * 1024;

export const MAX_PRODUCT_NAME_LENGTH = 120;
export const MAX_PRODUCT_DESCRIPTION_LENGTH = 2000;
export const MAX_PRODUCT_WEIGHT_LENGTH = 40;
/** Keeps every amount far inside the safe-integer range once turned into paise. */
export const MAX_PRICE_RUPEES = 1_000_000;

export const MAX_FIRST_NAME_LENGTH = 50;
export const MAX_EMAIL_LENGTH = 254;
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
/** The longest reason the shop may give for cancelling an order. */
export const MAX_CANCEL_REASON_LENGTH = 200;

/** Longest text of each address field. */
export const ADDRESS_LIMITS = { firstName: 50, lastName: 50, email: 254, house: 100, street: 200, landmark: 100, city: 60, state: 60 } as const;
/** An Indian PIN code: six digits, not starting with 0. */
export const PINCODE_PATTERN = /^[1-9]\d{5}$/;
/** An Indian mobile number, optionally with +91, once normalised (see normalisePhone in address.ts). */
export const PHONE_PATTERN = /^(\+91)?[6-9]\d{9}$/;
export const PINCODE_MESSAGE = 'Pincode must be 6 digits';

/** A pincode as typed or pasted ("411 045", "411-045", " 411045"): its spaces, dashes and dots go before the 6-digit check. */
export function normalisePincode(pincode: string): string {
  return pincode.replace(/[\s\-.\u2013]/g, '');
}
export const PHONE_MESSAGE = 'Phone must be a 10-digit mobile number (optionally with +91)';

/** Whether `rupees` is a positive amount with at most 2 decimals, within MAX_PRICE_RUPEES. */
export function isRupeeAmount(rupees: unknown): rupees is number {
  return (
    typeof rupees === 'number' &&
    Number.isFinite(rupees) &&
    rupees > 0 &&
    rupees <= MAX_PRICE_RUPEES &&
    Math.abs(rupees * 100 - Math.round(rupees * 100)) < 1e-6
  );
}
