/**
 * A pack size's SKU and barcode (issue 38), checked in the form before sending. The server checks them
 * again, and whether a SKU is taken by another product.
 */

export const MAX_SKU_LENGTH = 40;
const SKU_PATTERN = /^[A-Za-z0-9._-]{1,40}$/;

/** A SKU is 1 to 40 letters, digits, '-', '_' or '.'. */
export function isValidSku(sku: string): boolean {
  return SKU_PATTERN.test(sku);
}

/** The EAN-8, UPC-A (12) and EAN-13 lengths. */
const BARCODE_LENGTHS = [8, 12, 13] as const;

/** The GS1 check digit of the digits before it: weights 3, 1, 3, … from the right. */
function checkDigit(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, weight = 3; i >= 0; i -= 1, weight = 4 - weight) sum += Number(digits[i]) * weight;
  return (10 - (sum % 10)) % 10;
}

/** What is wrong with a barcode in words for the seller (EAN-8, UPC-A or EAN-13 with its check digit); undefined when it is fine. */
export function barcodeProblem(barcode: string): string | undefined {
  if (!/^\d+$/.test(barcode) || !(BARCODE_LENGTHS as readonly number[]).includes(barcode.length)) return 'must be 8, 12 or 13 digits (EAN-8, UPC-A or EAN-13)';
  if (checkDigit(barcode.slice(0, -1)) !== Number(barcode.at(-1))) return 'has a wrong last (check) digit: check it was typed right';
  return undefined;
}

/** Why a typed SKU is refused, or undefined ('' is fine: no SKU). */
export function skuProblem(sku: string): string | undefined {
  if (!sku || isValidSku(sku)) return undefined;
  if (sku.length > MAX_SKU_LENGTH) return `can be at most ${MAX_SKU_LENGTH} characters`;
  return "can have only letters, digits, '-', '_' and '.' (no spaces)";
}

/** A pack size's codes. */
export interface PackCodes {
  sku?: string;
  barcode?: string;
}

/** The codes of a pack size as the API shows it (absent when it has none). */
export function codesOf(size: object): PackCodes {
  const { sku, barcode } = size as PackCodes;
  return { ...(sku ? { sku } : {}), ...(barcode ? { barcode } : {}) };
}
