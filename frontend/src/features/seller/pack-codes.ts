/**
 * A pack size's SKU and barcode (issue 38), checked in the form before sending with the domain's rules
 * (pattern, check digit), in the form's words. The server checks them again, and whether a SKU is taken.
 */

import { gtinCheckDigit, MAX_SKU_LENGTH, SKU_PATTERN } from '@greencart/domain';

export { MAX_SKU_LENGTH };

/** A SKU is 1 to 40 letters, digits, '-', '_' or '.'. */
export function isValidSku(sku: string): boolean {
  return SKU_PATTERN.test(sku);
}

/** The EAN-8, UPC-A (12) and EAN-13 lengths. */
const BARCODE_LENGTHS = [8, 12, 13] as const;

/** What is wrong with a barcode in words for the seller (EAN-8, UPC-A or EAN-13 with its check digit); undefined when it is fine. */
export function barcodeProblem(barcode: string): string | undefined {
  if (!/^\d+$/.test(barcode) || !(BARCODE_LENGTHS as readonly number[]).includes(barcode.length)) return 'must be 8, 12 or 13 digits (EAN-8, UPC-A or EAN-13)';
  if (gtinCheckDigit(barcode.slice(0, -1)) !== Number(barcode.at(-1))) return 'has a wrong last (check) digit: check it was typed right';
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
